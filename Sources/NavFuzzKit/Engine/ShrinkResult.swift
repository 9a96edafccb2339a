/// A shrunk counterexample and what it took.
@_spi(Engine) public struct ShrinkResult<M: StateMachine>: Sendable {
    @_spi(Engine) public var counterexample: Counterexample<M>
    @_spi(Engine) public var originalLength: Int
    /// Candidate traces replayed.
    @_spi(Engine) public var replays: Int
    @_spi(Engine) public var seconds: Double
    /// False when a time limit stopped the shrinking: the trace still fails, but may not be
    /// 1-minimal.
    @_spi(Engine) public var complete = true

    @_spi(Engine) public var shrunkLength: Int { counterexample.actions.count }
}
