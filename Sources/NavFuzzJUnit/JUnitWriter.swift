import CLibXML2
import Foundation
@_spi(Engine) import NavFuzzKit

/// Writes a `JUnitReport` as XML that validates against the strict Ant JUnit schema.
///
/// libxml2's xmlTextWriter does the markup escaping, so no hand-built XML can break; every
/// string goes through `TextSanitizer`'s one rule first (names as tokens, a failure's body and
/// captured output keeping their lines, everything else on one line), because libxml2 passes
/// on characters XML forbids and controls that act in a reader's terminal.
package enum JUnitWriter {
    /// The complete UTF-8 document.
    package static func xmlBytes(_ report: JUnitReport) throws -> [UInt8] {
        try document { try emit(report, to: $0) }
    }

    /// Writes the report to `path` atomically: a reader (CI, a concurrent `merge`) sees either the
    /// earlier file or the complete new one, never a torn file. Creates missing parent directories.
    package static func write(_ report: JUnitReport, to path: String) throws {
        let bytes = try xmlBytes(report)
        try writeAtomically(bytes, to: path)
    }

    /// Seconds as a plain decimal with 3 places ("1.234"); `xs:decimal` forbids exponents, NaN
    /// and infinity, so those (and negatives) become "0.000".
    package static func formatTime(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0.000" }
        let millis = Int64(min((seconds * 1000).rounded(), 9.0e15))
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// UTC `YYYY-MM-DDTHH:MM:SS`: the schema allows neither a zone nor fractional seconds (the
    /// suite's `timestamp` property has the same with `Z`).
    /// Dates outside years 0001...9999 are clamped so the year always has four digits.
    package static func formatTimestamp(_ date: Date) -> String {
        let raw = date.timeIntervalSince1970
        let clamped = raw.isNaN ? 0 : min(max(raw.rounded(.down), -62_135_596_800), 253_402_300_799)
        let seconds = Int64(clamped)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (y, m, d) = civilDate(fromDays: days)
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) + "T"
            + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
    }

    // MARK: - Document

    /// Writes each suite of the report to a file of its own in `directory`, `TEST-NAME.xml`, with
    /// `<testsuite>` as the root: the layout of Ant's JUnit task, which its `junitreport` reads
    /// (it takes one suite per file). Each file is written atomically; returns their paths.
    @discardableResult
    package static func writeSuites(_ report: JUnitReport, toDirectory directory: String) throws -> [String] {
        var written: [String] = []
        var names: Set<String> = []
        for suite in report.suites {
            var name = nonEmpty(TextSanitizer.token(suite.name), or: "unnamed").replacingOccurrences(of: "/", with: "_")
            while !names.insert(name).inserted { name += "_" }
            let path = (directory as NSString).appendingPathComponent("TEST-\(name).xml")
            try writeAtomically(try document { out in
                try emit(suite, id: nil, to: out, fileAttributes: report.fileAttributes)
            }, to: path)
            written.append(path)
        }
        return written
    }

    /// A whole document around `body`.
    private static func document(_ body: (XMLOut) throws -> Void) throws -> [UInt8] {
        guard let buffer = xmlBufferCreate() else { throw JUnitError.xmlWriter(reason: "out of memory") }
        defer { xmlBufferFree(buffer) }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
            throw JUnitError.xmlWriter(reason: "cannot create xmlTextWriter")
        }
        do {
            let out = XMLOut(writer: writer)
            try out.check(xmlTextWriterStartDocument(out.writer, "1.0", "UTF-8", nil), "start document")
            try out.check(xmlTextWriterSetIndent(out.writer, 1), "set indent")
            try out.withXMLString("  ") { try out.check(xmlTextWriterSetIndentString(out.writer, $0), "set indent") }
            try body(out)
            try out.check(xmlTextWriterEndDocument(out.writer), "end document")
        } catch {
            xmlFreeTextWriter(writer)
            throw error
        }
        xmlFreeTextWriter(writer)  // flushes everything into `buffer`
        guard let content = xmlBufferContent(buffer) else { return [] }
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }

    private static func emit(_ report: JUnitReport, to out: XMLOut) throws {
        try out.start("testsuites")
        for (index, suite) in report.suites.enumerated() {
            try emit(suite, id: index, to: out, fileAttributes: report.fileAttributes)
        }
        try out.end()
    }

    /// A suite; `id` (with `package`) only inside `<testsuites>`, as the schema has it.
    private static func emit(_ suite: JUnitSuite, id: Int?, to out: XMLOut, fileAttributes: Bool) throws {
        let name = nonEmpty(TextSanitizer.token(suite.name), or: "unnamed")
        try out.start("testsuite")
        try out.attribute("name", name)
        if let id {
            try out.attribute("package", name)
            try out.attribute("id", String(id))
        }
        try out.attribute("timestamp", formatTimestamp(suite.timestamp))
        try out.attribute("hostname", nonEmpty(TextSanitizer.token(suite.hostname), or: "localhost"))
        try out.attribute("tests", String(suite.tests))
        try out.attribute("failures", String(suite.failures))
        try out.attribute("errors", String(suite.errors))
        try out.attribute("skipped", String(suite.skipped))
        try out.attribute("time", formatTime(suite.time))

        try out.start("properties")
        // The schema's timestamp may carry no zone, and readers take one without a zone for
        // their local time: the same instant with its zone goes first among the properties.
        try out.start("property")
        try out.attribute("name", JUnitSuite.zonedTimestampProperty)
        try out.attribute("value", formatTimestamp(suite.timestamp) + "Z")
        try out.end()
        for property in suite.properties where property.name != JUnitSuite.zonedTimestampProperty {
            // The schema needs a non-empty name; a property without one carries no information.
            let propertyName = TextSanitizer.token(property.name)
            guard !propertyName.isEmpty else { continue }
            try out.start("property")
            try out.attribute("name", propertyName)
            try out.attribute("value", TextSanitizer.escaped(property.value))
            try out.end()
        }
        try out.end()

        for testCase in suite.cases {
            try emit(testCase, to: out, fileAttributes: fileAttributes)
        }
        try out.element("system-out", text: TextSanitizer.escapedLines(suite.systemOut))
        try out.element("system-err", text: TextSanitizer.escapedLines(suite.systemErr))
        try out.end()
    }

    private static func emit(_ testCase: JUnitCase, to out: XMLOut, fileAttributes: Bool) throws {
        try out.start("testcase")
        try out.attribute("name", TextSanitizer.token(testCase.name))
        try out.attribute("classname", TextSanitizer.token(testCase.classname))
        try out.attribute("time", formatTime(testCase.time))
        if fileAttributes, let file = testCase.file {
            try out.attribute("file", TextSanitizer.token(file))
            try out.attribute("line", "1")
        }
        switch testCase.outcome {
        case .passed:
            break
        case let .failure(message, type, text):
            try out.problem("failure", message: message, type: type, text: text)
        case let .error(message, type, text):
            try out.problem("error", message: message, type: type, text: text)
        case let .skipped(message):
            // The reason as the text too: GitLab shows a skipped case's text, and without one
            // it shows the element's attributes as a hash (`{"message"=>…}`).
            try out.start("skipped")
            try out.attribute("message", TextSanitizer.escaped(message))
            try out.text(TextSanitizer.escaped(message))
            try out.end()
        }
        try out.end()
    }

    private static func nonEmpty(_ value: String, or fallback: String) -> String {
        value.isEmpty ? fallback : value
    }

    // MARK: - Files

    /// Writes `bytes` where `path` leads, atomically and synced (`AtomicFile.write`); the
    /// report, its per-suite files and the page of pictures go through here.
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        do { try AtomicFile.write(bytes, to: path) } catch {
            throw JUnitError.cannotWrite(path: path, reason: error.reason)
        }
    }

    // MARK: - Dates

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Proleptic Gregorian (year, month, day) for days since 1970-01-01 (H. Hinnant's algorithm),
    /// done by hand so the result cannot depend on locale or calendar settings.
    private static func civilDate(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}

/// Thin wrapper over an xmlTextWriter that turns libxml2's negative return codes into errors.
private struct XMLOut {
    let writer: OpaquePointer

    func check(_ rc: Int32, _ what: String) throws {
        if rc < 0 { throw JUnitError.xmlWriter(reason: "libxml2 failed to \(what)") }
    }

    func withXMLString<R>(_ text: String, _ body: (UnsafePointer<xmlChar>) throws -> R) rethrows -> R {
        try text.withCString { chars in
            try chars.withMemoryRebound(to: xmlChar.self, capacity: text.utf8.count + 1, body)
        }
    }

    func start(_ name: String) throws {
        try withXMLString(name) { try check(xmlTextWriterStartElement(writer, $0), "start <\(name)>") }
    }

    func end() throws {
        try check(xmlTextWriterEndElement(writer), "end element")
    }

    func attribute(_ name: String, _ value: String) throws {
        try withXMLString(name) { n in
            try withXMLString(value) { v in
                try check(xmlTextWriterWriteAttribute(writer, n, v), "write attribute \(name)")
            }
        }
    }

    /// Escaped character data (never CDATA: "]]>" in output would need splitting).
    func text(_ value: String) throws {
        guard !value.isEmpty else { return }
        try withXMLString(value) { try check(xmlTextWriterWriteString(writer, $0), "write text") }
    }

    func element(_ name: String, text value: String) throws {
        try start(name)
        try text(value)
        try end()
    }

    func problem(_ name: String, message: String, type: String, text value: String) throws {
        try start(name)
        try attribute("message", TextSanitizer.escaped(message))
        try attribute("type", TextSanitizer.escaped(type))
        try text(TextSanitizer.escapedLines(value))
        try end()
    }
}
