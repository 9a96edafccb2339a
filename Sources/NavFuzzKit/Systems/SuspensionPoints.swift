/// The points where an adapter's library waits for the UI framework, handed to NavFuzz so that
/// it decides when each waiting call goes on: the adapter awaits `reached(_:)` where the
/// framework would deliver an event, and injects `clock` where the library sleeps. NavFuzz then
/// starts a second call while the first waits there and tries the orders in which they resume
/// (docs/VERIFY.md §2.4). Outside those runs every point passes at once.
@MainActor
public final class SuspensionPoints {
    /// The scheduler of the overlapping calls being run; nil: every point passes at once.
    var scheduler: OverlapScheduler?

    /// Points for one adapter.
    public init() {}

    /// Waits at `point` until NavFuzz lets the call go on.
    public func reached(_ point: SuspensionPoint) async {
        guard let scheduler else { return }
        _ = await scheduler.park(at: point)
    }

    /// Waits until `ready()` holds, for a call that waits for another call: a transition
    /// queue's turn, a lock, a continuation another call resumes. While calls overlap, NavFuzz
    /// lets the call go on only once `ready()` holds, so every order of the waiting calls is
    /// tried and none is spun; every call in flight waiting here for another is a deadlock
    /// (`no-hang`). Elsewhere it checks `ready()` every millisecond, while the library's own
    /// tasks run. Call it on the main actor, where `ready` reads the library's state.
    public func wait(until ready: @escaping @MainActor () -> Bool) async {
        while !ready() {
            if let scheduler, await scheduler.park(at: .wait, until: ready) { continue }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    /// A clock whose sleeps are `.sleep` points: inject it into the library where it waits
    /// for an animation or a delay. It reads the time as `ContinuousClock` does.
    public nonisolated var clock: SuspensionClock { SuspensionClock(points: self) }

    /// Ends run `run` of overlapping calls, if it is still running: the watchdog found a call
    /// that never went on.
    func abandonOverlap(run: Int) {
        if let scheduler, scheduler.number == run { scheduler.abandon() }
    }
}

/// The clock of `SuspensionPoints`: a sleep waits at a `.sleep` point instead of for its
/// duration, so that NavFuzz decides when it ends.
public struct SuspensionClock: Clock {
    /// The instants of `ContinuousClock`.
    public typealias Instant = ContinuousClock.Instant

    let points: SuspensionPoints

    /// `ContinuousClock`'s now.
    public var now: Instant { ContinuousClock.now }

    /// `ContinuousClock`'s resolution.
    public var minimumResolution: Duration { ContinuousClock().minimumResolution }

    /// Waits at a `.sleep` point, whatever the deadline.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        await points.reached(.sleep)
    }
}
