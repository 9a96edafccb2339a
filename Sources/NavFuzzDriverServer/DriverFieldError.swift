@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit

/// A message field that is missing or has the wrong shape: its dotted path and what was expected.
package struct DriverFieldError: Error, Hashable, Sendable, CustomStringConvertible {
    package var field: String
    package var message: String

    package init(_ field: String, _ message: String) { self.field = field; self.message = message }

    static func missing(_ field: String) -> DriverFieldError { DriverFieldError(field, "missing") }

    package var description: String {
        message == "missing" ? "expected field '\(field)'" : "field '\(field)': \(message)"
    }
}
