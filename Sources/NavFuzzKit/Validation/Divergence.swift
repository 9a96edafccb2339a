@_spi(Engine) import CoordinatorModel

/// Where a recording left the model: the event's line, and the failures found there, one per
/// broken check, each with the model trace that reaches the event's state and takes its action.
package struct Divergence: Sendable {
    package var line: Int
    package var failures: [ConformanceFailure]
    /// Whether the trace starts from the initial state: false when the search did not reach
    /// the state the event started from (a recording switched on mid-app, say). The trace is
    /// then the event's action alone, and no regression test is given.
    package var traceFound: Bool
}
