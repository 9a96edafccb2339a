@_spi(Engine) import CoordinatorModel

/// Overlapping calls to run: the first, then each next one started while those before it are
/// in flight; `choices` says what goes on at each step after the first call started, and
/// after them the first option of each step is taken (start the next call, else the latest
/// call that can go on), up to `OverlapScheduler.stepBound` steps, then the call that waited
/// longest (docs/VERIFY.md §2.4).
package struct OverlapRequest: Sendable, Hashable {
    package var calls: [Action]
    package var choices: [OverlapChoice]
    /// Seconds a call may run without waiting at a point or returning; nil: the system's own.
    package var timeout: Double?

    package init(calls: [Action], choices: [OverlapChoice], timeout: Double? = nil) {
        self.calls = calls; self.choices = choices; self.timeout = timeout
    }
}

/// What goes on next while calls overlap; calls are numbered from 0 in the order they start.
package enum OverlapChoice: Sendable, Hashable {
    /// Call `n` starts.
    case start(Int)
    /// Call `n` goes on from the point where it waits.
    case resume(Int)

    /// The call it moves.
    package var call: Int {
        switch self {
        case .start(let c), .resume(let c): c
        }
    }
}

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

/// Lets one call at a time run on the main actor between the adapter's suspension points:
/// every other call in flight waits at one, so the order in which they go on is NavFuzz's.
/// A call is known to have stopped running when it waits at a point or returns; nothing
/// counts the main actor's turns. A call at a handed-over wait (`SuspensionPoints.wait(until:)`)
/// is not an option until what it waits for holds.
@MainActor
package final class OverlapScheduler {
    enum Signal {
        case parked(Int, SuspensionPoint)
        case returned(Int)
        case abandoned
    }

    /// Steps of a run whose order is explored; after them each step lets the call that waited
    /// longest go on, so that a call that waits for another by waiting at points again and
    /// again lets it finish.
    package nonisolated static let stepBound = 64
    /// Steps of a run at most: calls still waiting after them are a livelock.
    package nonisolated static let stepLimit = 2_000

    /// Which run of the system's overlapping calls this is.
    let number: Int
    /// The call allowed to run; a point reached is that call's.
    private var running: Int?
    private var parked: [Int: (resume: CheckedContinuation<Void, Never>, ready: (@MainActor () -> Bool)?)] = [:]
    private var waiter: CheckedContinuation<Signal, Never>?
    /// Calls that returned, and their answers.
    private(set) var returned: [Int: Result<SystemStep, SystemFailure>] = [:]
    private var abandoned = false

    init(number: Int) { self.number = number }

    /// Waits at `point` until the call is resumed (and, for a handed-over wait, `ready` holds
    /// by then); false, at once, when no call runs (a task a call left behind), when the
    /// running call already waits at a point (a task it started), or when the run was abandoned.
    func park(at point: SuspensionPoint, until ready: (@MainActor () -> Bool)? = nil) async -> Bool {
        guard let call = running, !abandoned, parked[call] == nil else { return false }
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            parked[call] = (c, ready)
            running = nil
            signal(.parked(call, point))
        }
        return true
    }

    /// Starts `call` and waits until it waits at a point or returns.
    func start(_ call: Int, _ body: @escaping @MainActor () async -> Result<SystemStep, SystemFailure>) async -> Signal {
        await run(call) {
            Task { @MainActor in
                let result = await body()
                self.didReturn(call, result)
            }
        }
    }

    /// Lets `call` go on from its point and waits until it waits again or returns.
    func resume(_ call: Int) async -> Signal {
        guard let c = parked.removeValue(forKey: call) else { return .abandoned }
        return await run(call) { c.resume.resume() }
    }

    /// Whether `call` waits at a point and may go on from it.
    func canResume(_ call: Int) -> Bool { parked[call].map { $0.ready?() ?? true } ?? false }

    var anyParked: Bool { !parked.isEmpty }

    /// The call running now (after `abandon`: the one that never stopped).
    var runningCall: Int? { running }

    /// The calls waiting at points, lowest first.
    var parkedCalls: [Int] { parked.keys.sorted() }

    /// The watchdog's end: the waiting run returns, and calls waiting at points go on freely.
    func abandon() {
        abandoned = true
        signal(.abandoned)
        for (_, p) in parked { p.resume.resume() }
        parked = [:]
    }

    private func run(_ call: Int, _ go: () -> Void) async -> Signal {
        if abandoned { return .abandoned }
        running = call
        return await withCheckedContinuation { w in
            waiter = w
            go()
        }
    }

    /// A call that returns while another runs (a completion resumed the wrong call) is noted;
    /// the waiting run goes on waiting for the running one.
    private func didReturn(_ call: Int, _ result: Result<SystemStep, SystemFailure>) {
        returned[call] = result
        if running == call {
            running = nil
            signal(.returned(call))
        }
    }

    private func signal(_ s: Signal) {
        guard let w = waiter else { return }
        waiter = nil
        w.resume(returning: s)
    }

    /// Runs `request` on `system`, whose `points` are handed over: the first call, then at
    /// each step the request's choice, else the first option within `stepBound` steps, else
    /// the call that waited longest.
    static func run(_ request: OverlapRequest, number: Int, system: any AsyncNavigationSystem, points: SuspensionPoints) async -> OverlapResult {
        let scheduler = OverlapScheduler(number: number)
        points.scheduler = scheduler
        defer { points.scheduler = nil }
        let calls = request.calls
        var result = OverlapResult(calls: calls.count)
        func body(_ action: Action) -> @MainActor () async -> Result<SystemStep, SystemFailure> {
            { () async -> Result<SystemStep, SystemFailure> in
                do throws(SystemFailure) { return .success(try await system.apply(action)) } catch { return .failure(error) }
            }
        }
        func stop(_ call: Int, _ stall: OverlapResult.Stall) -> OverlapResult {
            result.hung = call
            result.stall = stall
            result.events.append(.hung(call: call))
            scheduler.abandon()
            return result
        }
        result.events.append(.started(call: 0))
        var signal = await scheduler.start(0, body(calls[0]))
        var started = 1
        var next = 0
        var told: Set<Int> = []
        /// The step at which each call last went on, for the order after the bound.
        var lastRan = Array(repeating: 0, count: calls.count)
        while true {
            // Returns in the order seen; a call can return while another runs (a completion
            // that resumed the wrong call). One that threw is reported by its failure.
            for c in 0 ..< started where !told.contains(c) {
                guard let returned = scheduler.returned[c] else { continue }
                told.insert(c)
                if case .success(let step) = returned { result.events.append(.returned(call: c, step.outcome)) }
            }
            switch signal {
            case .parked(let call, let point):
                result.events.append(.suspended(call: call, at: point))
                if call == 0 && started == 1 { result.firstSuspended = true }
            case .returned:
                break
            case .abandoned:
                return stop(scheduler.runningCall ?? 0, .timedOut)
            }
            // The first returned before the second started: not an overlap.
            if started == 1 && scheduler.returned[0] != nil { return result }
            var options: [OverlapChoice] = []
            if started < calls.count { options.append(.start(started)) }
            for c in (0 ..< started).reversed() where scheduler.canResume(c) { options.append(.resume(c)) }
            if options.isEmpty {
                if let waiting = scheduler.parkedCalls.first { return stop(waiting, .deadlock) }
                break
            }
            let step = result.schedule.count
            if step >= Self.stepLimit { return stop(scheduler.parkedCalls.first ?? 0, .livelock) }
            var choice = options[0]
            if next < request.choices.count {
                choice = request.choices[next]
                guard options.contains(choice) else {
                    result.diverged = true
                    scheduler.abandon()
                    return result
                }
                next += 1
            } else if step >= Self.stepBound {
                choice = options.min { lastRan[$0.call] < lastRan[$1.call] }!
                options = [choice]
            }
            lastRan[choice.call] = step + 1
            result.schedule.append((options, choice))
            switch choice {
            case .start(let c):
                started += 1
                if c == 1 { result.overlapped = true }
                result.events.append(.started(call: c))
                signal = await scheduler.start(c, body(calls[c]))
            case .resume(let c):
                result.events.append(.resumed(call: c))
                signal = await scheduler.resume(c)
            }
        }
        for c in 0 ..< calls.count {
            switch scheduler.returned[c] {
            case .success(let step)?: result.steps[c] = step
            case .failure(let failure)?: result.failure = failure
            case nil: break
            }
        }
        if result.failure == nil {
            do throws(SystemFailure) { result.state = try await system.observedState() } catch { result.failure = error }
        }
        return result
    }
}
