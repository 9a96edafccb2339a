@_spi(Engine) import CoordinatorModel

/// The overlap phase of a verification (docs/VERIFY.md §2.4), for a system that hands over
/// its suspension points. From every state within `depth` actions of a preset's initial state,
/// breadth-first, a call of each kind (picked by the seed) that waits at a point gets a second
/// call started at each of its points — every user gesture, the same call again (a double
/// tap) and a deep link picked by the seed — and every order in which the two go on, up to
/// `schedulesPerPair` runs. After
/// each run: every state invariant holds, and the outcomes, events and state equal what the
/// model gives for one of the two orders (linearizability); the coordinators that ended are
/// released (`no-leak`); a call that never returns is `no-hang`. The phase ends after the
/// depth where something first failed, so that the failure reported has the fewest steps
/// before it and, among those, the fewest events. `walks` reaches deeper states; `replay`
/// runs a saved interleaving.
///
/// A pair's orders are tried from the first options (the second call started at the first
/// point and run to its end, then the first: two switches), then each step's other options,
/// latest step first. So every order that takes the first option at one step where a failing
/// order did not, and is otherwise the same, ran before it and passed: its schedule has no
/// switch to drop.
struct OverlapPhase {
    let system: DrivenSystem
    let capabilities: Capabilities
    let depth: Int
    let seed: UInt64
    let timeout: Double
    /// Runs of one pair of calls, at most: two calls with up to five points each fit.
    static let schedulesPerPair = 64
    /// States the model's search for a shorter way to a failure's state keeps, at most.
    static let shortcutStates = 1_000

    private(set) var failures: [ConformanceFailure] = []
    private(set) var interleavings = 0
    private(set) var pairs = 0
    private(set) var states = 0
    private(set) var notes: [String] = []

    /// A state the phase starts overlapping calls from, on both sides.
    private struct Node {
        var modelPath: [Action]
        var implPath: [Action]
        var model: State
        var impl: State
    }

    private struct Found {
        var check: Check
        var reason: String
        var result: OverlapResult
        var node: Node
        var calls: [Action]
        var implCalls: [Action]
        var choices: [OverlapChoice]
        var modelStep: Step?
    }

    /// Runs the phase on `preset`; stops early when `shouldStop` says so.
    mutating func run(_ preset: Preset, shouldStop: () -> Bool) {
        let model = Model(configuration: preset.configuration)
        let bounds = preset.bounds
        let domain = ConformanceMachine.domain(preset.domain, offeredBy: capabilities)
        var level: [Node]
        do throws(SystemFailure) {
            try system.reset(configuration: preset.configuration)
            level = [Node(modelPath: [], implPath: [], model: model.initialState(), impl: try system.observedState())]
        } catch {
            notes.append("overlaps of \(preset.name): not run: \(error.message)")
            return
        }
        var seen: Set<[UInt8]> = [level[0].model.canonicalEncoding()]
        var rng = Xoshiro(seed: seed)
        for d in 0 ... depth {
            var found: [Found] = []
            for node in level where !shouldStop() {
                states += 1
                if let f = overlaps(from: node, model: model, domain: domain, preset: preset, rng: &rng) {
                    found.append(f)
                    if f.check == .noHang { break }
                }
            }
            if let best = found.min(by: { ($0.node.modelPath.count, $0.result.events.count) < ($1.node.modelPath.count, $1.result.events.count) }) {
                report(best, preset: preset, source: "overlaps of \(preset.name) (\(best.node.modelPath.count) steps before)")
                return
            }
            guard d < depth, !shouldStop() else { return }
            level = successors(of: level, model: model, domain: domain, bounds: bounds, preset: preset, seen: &seen)
        }
    }

    /// The states one action further, each once, within the preset's bounds.
    private mutating func successors(of level: [Node], model: Model, domain: Domain, bounds: Bounds, preset: Preset,
                                     seen: inout Set<[UInt8]>) -> [Node] {
        var next: [Node] = []
        for node in level {
            for a in offered(node.model, model: model, domain: domain) {
                let step = model.step(node.model, a)
                guard !step.outcome.isRefused, bounds.contains(step.state),
                      seen.insert(step.state.canonicalEncoding()).inserted else { continue }
                let implAction = a.retargeted(IDMap(model: node.model, impl: node.impl).toImplementation)
                do throws(SystemFailure) {
                    try system.reset(configuration: preset.configuration)
                    let impl = try system.replay(node.implPath + [implAction])
                    // A state the implementation does not share is the sequential phases' business.
                    guard impl.isSameState(as: step.state) else { continue }
                    next.append(Node(modelPath: node.modelPath + [a], implPath: node.implPath + [implAction], model: step.state, impl: impl))
                } catch {
                    continue
                }
            }
        }
        return next
    }

    private func offered(_ state: State, model: Model, domain: Domain) -> [Action] {
        var actions: [Action] = []
        _ = domain.actions(in: state, notRefusedUpFrontBy: model, into: &actions)
        return actions.filter(capabilities.offers)
    }

    /// Every overlap of two calls from `node`; the first failure found, if any.
    private mutating func overlaps(from node: Node, model: Model, domain: Domain, preset: Preset, rng: inout Xoshiro) -> Found? {
        let actions = offered(node.model, model: model, domain: domain)
        let gestures = actions.filter { [.userBack, .userSwipeDismiss, .userSelectTab].contains($0.name) }
        let deepLinks = actions.filter { $0.name == .forcePresentation }
        let deepLink = deepLinks.isEmpty ? nil : deepLinks[rng.below(deepLinks.count)]
        let toImpl = IDMap(model: node.model, impl: node.impl).toImplementation
        for first in oneOfEachKind(actions, rng: &rng) {
            var seconds = gestures + [first]
            if let deepLink { seconds.append(deepLink) }
            seconds: for (i, second) in seconds.enumerated() where !seconds[..<i].contains(second) {
                pairs += 1
                switch pair(first, second, from: node, toImpl: toImpl, model: model, preset: preset) {
                case .doesNotSuspend: break seconds
                case .held: continue
                case .failed(let f): return f
                }
            }
        }
        return nil
    }

    /// One call of each kind, picked by the seed: the kinds differ in where they wait, the
    /// routes and styles of one kind rarely do.
    private func oneOfEachKind(_ actions: [Action], rng: inout Xoshiro) -> [Action] {
        var kinds: [ActionName: [Action]] = [:]
        var order: [ActionName] = []
        for a in actions {
            if kinds[a.name] == nil { order.append(a.name) }
            kinds[a.name, default: []].append(a)
        }
        return order.map { name in kinds[name]![rng.below(kinds[name]!.count)] }
    }

    private enum PairResult {
        case doesNotSuspend
        case held
        case failed(Found)
    }

    /// Every order of `first` and `second` from `node`, depth first over the decisions.
    private mutating func pair(_ first: Action, _ second: Action, from node: Node, toImpl: (CoordinatorID) -> CoordinatorID,
                               model: Model, preset: Preset) -> PairResult {
        let implCalls = [first.retargeted(toImpl), second.retargeted(toImpl)]
        var pending: [[OverlapChoice]] = [[]]
        var runs = 0
        while let choices = pending.popLast(), runs < Self.schedulesPerPair {
            runs += 1
            interleavings += 1
            let request = OverlapRequest(first: implCalls[0], second: implCalls[1], choices: choices)
            let result: OverlapResult
            do throws(SystemFailure) {
                result = try system.overlap(configuration: preset.configuration, path: node.implPath, request)
            } catch {
                notes.append("overlapping '\(first)' and '\(second)': \(error.message)")
                return .held
            }
            if !result.firstSuspended { return .doesNotSuspend }
            let taken = result.schedule.map(\.taken)
            if result.diverged {
                notes.append("overlapping '\(first)' and '\(second)' did not run the same way twice: the implementation does not repeat itself")
                continue
            }
            if let hung = result.hung {
                let reason = "'\([first, second][hung])' never returned within \(timeout) s of when it last went on"
                return .failed(Found(check: .noHang, reason: reason, result: result, node: node, calls: [first, second],
                                     implCalls: implCalls, choices: taken, modelStep: nil))
            }
            if result.overlapped, let (check, reason, step) = check(result, first, second, node: node, model: model) {
                return .failed(Found(check: check, reason: reason, result: result, node: node, calls: [first, second],
                                     implCalls: implCalls, choices: taken, modelStep: step))
            }
            for i in choices.count ..< result.schedule.count where result.schedule[i].options.count > 1 {
                for alternative in result.schedule[i].options where alternative != result.schedule[i].taken {
                    pending.append(Array(taken[..<i]) + [alternative])
                }
            }
        }
        return .held
    }

    /// Nil when every state invariant holds on the state after both calls, some order of the
    /// two gives what the implementation did and the coordinators that ended are released;
    /// else the check broken, why, and the model's step for the first order. Transition
    /// invariants are not checked: what they read of the implementation (the state before, the
    /// outcomes, the events, the state after) is then what the model's order gives, and the
    /// model's steps hold them; the state between the calls is never seen.
    private func check(_ result: OverlapResult, _ first: Action, _ second: Action, node: Node,
                       model: Model) -> (Check, String, Step)? {
        let inOrder = { (x: Action, y: Action) -> Step in
            let s1 = model.step(node.model, x), s2 = model.step(s1.state, y)
            return Step(outcome: s1.outcome, state: s2.state, events: s1.events + s2.events)
        }
        let firstThenSecond = inOrder(first, second)
        if let failure = result.failure { return (.snapshotConforms, failure.message, firstThenSecond) }
        guard let a = result.steps[0], let b = result.steps[1], let after = result.state else { return nil }
        for invariant in Invariant.all where invariant.kind == .state {
            if let reason = invariant.violation(in: after) { return (.invariant(invariant.name), reason, firstThenSecond) }
        }
        // Events by coordinator, in the model's ids; those made during the calls are not told apart.
        var toModel: [CoordinatorID: CoordinatorID] = [:]
        let toImpl = IDMap(model: node.model, impl: node.impl).toImplementation
        for p in node.model.positions { toModel[toImpl(node.model.id(at: p))] = node.model.id(at: p) }
        let made = CoordinatorID(-1)
        let implEvents = Set((a.events + b.events).map { Completion(toModel[$0.coordinator] ?? made, $0.result) })
        var problems: [String] = []
        for (x, y) in [(first, second), (second, first)] {
            let s1 = model.step(node.model, x), s2 = model.step(s1.state, y)
            let outcomes = x == first ? (s1.outcome, s2.outcome) : (s2.outcome, s1.outcome)
            let events = Set((s1.events + s2.events).map { node.model.isLive($0.coordinator) ? $0 : Completion(made, $0.result) })
            var why: String?
            if outcomes != (a.outcome, b.outcome) {
                why = "the model's outcomes are \(outcomes.0), \(outcomes.1), the implementation's \(a.outcome), \(b.outcome)"
            } else if events != implEvents {
                func list(_ es: Set<Completion>) -> String { es.isEmpty ? "none" : es.map(\.description).sorted().joined(separator: ", ") }
                why = "the model's events are \(list(events)), the implementation's \(list(implEvents))"
            } else if !s2.state.isSameState(as: after) {
                why = TreeDifference.firstDifference(model: s2.state, implementation: after)
            }
            guard let why else { return leak(result, toModel: toModel, first, second).map { (.noLeak, $0, firstThenSecond) } }
            problems.append("'\(x)' then '\(y)': \(why)")
        }
        return (.snapshotConforms, "no order of the overlapping calls gives what the implementation did: "
                + problems.joined(separator: "; "), firstThenSecond)
    }

    /// Why the run's `no-leak` fails, naming the coordinators live before the calls by the
    /// model's ids (`toModel`) and those made during them by the implementation's; nil when it holds.
    private func leak(_ result: OverlapResult, toModel: [CoordinatorID: CoordinatorID], _ first: Action, _ second: Action) -> String? {
        guard !result.leaked.isEmpty else { return nil }
        let names = result.leaked.map { id in
            toModel[CoordinatorID(id)].map(\.description) ?? "a coordinator made during the calls (its own id c\(id))"
        }
        let objects = names.count == 1 ? "its object is" : "their objects are"
        return "\(names.joined(separator: ", ")) ended but \(objects) still alive after '\(first)' and '\(second)' overlapped"
    }

    /// Runs a saved interleaving after `prefix` (the model's ids), exactly as it says, and
    /// reports what it breaks.
    mutating func replay(_ prefix: [Action], _ interleaving: Interleaving, preset: Preset, source: String) {
        let model = Model(configuration: preset.configuration)
        let node: Node
        do throws(SystemFailure) { node = try self.node(after: prefix, model: model) } catch {
            notes.append("\(source): the steps before the overlapping calls failed: \(error.message)")
            return
        }
        let (first, second) = (interleaving.calls[0], interleaving.calls[1])
        let toImpl = IDMap(model: node.model, impl: node.impl).toImplementation
        let implCalls = [first.retargeted(toImpl), second.retargeted(toImpl)]
        interleavings += 1
        let request = OverlapRequest(first: implCalls[0], second: implCalls[1], choices: interleaving.choices)
        let result: OverlapResult
        do throws(SystemFailure) {
            result = try system.overlap(configuration: preset.configuration, path: node.implPath, request)
        } catch {
            notes.append("\(source): \(error.message)")
            return
        }
        if result.diverged || !result.overlapped {
            notes.append("\(source): the implementation did not run as the interleaving says (the calls waited elsewhere, or not at all)")
            return
        }
        var found: Found?
        if let hung = result.hung {
            found = Found(check: .noHang, reason: "'\([first, second][hung])' never returned within \(timeout) s of when it last went on",
                          result: result, node: node, calls: [first, second], implCalls: implCalls,
                          choices: result.schedule.map(\.taken), modelStep: nil)
        } else if let (check, reason, step) = check(result, first, second, node: node, model: model) {
            found = Found(check: check, reason: reason, result: result, node: node, calls: [first, second], implCalls: implCalls,
                          choices: result.schedule.map(\.taken), modelStep: step)
        }
        if let found { report(found, preset: preset, source: source) }
    }

    /// Both sides after `prefix` (the model's ids), taken one step at a time from reset.
    private func node(after prefix: [Action], model: Model) throws(SystemFailure) -> Node {
        let (modelState, impl, sent) = try Lockstep.replay(prefix, configuration: model.configuration, on: system)
        return Node(modelPath: prefix, implPath: sent, model: modelState, impl: impl)
    }

    /// Overlaps after random walks, for states deeper than the breadth-first part reaches:
    /// `count` walks of up to `length` applied steps on `preset` (seeded), each ending with a
    /// call of each kind and a second call picked by the seed for it, in every order. A
    /// failure's steps before the calls are then shortened, and its schedule picked again
    /// from the shorter ones.
    mutating func walks(_ preset: Preset, count: Int, length: Int, shouldStop: () -> Bool) {
        let model = Model(configuration: preset.configuration)
        let domain = ConformanceMachine.domain(preset.domain, offeredBy: capabilities)
        var rng = Xoshiro(seed: seed ^ Fingerprint.of(Array(("overlaps " + preset.name).utf8)))
        for _ in 0 ..< count where !shouldStop() {
            var path: [Action] = []
            var state = model.initialState()
            for _ in 0 ..< 1 + rng.below(max(length, 1)) {
                let next = offered(state, model: model, domain: domain).filter { a in
                    let step = model.step(state, a)
                    return !step.outcome.isRefused && preset.bounds.contains(step.state)
                }
                guard !next.isEmpty else { break }
                let a = next[rng.below(next.count)]
                path.append(a)
                state = model.step(state, a).state
            }
            guard let node = try? node(after: path, model: model), node.impl.isSameState(as: node.model) else { continue }
            states += 1
            let actions = offered(node.model, model: model, domain: domain)
            let seconds = actions.filter { [.userBack, .userSwipeDismiss, .userSelectTab, .forcePresentation].contains($0.name) }
            let toImpl = IDMap(model: node.model, impl: node.impl).toImplementation
            for first in oneOfEachKind(actions, rng: &rng) {
                let choices = seconds + [first]
                let second = choices[rng.below(choices.count)]
                pairs += 1
                if case .failed(let f) = pair(first, second, from: node, toImpl: toImpl, model: model, preset: preset) {
                    // Each try at a hang would cost a timeout.
                    var cut = f
                    if f.check != .noHang {
                        cut = shorter(f, model: model, preset: preset)
                        let direct = shortcut(cut, model: model, domain: domain, preset: preset)
                        if direct.node.modelPath.count < cut.node.modelPath.count { cut = shorter(direct, model: model, preset: preset) }
                        // The schedule found from the long way may switch more than needed from
                        // the short one: the order the phase would have found there instead.
                        if cut.node.modelPath.count < f.node.modelPath.count,
                           case .failed(let g) = pair(cut.calls[0], cut.calls[1], from: cut.node,
                                                      toImpl: IDMap(model: cut.node.model, impl: cut.node.impl).toImplementation,
                                                      model: model, preset: preset), g.check == cut.check {
                            cut = g
                        }
                    }
                    report(cut, preset: preset, source: "overlaps after the walks of \(preset.name) (\(cut.node.modelPath.count) steps before)",
                           originalLength: f.node.modelPath.count)
                    return
                }
            }
        }
    }

    /// `f` with each step before the calls left out that the same schedule fails without: the
    /// calls' coordinators must still be there.
    private mutating func shorter(_ f: Found, model: Model, preset: Preset) -> Found {
        var best = f
        var i = best.node.modelPath.count - 1
        while i >= 0 {
            var path = best.node.modelPath
            path.remove(at: i)
            i -= 1
            var state = model.initialState()
            var applies = true
            for a in path where applies {
                let step = model.step(state, a)
                applies = !step.outcome.isRefused
                state = step.state
            }
            guard applies, (f.calls[0].coordinators + f.calls[1].coordinators).allSatisfy(state.isLive),
                  let again = again(f.calls, after: path, choices: f.choices, failing: f.check, model: model, preset: preset) else { continue }
            best = again
            i = min(i, best.node.modelPath.count - 1)
        }
        return best
    }

    /// `f` after the model's shortest way to the same state (`ConformanceMachine.shortestPath`,
    /// as crash traces are shortened), its calls renamed to the ids there, when the same
    /// schedule fails the same check there; else `f`. Steps that only go together (a sheet
    /// presented, then closed) are not left out one at a time.
    private mutating func shortcut(_ f: Found, model: Model, domain: Domain, preset: Preset) -> Found {
        let target = f.node.model, wanted = target.canonicalEncoding()
        func isTarget(_ s: State) -> Bool { s.count == target.count && s.canonicalEncoding() == wanted }
        let path: [Action]
        if isTarget(model.initialState()) {
            path = []
        } else if let found = ConformanceMachine.shortestPath(
            model: model, bounds: preset.bounds, within: f.node.modelPath.count - 1, maxStates: Self.shortcutStates,
            actions: { state, into in into += offered(state, model: model, domain: domain) },
            to: { _, step in !step.outcome.isRefused && isTarget(step.state) }) {
            path = found
        } else {
            return f
        }
        guard path.count < f.node.modelPath.count else { return f }
        var reached = model.initialState()
        for a in path { reached = model.step(reached, a).state }
        let rename = IDMap(model: target, impl: reached).toImplementation
        return again(f.calls.map { $0.retargeted(rename) }, after: path, choices: f.choices, failing: f.check,
                     model: model, preset: preset) ?? f
    }

    /// The overlap of `calls` (the model's ids) after `path`, run as `choices` say, when it
    /// fails `check` again; nil when it does not, or does not run that way.
    private mutating func again(_ calls: [Action], after path: [Action], choices: [OverlapChoice], failing check: Check,
                                model: Model, preset: Preset) -> Found? {
        guard let node = try? node(after: path, model: model), node.impl.isSameState(as: node.model) else { return nil }
        let toImpl = IDMap(model: node.model, impl: node.impl).toImplementation
        let implCalls = [calls[0].retargeted(toImpl), calls[1].retargeted(toImpl)]
        interleavings += 1
        let request = OverlapRequest(first: implCalls[0], second: implCalls[1], choices: choices)
        guard let result = try? system.overlap(configuration: preset.configuration, path: node.implPath, request),
              !result.diverged, result.overlapped, result.hung == nil,
              let (broken, reason, step) = self.check(result, calls[0], calls[1], node: node, model: model), broken == check else { return nil }
        return Found(check: check, reason: reason, result: result, node: node, calls: calls, implCalls: implCalls,
                     choices: result.schedule.map(\.taken), modelStep: step)
    }

    /// Replays the failure once more from reset and reports it; `originalLength`: its steps
    /// before the calls as found, when they were shrunk.
    private mutating func report(_ f: Found, preset: Preset, source: String, originalLength: Int? = nil) {
        let request = OverlapRequest(first: f.implCalls[0], second: f.implCalls[1], choices: f.choices)
        if f.check != .noHang {
            let again = try? system.overlap(configuration: preset.configuration, path: f.node.implPath, request)
            if again?.events != f.result.events || (f.check == .noLeak && again?.leaked != f.result.leaked) {
                notes.append("\(f.check): overlapping '\(f.calls[0])' and '\(f.calls[1])' did not run the same way when replayed "
                             + "from reset; the implementation does not repeat itself")
                return
            }
        }
        let steps = f.result.steps
        failures.append(ConformanceFailure(
            check: f.check, reason: f.reason, trace: f.node.modelPath, configuration: preset.configuration, presetName: preset.name,
            source: source, originalLength: originalLength ?? f.node.modelPath.count,
            step: FailingStep(index: f.node.modelPath.count, modelAction: f.calls[0], implementationAction: f.implCalls[0],
                              modelBefore: f.node.model, implementationBefore: f.node.impl, modelStep: f.modelStep,
                              implementationOutcome: steps[0]?.outcome,
                              implementationEvents: (steps[0]?.events ?? []) + (steps[1]?.events ?? []),
                              implementationAfter: f.result.state),
            alsoBroken: [], diagnostics: "", interleaving: Interleaving(calls: f.calls, events: f.result.events)))
    }
}
