@_spi(Engine) import NavFuzzKit

/// Where a line stops being JSON: the 1-based column and what was expected.
package struct DriverJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    package var column: Int
    package var message: String
    package var description: String { "column \(column): \(message)" }
}
