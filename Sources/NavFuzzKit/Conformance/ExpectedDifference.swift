@_spi(Engine) import CoordinatorModel

/// A baseline entry that occurred: the shortest trace that showed it.
public struct ExpectedDifference: Sendable {
    /// The entry that matched.
    public var entry: Baseline.Entry
    /// The failure's reason.
    public var reason: String
    /// The shortest trace that showed it.
    public var trace: [Action]
    /// The configuration the trace runs under.
    public var configuration: Configuration
}
