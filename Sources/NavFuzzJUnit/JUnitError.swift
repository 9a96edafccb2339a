import Foundation
@_spi(Engine) import NavFuzzKit

/// Errors from writing, reading or validating a report. `description` is one line naming the
/// file and the reason, so a CLI can print it as is.
package enum JUnitError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    /// The file is not well-formed XML or not shaped like a JUnit report; `line` is 0 if unknown.
    case malformed(path: String, line: Int, reason: String)
    /// The file does not match the schema; `errors` holds libxml2's messages.
    case invalid(path: String, errors: [String])
    /// libxml2's writer failed while building the document in memory.
    case xmlWriter(reason: String)

    package var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            return "cannot write report to \(path): \(reason)"
        case let .cannotRead(path, reason):
            return "cannot read report \(path): \(reason)"
        case let .malformed(path, line, reason):
            let place = line > 0 ? "\(path):\(line)" : path
            return "malformed report \(place): \(reason)"
        case let .invalid(path, errors):
            let first = errors.first ?? "unknown schema error"
            let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
            return "report \(path) does not match the schema: \(first)\(more)"
        case let .xmlWriter(reason):
            return "cannot build report XML: \(reason)"
        }
    }
}
