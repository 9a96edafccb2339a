import Foundation

/// A report path that cannot lead to a report: a loop of links, a directory.
package struct ReportPathError: Error, Equatable, Sendable, CustomStringConvertible {
    package var path: String
    package var code: Int32
    package var description: String { "\(path): " + (code == EISDIR ? "it is a directory" : String(cString: strerror(code))) }
}
