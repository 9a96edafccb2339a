import Dispatch
import Foundation

/// A violated property: where the fuzzer first saw it and the shrunk trace that shows it.
@_spi(Engine) public struct FuzzFailure<M: StateMachine>: Sendable {
    @_spi(Engine) public var property: String
    @_spi(Engine) public var kind: PropertyKind
    /// The reason on the walk as found (the shrunk trace may give another).
    @_spi(Engine) public var reason: String
    @_spi(Engine) public var walk: Int
    /// The seed of that walk's generator (`Xoshiro.walkSeed(seed, walk:)`).
    @_spi(Engine) public var walkSeed: UInt64
    /// The action kinds swarm testing enabled for that walk.
    @_spi(Engine) public var kinds: [String]
    /// The walk up to and including the failing step.
    @_spi(Engine) public var original: Counterexample<M>
    @_spi(Engine) public var shrunk: Counterexample<M>
    @_spi(Engine) public var shrinkSeconds: Double

    @_spi(Engine) public var originalLength: Int { original.actions.count }
}
