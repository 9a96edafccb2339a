@_spi(Engine) import CoordinatorModel

/// Two overlapping calls to run: the first, then the second started while the first waits at
/// a suspension point; `choices` says what goes on at each step after the first call started,
/// and after them the first option of each step is taken (start the second call, else the
/// second call, else the first).
package struct OverlapRequest: Sendable, Hashable {
    package var first: Action
    package var second: Action
    package var choices: [OverlapChoice]
}

/// What goes on next while calls overlap.
package enum OverlapChoice: Sendable, Hashable {
    /// The second call starts.
    case startSecond
    /// Call 0 or 1 goes on from the point where it waits.
    case resume(Int)
}

/// What a run of two overlapping calls did.
package struct OverlapResult: Sendable {
    /// Each call's answer; nil for one that did not return (or failed: `failure`).
    package var steps: [SystemStep?] = [nil, nil]
    /// The state once both returned.
    package var state: State?
    package var events: [Interleaving.Event] = []
    /// Each step after the first call started: what could go on, and what did.
    package var schedule: [(options: [OverlapChoice], taken: OverlapChoice)] = []
    /// The first call reached a suspension point.
    package var firstSuspended = false
    /// The second call started while the first was in flight.
    package var overlapped = false
    /// The call that neither waited at a point nor returned in time.
    package var hung: Int?
    /// A choice of the request that was not an option when replayed: the system did not repeat itself.
    package var diverged = false
    package var failure: SystemFailure?
    /// Coordinators that ended during the calls (the system's ids) whose objects are still
    /// alive once both returned (`no-leak`); empty when the system hands out no objects.
    package var leaked: [Int] = []
}

/// Lets one call at a time run on the main actor between the adapter's suspension points:
/// every other call in flight waits at one, so the order in which they go on is NavFuzz's.
/// A call is known to have stopped running when it waits at a point or returns; nothing
/// counts the main actor's turns.
@MainActor
package final class OverlapScheduler {
    enum Signal {
        case parked(Int, SuspensionPoint)
        case returned(Int)
        case abandoned
    }

    /// Which run of the system's overlapping calls this is.
    let number: Int
    /// The call allowed to run; a point reached is that call's.
    private var running: Int?
    private var parked: [Int: CheckedContinuation<Void, Never>] = [:]
    private var waiter: CheckedContinuation<Signal, Never>?
    /// Calls that returned, and their answers.
    private(set) var returned: [Int: Result<SystemStep, SystemFailure>] = [:]
    private var abandoned = false

    init(number: Int) { self.number = number }

    /// Waits at `point` until the call is resumed; passes at once when no call runs (a task a
    /// call left behind), when the running call already waits at a point (a task it started),
    /// or when the run was abandoned.
    func park(at point: SuspensionPoint) async {
        guard let call = running, !abandoned, parked[call] == nil else { return }
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            parked[call] = c
            running = nil
            signal(.parked(call, point))
        }
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
        return await run(call) { c.resume() }
    }

    func isParked(_ call: Int) -> Bool { parked[call] != nil }

    /// The call running now (after `abandon`: the one that never stopped).
    var runningCall: Int? { running }

    /// The watchdog's end: the waiting run returns, and calls waiting at points go on freely.
    func abandon() {
        abandoned = true
        signal(.abandoned)
        for (_, c) in parked { c.resume() }
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
    /// each step the request's choice, or else the first option.
    static func run(_ request: OverlapRequest, number: Int, system: any AsyncNavigationSystem, points: SuspensionPoints) async -> OverlapResult {
        let scheduler = OverlapScheduler(number: number)
        points.scheduler = scheduler
        defer { points.scheduler = nil }
        var result = OverlapResult()
        let calls = [request.first, request.second]
        func body(_ action: Action) -> @MainActor () async -> Result<SystemStep, SystemFailure> {
            { () async -> Result<SystemStep, SystemFailure> in
                do throws(SystemFailure) { return .success(try await system.apply(action)) } catch { return .failure(error) }
            }
        }
        result.events.append(.started(call: 0))
        var signal = await scheduler.start(0, body(calls[0]))
        var started = false
        var next = 0
        var told: Set<Int> = []
        while true {
            // Returns in the order seen; a call can return while another runs (a completion
            // that resumed the wrong call). One that threw is reported by its failure.
            for c in 0 ..< 2 where !told.contains(c) {
                guard let returned = scheduler.returned[c] else { continue }
                told.insert(c)
                if case .success(let step) = returned { result.events.append(.returned(call: c, step.outcome)) }
            }
            switch signal {
            case .parked(let call, let point):
                result.events.append(.suspended(call: call, at: point))
                if call == 0 { result.firstSuspended = true }
            case .returned:
                break
            case .abandoned:
                let hung = scheduler.runningCall ?? 0
                result.hung = hung
                result.events.append(.hung(call: hung))
                return result
            }
            // The first returned before the second started: not an overlap.
            if !started && scheduler.returned[0] != nil { return result }
            var options: [OverlapChoice] = []
            if !started { options.append(.startSecond) }
            for c in [1, 0] where scheduler.isParked(c) { options.append(.resume(c)) }
            if options.isEmpty { break }
            var choice = options[0]
            if next < request.choices.count {
                choice = request.choices[next]
                guard options.contains(choice) else {
                    result.diverged = true
                    scheduler.abandon()
                    return result
                }
            }
            next += 1
            result.schedule.append((options, choice))
            switch choice {
            case .startSecond:
                started = true
                result.overlapped = true
                result.events.append(.started(call: 1))
                signal = await scheduler.start(1, body(calls[1]))
            case .resume(let c):
                result.events.append(.resumed(call: c))
                signal = await scheduler.resume(c)
            }
        }
        for c in 0 ..< 2 {
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
