@_spi(Engine) import CoordinatorModel
import Dispatch
import Foundation

/// A main-actor system as the engine drives it. Calls go to one task on the main actor that
/// works through them in order while the engine's thread waits for their results; calls
/// announced ahead (`announce`) are queued at once, so that a state's steps cost one hop to
/// the main actor rather than one each, as a driver's requests go in one write. A step reads
/// the state after it and its coordinators' objects in the same hop.
///
/// A call that does not return within the timeout is a hang; since nothing can stop it, the
/// calls after it fail until it returns.
package final class MainActorSystem: DrivenSystem, @unchecked Sendable {
    private let system: any AsyncNavigationSystem
    private let saving: (any AsyncStateSavingSystem)?
    private let timeout: Double
    /// The adapter's suspension points, when it hands them over.
    private let points: SuspensionPoints?
    package let capabilities: Capabilities
    package let name: String

    /// What the main-actor task is asked to do.
    private enum Call: Equatable {
        case reset(Configuration)
        /// `look`: also read the state and the objects after it.
        case step(Action, look: Bool)
        case look
        case save(Int)
        /// Also reads the state and the objects after it, when restored.
        case restore(Int)
        case forget
        /// Two overlapping calls, numbered so that the watchdog ends only the run it timed.
        case overlap(OverlapRequest, run: Int)
    }

    /// What a call was, in the words of the adapter's protocol (messages name no internals).
    private func words(_ call: Call) -> String {
        switch call {
        case .reset(let configuration): "reset(\(configuration.rootKind) root)"
        case .step(let action, _): "apply(\(action))"
        case .look: "observedState()"
        case .save(let slot): "saveState(as: \(slot))"
        case .restore(let slot): "restoreState(\(slot))"
        case .forget: "forgetSavedStates()"
        case .overlap(let request, _): "the overlapping calls \(request.calls.map { "apply(\($0))" }.joined(separator: " and "))"
        }
    }

    private enum Done {
        case looked(SystemStep?, State, [Int: ObjectBox])
        case stepped
        case notRestored
        case overlapped(OverlapResult)
        case failed(SystemFailure)
    }

    // Shared with the main-actor task, under `lock`.
    private let lock = NSCondition()
    private var queue: [Call] = []
    private var results: [Done] = []
    private var running = false

    // The engine's thread only.
    /// Calls queued and not yet taken, in order.
    private var expected: [Call] = []
    /// The state after the last call and its coordinators' objects, for the calls that follow.
    private var current: State?
    private var objects: [Int: ObjectBox] = [:]
    /// The call that did not return in time.
    private var stuck: String?
    /// Overlapping runs started.
    private var overlapRuns = 0

    // The main-actor task only.
    /// `no-leak` where the calls are made: the engine's thread may take a step's result after
    /// the task has gone on to calls announced after it (a reset that frees every object).
    private let leaks = LeakTracker()
    /// The state after the last call the task made, when it looked.
    private var made: State?
    /// Whether the system hands out its coordinators' objects, once a state showed it.
    private var tracksObjects: Bool?

    @MainActor
    package init(_ system: any AsyncNavigationSystem, timeout: Double) {
        self.system = system
        saving = system as? any AsyncStateSavingSystem
        self.timeout = timeout
        points = system.suspensionPoints
        capabilities = system.capabilities
        name = system.name
    }

    package var takesAnnouncements: Bool { true }

    package func announce(_ calls: [AnnouncedCall]) {
        guard stuck == nil else { return }
        var mapped: [Call] = []
        for call in calls {
            switch call {
            case .reset(let c): mapped.append(.reset(c))
            case .step(let a, let look): mapped.append(.step(a, look: look))
            case .save(let id): mapped.append(.save(id))
            case .restore(let id): mapped.append(.restore(id))
            }
        }
        enqueue(mapped)
    }

    package func reset(configuration: Configuration) throws(SystemFailure) {
        try take([.reset(configuration)])
    }

    package func apply(_ action: Action) throws(SystemFailure) -> SystemStep {
        guard case .looked(let step?, let state, _) = try take([.step(action, look: true)]) else {
            throw SystemFailure(.protocolError, "internal: a step without its result")
        }
        var result = step
        if result.state == nil { result.state = state }
        return result
    }

    package func replay(_ actions: [Action]) throws(SystemFailure) -> State {
        guard !actions.isEmpty else { return try observedState() }
        try take(actions.enumerated().map { .step($1, look: $0 == actions.count - 1) })
        return current!
    }

    package func observedState() throws(SystemFailure) -> State {
        if let current { return current }
        try take([.look])
        return current!
    }

    package func coordinatorObject(id: Int) -> AnyObject? {
        objects[id]?.value
    }

    package var canSaveState: Bool { saving != nil }

    package var runsOverlaps: Bool { points != nil }

    package func overlap(configuration: Configuration, path: [Action], _ request: OverlapRequest) throws(SystemFailure) -> OverlapResult {
        overlapRuns += 1
        let calls: [Call] = [.reset(configuration)] + path.map { .step($0, look: false) } + [.overlap(request, run: overlapRuns)]
        guard case .overlapped(let result) = try take(calls) else {
            throw SystemFailure(.protocolError, "internal: overlapping calls without their result")
        }
        return result
    }

    package func saveState(as id: Int) throws(SystemFailure) {
        let state = current
        try take([.save(id)])
        current = state
    }

    package func restoreState(_ id: Int) throws(SystemFailure) -> Bool {
        guard canSaveState else { return false }
        if case .notRestored = try take([.restore(id)]) { return false }
        return true
    }

    package func forgetSavedStates() {
        guard canSaveState else { return }
        _ = try? take([.forget])
    }

    /// Makes `calls` (queued already when they were announced, else now) and returns the
    /// result of the last; the state and objects it read become current.
    @discardableResult
    private func take(_ calls: [Call]) throws(SystemFailure) -> Done {
        if let call = stuck {
            guard waitUntilIdle() else { throw SystemFailure(.protocolError, "\(call) never returned, and a call in process cannot be stopped") }
            stuck = nil
        }
        current = nil
        if expected.starts(with: calls) {
            expected.removeFirst(calls.count)
        } else {
            try finishQueued()
            enqueue(calls)
            expected.removeFirst(calls.count)
        }
        var last: Done = .stepped
        for call in calls {
            var limit = timeout
            if case .overlap(let request, _) = call, let t = request.timeout { limit = t }
            lock.lock()
            var deadline = Date(timeIntervalSinceNow: limit)
            var abandoned = false
            while true {
                while results.isEmpty && lock.wait(until: deadline) {}
                // The watchdog: overlapping calls of which one never went on are abandoned, and
                // their run returns what it saw.
                guard results.isEmpty, !abandoned, case .overlap(_, let run) = call, let points else { break }
                abandoned = true
                deadline = Date(timeIntervalSinceNow: limit)
                lock.unlock()
                Task { @MainActor in points.abandonOverlap(run: run) }
                lock.lock()
            }
            let done = results.isEmpty ? nil : results.removeFirst()
            lock.unlock()
            guard let done else {
                stuck = words(call)
                dropQueued()
                throw SystemFailure(.hang, "\(words(call)) did not return within \(limit) s")
            }
            if case .failed(let failure) = done {
                try finishQueued()
                throw failure
            }
            last = done
        }
        if case .looked(_, let state, let objects) = last {
            current = state
            self.objects = objects
        }
        return last
    }

    private func enqueue(_ calls: [Call]) {
        guard !calls.isEmpty else { return }
        expected += calls
        lock.lock()
        queue += calls
        let start = !running
        running = true
        lock.unlock()
        if start {
            Task { @MainActor in await self.work() }
        }
    }

    /// The engine went another way: every call queued is still made, as a driver makes every
    /// request written to it, so that the implementation receives the same calls however the
    /// two threads interleave; their results are dropped. A call that does not return in time
    /// is a hang.
    private func finishQueued() throws(SystemFailure) {
        let left = expected.count
        expected = []
        lock.lock()
        var deadline = Date(timeIntervalSinceNow: timeout)
        var seen = results.count
        while running {
            if lock.wait(until: deadline) { continue }
            // Each call has the timeout from the one before it.
            if results.count == seen { break }
            seen = results.count
            deadline = Date(timeIntervalSinceNow: timeout)
        }
        let idle = !running
        results = []
        lock.unlock()
        if !idle {
            stuck = "one of \(left) announced calls"
            dropQueued()
            throw SystemFailure(.hang, "one of \(left) calls announced ahead did not return within \(timeout) s")
        }
    }

    /// Drops what is queued and what was done but not taken, without waiting: a call hangs.
    private func dropQueued() {
        expected = []
        lock.lock()
        queue = []
        results = []
        lock.unlock()
    }

    /// Waits up to the timeout for the main-actor task to finish what it is doing.
    private func waitUntilIdle() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while running && lock.wait(until: deadline) {}
        if !running { results = [] }
        return !running
    }

    /// The main-actor side: the queued calls, one at a time, each to its end.
    @MainActor private func work() async {
        while let call = nextCall() {
            finished(await perform(call))
        }
    }

    /// The next queued call, or nil when there is none (the task then ends).
    private func nextCall() -> Call? {
        lock.lock()
        defer { lock.unlock() }
        if queue.isEmpty {
            queue = []
            running = false
            lock.broadcast()
            return nil
        }
        return queue.removeFirst()
    }

    private func finished(_ done: Done) {
        lock.lock()
        results.append(done)
        lock.broadcast()
        lock.unlock()
    }

    @MainActor private func perform(_ call: Call) async -> Done {
        let tracks = tracksObjects ?? true
        do throws(SystemFailure) {
            var step: SystemStep?
            switch call {
            case .reset(let c): try await system.reset(configuration: c)
            case .step(let a, let look):
                step = try await system.apply(a)
                if !look {
                    made = nil
                    return .stepped
                }
            case .look: break
            case .save(let id):
                try await saving?.saveState(as: id)
                return .stepped
            case .restore(let id):
                guard try await saving?.restoreState(id) == true else { return .notRestored }
            case .forget:
                await saving?.forgetSavedStates()
                return .stepped
            case .overlap(let request, let run):
                made = nil
                guard let points else { return .failed(SystemFailure(.protocolError, "internal: no suspension points")) }
                // The objects of the coordinators before the calls, held weakly, for `no-leak` after them.
                var held: [Int: ObjectBox] = [:]
                if tracks {
                    let before = try await system.observedState()
                    for i in before.positions {
                        let id = Int(before.id(at: i).index)
                        held[id] = ObjectBox(value: system.coordinatorObject(id: id))
                    }
                }
                var result = await OverlapScheduler.run(request, number: run, system: system, points: points)
                if tracks { result.leaked = leaked(result, held: held) }
                return .overlapped(result)
            }
            let state: State
            if let known = step?.state { state = known } else { state = try await system.observedState() }
            // Read where the objects live: the engine's thread may see them after the task went on.
            if tracksObjects == nil { tracksObjects = system.coordinatorObject(id: Int(state.root.index)) != nil }
            let tracks = tracksObjects ?? true
            let object: (Int) -> AnyObject? = { [system] in system.coordinatorObject(id: $0) }
            if case .step = call, let before = made, step?.leaked == nil {
                var leaked = tracks ? leaks.leaked(before: before, after: state, objects: object) : []
                // What the library's own tasks still hold as the call returns is theirs to let
                // go: a leak is what is still alive once they have had their turn.
                for _ in 0 ..< 20 where !leaked.isEmpty {
                    try? await Task.sleep(nanoseconds: 1_000_000)
                    leaked = leaks.stillAlive()
                }
                step?.leaked = leaked
            } else if tracks {
                leaks.reset(state, objects: object)
            }
            made = state
            var objects: [Int: ObjectBox] = [:]
            if tracks {
                for i in state.positions {
                    let id = Int(state.id(at: i).index)
                    objects[id] = ObjectBox(value: system.coordinatorObject(id: id))
                }
            }
            return .looked(step, state, objects)
        } catch {
            made = nil
            return .failed(error)
        }
    }

    /// The coordinators that ended during overlapping calls and are still alive: those live
    /// before and not after, through the objects `held` then, and those made during the calls
    /// that a completion event names, through the objects the system still hands out for them.
    @MainActor private func leaked(_ result: OverlapResult, held: [Int: ObjectBox]) -> [Int] {
        guard result.hung == nil, result.failure == nil, let after = result.state else { return [] }
        let named = result.steps.flatMap { $0?.events ?? [] }.map { Int($0.coordinator.index) }
        return Set(held.keys).union(named).filter { id in
            guard !after.isLive(CoordinatorID(id)) else { return false }
            if let box = held[id] { return box.value != nil }
            return system.coordinatorObject(id: id) != nil
        }.sorted()
    }
}

/// A coordinator object handed from the main actor to the engine, held weakly: the cache of
/// the current state's objects must not keep an ended coordinator alive.
private struct ObjectBox: @unchecked Sendable {
    weak var value: AnyObject?
}
