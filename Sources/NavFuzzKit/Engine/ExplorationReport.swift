/// What an exploration found: its figures, why it stopped early if it did, and a shortest
/// counterexample per violated property.
@_spi(Engine) public struct ExplorationReport<M: StateMachine>: Sendable {
    @_spi(Engine) public var states: Int
    @_spi(Engine) public var applied: Int
    @_spi(Engine) public var refused: Int
    @_spi(Engine) public var depth: Int
    @_spi(Engine) public var seconds: Double
    @_spi(Engine) public var workers: Int
    @_spi(Engine) public var bytesPerState: Double
    /// Why exploration stopped before the end, when it did.
    @_spi(Engine) public var partial: StopReason?
    /// Per property, its shortest counterexample (or up to `distinct` that differ), in
    /// property order.
    @_spi(Engine) public var violations: [Counterexample<M>]
    /// The `sometimes` properties no explored state had.
    @_spi(Engine) public var unreached: [String]
    /// A shard's states, for `merge` (`Options.shard` of more than one).
    @_spi(Engine) public var shardStates: ShardStates?

    @_spi(Engine) public var transitions: Int { applied + refused }
    @_spi(Engine) public var statesPerSecond: Double { Double(states) / max(seconds, 1e-9) }
    @_spi(Engine) public var transitionsPerSecond: Double { Double(transitions) / max(seconds, 1e-9) }
    /// The probability that two distinct states shared a fingerprint: n(n-1)/2 pairs over 2^64.
    @_spi(Engine) public var collisionProbability: Double { Double(states) * Double(max(states - 1, 0)) / 2 / 18_446_744_073_709_551_616.0 }
}
