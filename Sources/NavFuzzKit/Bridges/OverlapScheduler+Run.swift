@_spi(Engine) import CoordinatorModel

@MainActor
extension OverlapScheduler {
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
