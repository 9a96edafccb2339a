import CLibXML2
import Foundation
@_spi(Engine) import NavFuzzKit

/// Collects libxml2 structured errors instead of letting them reach stderr.
final class JUnitXMLErrorLog {
    struct Entry {
        var line: Int
        var message: String
    }

    private(set) var entries: [Entry] = []

    /// "line N: message" for each error, for callers that just list them.
    var messages: [String] {
        entries.map { $0.line > 0 ? "line \($0.line): \($0.message)" : $0.message }
    }

    func record(_ error: xmlError) {
        let text = error.message.map { String(cString: $0) } ?? "unknown libxml2 error"
        let message = text.trimmingCharacters(in: .whitespacesAndNewlines)
        entries.append(Entry(line: Int(error.line), message: message))
    }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> JUnitXMLErrorLog? {
        pointer.map { Unmanaged<JUnitXMLErrorLog>.fromOpaque($0).takeUnretainedValue() }
    }
}
