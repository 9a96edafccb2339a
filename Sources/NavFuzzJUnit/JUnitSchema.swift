import CLibXML2
import Foundation
@_spi(Engine) import NavFuzzKit

/// Checks a report file against an XML Schema (the strict JUnit.xsd) with libxml2, so a CLI or
/// test can prove CI tools will accept the report. Errors are collected, never printed.
package enum JUnitSchema {
    /// Throws `JUnitError.invalid` listing every problem if `path` does not match the schema.
    package static func validate(xml path: String, schema schemaPath: String) throws {
        let errors = try validationErrors(xml: path, schema: schemaPath)
        if !errors.isEmpty { throw JUnitError.invalid(path: path, errors: errors) }
    }

    /// The schema's complaints about `path` ("line N: message"); empty means valid. A report that
    /// is not well-formed XML yields its parse error. Throws only if the schema cannot be used.
    package static func validationErrors(xml path: String, schema schemaPath: String) throws -> [String] {
        // Parsing the .xsd ourselves keeps its read/parse errors off stderr too.
        let schemaDoc = try JUnitReader.parseDocument(path: schemaPath)
        defer { xmlFreeDoc(schemaDoc) }
        let log = JUnitXMLErrorLog()
        return try withExtendedLifetime(log) {
            let logPointer = Unmanaged.passUnretained(log).toOpaque()
            guard let parser = xmlSchemaNewDocParserCtxt(schemaDoc) else {
                throw JUnitError.cannotRead(path: schemaPath, reason: "cannot create schema parser")
            }
            xmlSchemaSetParserStructuredErrors(parser, { data, error in
                guard let error else { return }
                JUnitXMLErrorLog.from(data)?.record(error.pointee)
            }, logPointer)
            let schema = xmlSchemaParse(parser)
            xmlSchemaFreeParserCtxt(parser)
            guard let schema else {
                throw JUnitError.invalid(path: schemaPath, errors: log.messages)
            }
            defer { xmlSchemaFree(schema) }

            let doc: xmlDocPtr
            do {
                doc = try JUnitReader.parseDocument(path: path)
            } catch let error as JUnitError {
                if case .malformed = error { return [error.description] }
                throw error
            }
            defer { xmlFreeDoc(doc) }
            guard let validator = xmlSchemaNewValidCtxt(schema) else {
                throw JUnitError.cannotRead(path: schemaPath, reason: "cannot create schema validator")
            }
            defer { xmlSchemaFreeValidCtxt(validator) }
            xmlSchemaSetValidStructuredErrors(validator, { data, error in
                guard let error else { return }
                JUnitXMLErrorLog.from(data)?.record(error.pointee)
            }, logPointer)
            let result = xmlSchemaValidateDoc(validator, doc)
            if result != 0, log.entries.isEmpty {
                return ["libxml2 schema validation failed with code \(result)"]
            }
            return log.messages
        }
    }
}
