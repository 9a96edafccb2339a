/// A line of a trace that is not an action: the 1-based column and what was expected there.
@_spi(Engine) public struct ActionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    @_spi(Engine) public var column: Int
    @_spi(Engine) public var message: String
    @_spi(Engine) public init(column: Int, message: String) { self.column = column; self.message = message }
    @_spi(Engine) public var description: String { "column \(column): \(message)" }
}
