@_spi(Engine) import CoordinatorModel

/// A phase or a check that could not run, and why.
public struct Skipped: Sendable, Hashable, CustomStringConvertible {
    /// Its name in reports: `overlapping-calls`, or a `sometimes` property's.
    public var name: String
    /// Why it could not run.
    public var reason: String
    /// "name: reason".
    public var description: String { "\(name): \(reason)" }
    package init(_ name: String, _ reason: String) { self.name = name; self.reason = reason }

    /// Why a shard skips a `sometimes` property it never reached (docs/SEMANTICS.md §5.3): the
    /// one wording, in verify, explore and fuzz.
    package static let notReachedByShard = "not reached by this shard; NavFuzz merge decides it on every shard"
}
