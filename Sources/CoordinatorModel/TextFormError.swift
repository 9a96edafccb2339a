/// A parse error in the text form: the 1-based column and what was expected there.
public struct TextFormError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based column of the error.
    public var column: Int
    /// What was expected there.
    public var message: String
    /// An error at `column` saying `message`.
    public init(column: Int, message: String) { self.column = column; self.message = message }
    /// `column <n>: <message>`.
    public var description: String { "column \(column): \(message)" }
}
