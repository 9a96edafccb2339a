@_spi(Engine) import CoordinatorModel

/// What a run of overlapping calls did.
package struct OverlapResult: Sendable {
    /// Each call's answer; nil for one that did not return (or failed: `failure`).
    package var steps: [SystemStep?]
    /// The state once every call returned.
    package var state: State?
    package var events: [Interleaving.Event] = []
    /// Each step after the first call started: what could go on, and what did.
    package var schedule: [(options: [OverlapChoice], taken: OverlapChoice)] = []
    /// The first call reached a suspension point.
    package var firstSuspended = false
    /// The second call started while the first was in flight.
    package var overlapped = false
    /// The call that stopped the run: it neither waited at a point nor returned in time, or
    /// every call in flight waited for another one (`stall`).
    package var hung: Int?
    /// How the run stopped, with `hung`.
    package var stall: Stall?
    /// A choice of the request that was not an option when replayed: the system did not repeat itself.
    package var diverged = false
    package var failure: SystemFailure?
    /// Coordinators that ended during the calls (the system's ids) whose objects are still
    /// alive once all returned (`no-leak`); empty when the system hands out no objects.
    package var leaked: [Int] = []

    package init(calls: Int) { steps = Array(repeating: nil, count: calls) }

    /// How a run of overlapping calls can stop short.
    package enum Stall: Sendable, Hashable {
        /// A call ran for the timeout without waiting at a point or returning.
        case timedOut
        /// Every call in flight waited, at a handed-over wait, for one of the others.
        case deadlock
        /// The calls went on waiting at points for `OverlapScheduler.stepLimit` steps.
        case livelock
    }
}
