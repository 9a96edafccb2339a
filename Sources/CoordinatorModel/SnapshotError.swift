/// A snapshot field that does not describe a model value.
@_spi(Engine) public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    @_spi(Engine) public var description: String
    @_spi(Engine) public init(_ description: String) { self.description = description }
}
