/// How far an exploration has got, handed to `Explorer.Options.progress` now and then.
@_spi(Engine) public struct ExplorationProgress: Sendable {
    /// Distinct states found up to the level being expanded.
    @_spi(Engine) public var states: Int
    /// Transitions evaluated so far, the current level included.
    @_spi(Engine) public var transitions: Int
    @_spi(Engine) public var depth: Int
    @_spi(Engine) public var queue: Int
    @_spi(Engine) public var seconds: Double
}
