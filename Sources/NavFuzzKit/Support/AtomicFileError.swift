import Foundation

/// Why a file could not be written: the path as given, and the system's reason.
package struct AtomicFileError: Error, Equatable, Sendable {
    package var path: String
    package var reason: String
}
