@_spi(Engine) import CoordinatorModel
import Foundation
@_spi(Engine) import NavFuzzKit

/// A recording that cannot be read: the file, the line (1-based; 0 for the file as a whole)
/// and the field, in one line.
package struct RecordingError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var line: Int
    package var field: String?
    package var message: String

    package init(_ path: String, line: Int, field: String?, _ message: String) {
        self.path = path; self.line = line; self.field = field; self.message = message
    }

    package var description: String {
        let at = line > 0 ? "\(path):\(line)" : path
        return "\(at): " + (field.map { $0.isEmpty ? "" : "\($0): " } ?? "") + message
    }
}
