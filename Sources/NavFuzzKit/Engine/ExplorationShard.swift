import Foundation

/// One shard's part of an exploration (`explore --shard I/N`), and what it hands `merge` so
/// that the shards' reports count the distinct states of the whole exploration exactly.
@_spi(Engine) public struct ExplorationShard: Sendable, Hashable {
    /// How the shards split the states.
    @_spi(Engine) public enum Split: String, Sendable, CaseIterable {
        /// Every shard explores the same first levels, up to the first level of at least
        /// `prefixWidth` states a shard; each expands only the states of that level whose
        /// fingerprint it owns, and everything they lead to. Memory and time fall with the
        /// shards, less what several shards reach alike (the overlap `merge` reports).
        case prefix
        /// Every shard explores every state, as it must to reach the states it owns, and checks
        /// the invariants only on those: nothing is reached twice in vain, and nothing is saved
        /// but the checks.
        case ownership
    }

    /// This shard, from 0.
    @_spi(Engine) public var index: Int
    /// The shards of the run.
    @_spi(Engine) public var count: Int
    /// How they split the states.
    @_spi(Engine) public var split: Split

    /// Shard `index` of `count`.
    @_spi(Engine) public init(index: Int, count: Int, split: Split = .prefix) {
        self.index = index; self.count = max(count, 1); self.split = split
    }

    /// States a shard, at least, on the level a prefix split deals out: fewer, and the shards'
    /// parts would be uneven.
    static let prefixWidth = 16

    /// Whether this shard owns the state of `fingerprint`.
    @_spi(Engine) public func owns(_ fingerprint: UInt64) -> Bool { Int(fingerprint % UInt64(count)) == index }
}
