@_spi(Engine) import CoordinatorModel

/// A baseline file that cannot be read: one line naming the file and the line.
public struct BaselineError: Error, Sendable, CustomStringConvertible {
    /// The one-line message, naming the file and the line.
    public var description: String
    package init(_ description: String) { self.description = description }
}
