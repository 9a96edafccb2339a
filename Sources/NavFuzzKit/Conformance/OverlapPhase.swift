@_spi(Engine) import CoordinatorModel
import Dispatch

/// The overlap phase of a verification (docs/VERIFY.md §2.4), for a system that hands over
/// its suspension points, in process or through a driver. From every state within `depth`
/// actions of a preset's initial state, breadth-first, every call the state offers (one of
/// each shape: its routes picked by the seed, everything else as offered) that waits at a
/// point gets a second call started at each of its points — every call the state offers, and
/// the same call again (a double tap) — and every order in which the calls go on, up to
/// `schedulesPerRun` runs. With `calls` 3, a third call (the first or the second again)
/// starts too. After each run: every state invariant holds, and the outcomes, events and
/// state equal what the model gives for one order of the calls (linearizability); the
/// coordinators that ended are released (`no-leak`); a call that never returns, or calls
/// that only wait for each other, are `no-hang`; a system that dies is `no-crash`. The phase
/// ends after the depth where something first failed, so that the failure reported has the
/// fewest steps before it and, among those, the fewest events. `walks` reaches deeper
/// states; `replay` runs a saved interleaving.
///
/// A run's orders are tried from the first options (each next call started at the first
/// point and run to its end, then the calls before it), then each step's other options,
/// latest step first. So every order that takes the first option at one step where a failing
/// order did not, and is otherwise the same, ran before it and passed: its schedule has no
/// switch to drop.
struct OverlapPhase {
    let system: DrivenSystem
    let capabilities: Capabilities
    let depth: Int
    let seed: UInt64
    let timeout: Double
    /// Calls that overlap in a run: 2, or 3.
    var calls = 2
    /// Runs of one set of calls, at most: two calls with up to five points each fit.
    static let schedulesPerRun = 64
    /// States the model's search for a shorter way to a failure's state keeps, at most.
    static let shortcutStates = 1_000

    private(set) var failures: [ConformanceFailure] = []
    private(set) var interleavings = 0
    private(set) var pairs = 0
    private(set) var states = 0
    private(set) var notes: [String] = []
    /// When the phase first found a failure (`DispatchTime` nanoseconds), before it finished
    /// the depth to report the shortest: what a report's first failure time counts.
    private(set) var firstFound: UInt64?

    init(system: DrivenSystem, capabilities: Capabilities, depth: Int, seed: UInt64, timeout: Double, calls: Int = 2) {
        self.system = system; self.capabilities = capabilities; self.depth = depth; self.seed = seed; self.timeout = timeout
        self.calls = calls
    }

    /// A state the phase starts overlapping calls from, on both sides.
    private struct Node {
        var modelPath: [Action]
        var implPath: [Action]
        var model: State
        var impl: State
        /// The calls of the state one step before, as `signature` gives them: a pair of calls
        /// both of which were there already ran from there (empty at the initial state).
        var before: Set<String> = []
    }

    private struct Found {
        /// Every check the run breaks, with why: the first is the failure's.
        var broken: [(check: Check, reason: String)]
        var result: OverlapResult
        var node: Node
        var calls: [Action]
        var implCalls: [Action]
        var choices: [OverlapChoice]
        var modelStep: Step?
        var check: Check { broken[0].check }
    }

    /// Runs the phase on `preset` for the states `depths` actions from its initial state
    /// (the early pass takes depth 0 alone, the rest comes after exploration); stops early
    /// when `shouldStop` says so.
    mutating func run(_ preset: Preset, depths: ClosedRange<Int>, shouldStop: () -> Bool) {
        let model = Model(configuration: preset.configuration)
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
        var rng = Xoshiro(seed: seed ^ Fingerprint.of(Array(preset.name.utf8)))
        for d in 0 ... depths.upperBound {
            if depths.contains(d) {
                var found: [Found] = []
                for node in level where !shouldStop() {
                    states += 1
                    if let f = overlaps(from: node, model: model, domain: domain, preset: preset, rng: &rng) {
                        if firstFound == nil { firstFound = DispatchTime.now().uptimeNanoseconds }
                        found.append(f)
                        if f.check.isCrashOrHang { break }
                    }
                }
                if let best = found.min(by: { ($0.node.modelPath.count, $0.result.events.count) < ($1.node.modelPath.count, $1.result.events.count) }) {
                    report(best, preset: preset, source: "overlaps of \(preset.name) (\(best.node.modelPath.count) steps before)")
                    return
                }
            }
            guard d < depths.upperBound, !shouldStop() else { return }
            level = successors(of: level, model: model, domain: domain, preset: preset, seen: &seen)
        }
    }

    /// The states one action further, each once, within the preset's bounds.
    private mutating func successors(of level: [Node], model: Model, domain: Domain, preset: Preset,
                                     seen: inout Set<[UInt8]>) -> [Node] {
        var next: [Node] = []
        for node in level {
            let actions = offered(node.model, model: model, domain: domain)
            let known = Set(actions.map { Self.signature($0, in: node.model, model: model) })
            for a in actions {
                let step = model.step(node.model, a)
                guard !step.outcome.isRefused, preset.bounds.contains(step.state),
                      seen.insert(step.state.canonicalEncoding()).inserted else { continue }
                let implAction = a.retargeted(IDMap(model: node.model, impl: node.impl).toImplementation)
                do throws(SystemFailure) {
                    try system.reset(configuration: preset.configuration)
                    let impl = try system.replay(node.implPath + [implAction])
                    // A state the implementation does not share is the sequential phases' business.
                    guard impl.isSameState(as: step.state) else { continue }
                    next.append(Node(modelPath: node.modelPath + [a], implPath: node.implPath + [implAction], model: step.state,
                                     impl: impl, before: known))
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

    /// One call of each shape among `actions`, in the order offered, the seed picking among
    /// those of one shape. A first call's shape is its kind, its targets and how its style
    /// is taken away (pushed, swiped down, neither): where and how the library waits. A second call's is its kind and targets: what it changes
    /// while the first waits (the same pair the other way round is a first call's too).
    /// Routes, pages, badge values and child kinds change what is shown, not how the calls
    /// interleave.
    private func shapes(_ actions: [Action], keepingStyle: Bool, rng: inout Xoshiro) -> [Action] {
        var byShape: [String: [Action]] = [:]
        var order: [String] = []
        for a in actions {
            let key = Self.shape(a, keepingStyle: keepingStyle)
            if byShape[key] == nil { order.append(key) }
            byShape[key, default: []].append(a)
        }
        return order.map { key in byShape[key]![rng.below(byShape[key]!.count)] }
    }

    static func shape(_ a: Action, keepingStyle: Bool) -> String {
        var key = ([a.name.rawValue] + a.coordinators.map(\.description)).joined(separator: " ")
        // Styles differ in how the user can take them away: pushed, swiped down, or neither.
        if keepingStyle, let style = style(a) { key += style == .push ? " push" : style.isSwipeDismissible ? " swipeable" : " modal" }
        return key
    }

    private static func style(_ a: Action) -> Style? {
        switch a {
        case .present(_, _, let s), .start(_, _, let s, _), .forcePresentation(_, let s, _), .redirect(_, _, let s), .startStack(_, let s, _): s
        default: nil
        }
    }

    /// A call's shape and whether the model applies it in `state`: a call that now applies
    /// where it was refused a step before (a `pop` once something was pushed) is new there.
    private static func signature(_ a: Action, in state: State, model: Model) -> String {
        var text = shape(a, keepingStyle: true) + (model.step(state, a).outcome.isRefused ? " refused" : "")
        // A second sheet is new too: a dismissal over one behaves unlike one over none.
        for c in a.coordinators {
            if let i = state.positions.first(where: { state.id(at: $0) == c }) { text += " modals \(min(state.modalCount(at: i), 2))" }
        }
        return text
    }

    /// The coordinators a call on `targets` can meet: them, their ancestors and their
    /// descendants. A second call on another branch of the tree changes nothing the first
    /// reads or writes.
    private static func family(of targets: [CoordinatorID], in state: State) -> Set<CoordinatorID> {
        let all = state.coordinators
        let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
        var out = Set(targets)
        for t in targets {
            var up = byID[t]?.parent
            while let p = up, out.insert(p).inserted { up = byID[p]?.parent }
            var down = byID[t]?.children ?? []
            while let c = down.popLast() { if out.insert(c).inserted { down += byID[c]?.children ?? [] } }
        }
        return out
    }

    /// Every overlap of calls from `node`; the first failure found, if any.
    private mutating func overlaps(from node: Node, model: Model, domain: Domain, preset: Preset, rng: inout Xoshiro) -> Found? {
        let actions = offered(node.model, model: model, domain: domain)
        let firsts = shapes(actions, keepingStyle: true, rng: &rng)
        let seconds = shapes(actions, keepingStyle: false, rng: &rng)
        let toImpl = IDMap(model: node.model, impl: node.impl).toImplementation
        for first in firsts {
            let family = Self.family(of: first.coordinators, in: node.model)
            let after = model.step(node.model, first).state
            // The same call again first: a double tap; then every other call that can meet it
            // and that the model applies before or after it (one it refuses both ways changes
            // nothing the first could trip over).
            let others = seconds.filter { s in
                s != first && (s.coordinators.isEmpty || first.coordinators.isEmpty || s.coordinators.contains(where: family.contains))
                    && (!model.step(node.model, s).outcome.isRefused || !model.step(after, s).outcome.isRefused)
            }
            // A state after the first step: the pairs whose calls both ran from the state
            // before, with the same outcome, ran there.
            let firstIsNew = !node.before.contains(Self.signature(first, in: node.model, model: model))
            seconds: for second in [first] + others
            where firstIsNew || !node.before.contains(Self.signature(second, in: node.model, model: model)) {
                var sets = [[first, second]]
                if calls >= 3 { sets = (first == second ? [first] : [first, second]).map { [first, second, $0] } }
                for set in sets {
                    pairs += 1
                    switch run(set, from: node, toImpl: toImpl, model: model, preset: preset) {
                    case .doesNotSuspend: break seconds
                    case .held: continue
                    case .failed(let f): return f
                    }
                }
            }
        }
        return nil
    }

    private enum RunResult {
        case doesNotSuspend
        case held
        case failed(Found)
    }

    /// Every order of `calls` from `node`, depth first over the decisions.
    private mutating func run(_ calls: [Action], from node: Node, toImpl: (CoordinatorID) -> CoordinatorID,
                              model: Model, preset: Preset) -> RunResult {
        let implCalls = calls.map { $0.retargeted(toImpl) }
        var pending: [[OverlapChoice]] = [[]]
        var runs = 0
        while let choices = pending.popLast(), runs < Self.schedulesPerRun {
            runs += 1
            interleavings += 1
            let request = OverlapRequest(calls: implCalls, choices: choices)
            let result: OverlapResult
            do throws(SystemFailure) {
                result = try system.overlap(configuration: preset.configuration, path: node.implPath, request)
            } catch {
                guard let check = error.invariant.flatMap(Check.init(name:)) else {
                    notes.append("overlapping \(Self.names(calls)): \(error.message)")
                    return .held
                }
                // The system died or stopped answering: the calls as far as NavFuzz chose them.
                var known = OverlapResult(calls: calls.count)
                known.events = Interleaving.events(following: choices)
                return .failed(Found(broken: [(check, error.message)], result: known, node: node, calls: calls,
                                     implCalls: implCalls, choices: choices, modelStep: nil))
            }
            if !result.firstSuspended { return .doesNotSuspend }
            let taken = result.schedule.map(\.taken)
            if result.diverged {
                let reason = "overlapping \(Self.names(calls)) did not run the same way twice: the schedule's step \(result.schedule.count + 1) was no longer an option"
                return .failed(Found(broken: [(.repeatsItself, reason)], result: result, node: node, calls: calls,
                                     implCalls: implCalls, choices: taken, modelStep: nil))
            }
            if let f = judge(result, calls: calls, implCalls: implCalls, node: node, model: model) { return .failed(f) }
            for i in choices.count ..< result.schedule.count where result.schedule[i].options.count > 1 {
                for alternative in result.schedule[i].options where alternative != result.schedule[i].taken {
                    pending.append(Array(taken[..<i]) + [alternative])
                }
            }
        }
        return .held
    }

    /// The failure a run shows, if any.
    private func judge(_ result: OverlapResult, calls: [Action], implCalls: [Action], node: Node, model: Model) -> Found? {
        let taken = result.schedule.map(\.taken)
        if let hung = result.hung {
            return Found(broken: [(.noHang, Self.hangReason(result, hung: hung, calls: calls, timeout: timeout))], result: result,
                         node: node, calls: calls, implCalls: implCalls, choices: taken, modelStep: nil)
        }
        guard result.overlapped, let (broken, step) = check(result, calls, node: node, model: model) else { return nil }
        return Found(broken: broken, result: result, node: node, calls: calls, implCalls: implCalls, choices: taken, modelStep: step)
    }

    private static func hangReason(_ result: OverlapResult, hung: Int, calls: [Action], timeout: Double) -> String {
        switch result.stall {
        case .deadlock?:
            "every call in flight waited for another: '\(calls[hung])' and the calls with it never went on (a deadlock)"
        case .livelock?:
            "the calls went on waiting at points for \(OverlapScheduler.stepLimit) steps without returning"
        default:
            "'\(calls[hung])' never returned within \(timeout) s of when it last went on"
        }
    }

    private static func names(_ calls: [Action]) -> String { calls.map { "'\($0)'" }.joined(separator: " and ") }

    /// Nil when every state invariant holds on the state after the calls, some order of them
    /// gives what the implementation did and the coordinators that ended are released; else
    /// every check broken with why, and the model's step for the calls in the order they
    /// started. Transition invariants are not checked: what they read of the implementation
    /// (the state before, the outcomes, the events, the state after) is then what the model's
    /// order gives, and the model's steps hold them; the states between the calls are never seen.
    private func check(_ result: OverlapResult, _ calls: [Action], node: Node, model: Model) -> ([(check: Check, reason: String)], Step)? {
        func inOrder(_ order: [Int]) -> (outcomes: [Outcome], step: Step) {
            var state = node.model, events: [Completion] = []
            var outcomes = Array(repeating: Outcome.applied, count: calls.count)
            for i in order {
                let s = model.step(state, calls[i])
                outcomes[i] = s.outcome
                state = s.state
                events += s.events
            }
            return (outcomes, Step(outcome: outcomes[0], state: state, events: events))
        }
        let asStarted = inOrder(Array(calls.indices)).step
        if let failure = result.failure { return ([(.snapshotConforms, failure.message)], asStarted) }
        guard result.steps.allSatisfy({ $0 != nil }), let after = result.state else { return nil }
        let steps = result.steps.map { $0! }
        var broken: [(check: Check, reason: String)] = []
        for invariant in Invariant.all where invariant.kind == .state {
            if let reason = invariant.violation(in: after) { broken.append((.invariant(invariant.name), reason)) }
        }
        // Events by coordinator, in the model's ids; those made during the calls are not told apart.
        var toModel: [CoordinatorID: CoordinatorID] = [:]
        let toImpl = IDMap(model: node.model, impl: node.impl).toImplementation
        for p in node.model.positions { toModel[toImpl(node.model.id(at: p))] = node.model.id(at: p) }
        let made = CoordinatorID(-1)
        let implEvents = Set(steps.flatMap(\.events).map { Completion(toModel[$0.coordinator] ?? made, $0.result) })
        let implOutcomes = steps.map(\.outcome)
        var problems: [String] = []
        var linearizable = false
        for order in Self.orders(calls.count) {
            let (outcomes, step) = inOrder(order)
            let events = Set(step.events.map { node.model.isLive($0.coordinator) ? $0 : Completion(made, $0.result) })
            var why: String?
            if outcomes != implOutcomes {
                why = "the model's outcomes are \(outcomes.map(\.description).joined(separator: ", ")), the implementation's \(implOutcomes.map(\.description).joined(separator: ", "))"
            } else if events != implEvents {
                func list(_ es: Set<Completion>) -> String { es.isEmpty ? "none" : es.map(\.description).sorted().joined(separator: ", ") }
                why = "the model's events are \(list(events)), the implementation's \(list(implEvents))"
            } else if !step.state.isSameState(as: after) {
                why = TreeDifference.firstDifference(model: step.state, implementation: after)
            }
            guard let why else { linearizable = true; break }
            problems.append(order.map { "'\(calls[$0])'" }.joined(separator: " then ") + ": " + why)
        }
        if !linearizable {
            broken.append((.snapshotConforms, "no order of the overlapping calls gives what the implementation did: " + problems.joined(separator: "; ")))
        } else if let leak = leak(result, toModel: toModel, calls) {
            broken.append((.noLeak, leak))
        }
        return broken.isEmpty ? nil : (broken, asStarted)
    }

    /// Every order of `n` calls, the order they started first.
    private static func orders(_ n: Int) -> [[Int]] {
        guard n > 1 else { return [Array(0 ..< n)] }
        var out: [[Int]] = []
        for first in 0 ..< n {
            for rest in orders(n - 1) { out.append([first] + rest.map { $0 >= first ? $0 + 1 : $0 }) }
        }
        return out
    }

    /// Why the run's `no-leak` fails, naming the coordinators live before the calls by the
    /// model's ids (`toModel`) and those made during them by the implementation's; nil when it holds.
    private func leak(_ result: OverlapResult, toModel: [CoordinatorID: CoordinatorID], _ calls: [Action]) -> String? {
        guard !result.leaked.isEmpty else { return nil }
        let names = result.leaked.map { id in
            toModel[CoordinatorID(id)].map(\.description) ?? "a coordinator made during the calls (its own id c\(id))"
        }
        let objects = names.count == 1 ? "its object is" : "their objects are"
        return "\(names.joined(separator: ", ")) ended but \(objects) still alive after \(Self.names(calls)) overlapped"
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
        let toImpl = IDMap(model: node.model, impl: node.impl).toImplementation
        let implCalls = interleaving.calls.map { $0.retargeted(toImpl) }
        interleavings += 1
        let request = OverlapRequest(calls: implCalls, choices: interleaving.choices)
        let result: OverlapResult
        do throws(SystemFailure) {
            result = try system.overlap(configuration: preset.configuration, path: node.implPath, request)
        } catch {
            if let check = error.invariant.flatMap(Check.init(name:)) {
                var known = OverlapResult(calls: implCalls.count)
                known.events = interleaving.events
                report(Found(broken: [(check, error.message)], result: known, node: node, calls: interleaving.calls,
                             implCalls: implCalls, choices: interleaving.choices, modelStep: nil), preset: preset, source: source)
            } else {
                notes.append("\(source): \(error.message)")
            }
            return
        }
        if result.diverged || !result.overlapped {
            notes.append("\(source): the implementation did not run as the interleaving says (the calls waited elsewhere, or not at all)")
            return
        }
        if let found = judge(result, calls: interleaving.calls, implCalls: implCalls, node: node, model: model) {
            report(found, preset: preset, source: source)
        }
    }

    /// Both sides after `prefix` (the model's ids), taken one step at a time from reset.
    private func node(after prefix: [Action], model: Model) throws(SystemFailure) -> Node {
        let (modelState, impl, sent) = try Lockstep.replay(prefix, configuration: model.configuration, on: system)
        return Node(modelPath: prefix, implPath: sent, model: modelState, impl: impl)
    }

    /// Overlaps after random walks, for states deeper than the breadth-first part reaches:
    /// `count` walks of up to `length` applied steps on `preset` (seeded), each ending with a
    /// call of each shape and a second call picked by the seed for it, in every order.
    /// A failure's steps before the calls are then shortened, and its schedule picked again
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
            let actions = shapes(offered(node.model, model: model, domain: domain), keepingStyle: true, rng: &rng)
            let toImpl = IDMap(model: node.model, impl: node.impl).toImplementation
            for first in actions {
                let second = rng.below(4) == 0 ? first : actions[rng.below(actions.count)]
                pairs += 1
                if case .failed(let f) = run([first, second], from: node, toImpl: toImpl, model: model, preset: preset) {
                    // Each try at a hang or a crash would cost a timeout or a restart.
                    var cut = f
                    if !f.check.isCrashOrHang && f.check != .repeatsItself {
                        cut = shorter(f, model: model, preset: preset)
                        let direct = shortcut(cut, model: model, domain: domain, preset: preset)
                        if direct.node.modelPath.count < cut.node.modelPath.count { cut = shorter(direct, model: model, preset: preset) }
                        // The schedule found from the long way may switch more than needed from
                        // the short one: the order the phase would have found there instead.
                        if cut.node.modelPath.count < f.node.modelPath.count,
                           case .failed(let g) = run(cut.calls, from: cut.node,
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
            guard applies, f.calls.flatMap(\.coordinators).allSatisfy(state.isLive),
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
        let implCalls = calls.map { $0.retargeted(toImpl) }
        interleavings += 1
        let request = OverlapRequest(calls: implCalls, choices: choices)
        guard let result = try? system.overlap(configuration: preset.configuration, path: node.implPath, request),
              !result.diverged, result.overlapped, result.hung == nil,
              let found = judge(result, calls: calls, implCalls: implCalls, node: node, model: model), found.check == check else { return nil }
        return found
    }

    /// Replays the failure once more from reset and reports each check it breaks; one that
    /// runs another way then breaks `repeats-itself`. `originalLength`: its steps before the
    /// calls as found, when they were shrunk.
    private mutating func report(_ f: Found, preset: Preset, source: String, originalLength: Int? = nil) {
        var f = f
        // Each try at a hang costs a timeout.
        if f.check != .noHang && f.check != .repeatsItself {
            let request = OverlapRequest(calls: f.implCalls, choices: f.choices)
            var why: String?
            do throws(SystemFailure) {
                let again = try system.overlap(configuration: preset.configuration, path: f.node.implPath, request)
                if f.check == .noCrash {
                    why = "it crashed the first time and not when replayed from reset"
                } else if again.events != f.result.events {
                    why = "its calls waited and returned in another order when replayed from reset"
                } else if f.broken.contains(where: { $0.check == .noLeak }), again.leaked != f.result.leaked {
                    why = "other coordinators were left alive when it was replayed from reset"
                }
            } catch {
                if f.check != .noCrash || error.kind != .crash { why = "when replayed from reset: \(error.message)" }
            }
            if let why {
                f.broken = [(.repeatsItself, "overlapping \(Self.names(f.calls)) did not run the same way twice: \(why) (\(f.check) the first time: \(f.broken[0].reason))")]
            }
        }
        let steps = f.result.steps
        let interleaving = Interleaving(calls: f.calls, events: f.result.events)
        for (check, reason) in f.broken {
            failures.append(ConformanceFailure(
                check: check, reason: reason, trace: f.node.modelPath, configuration: preset.configuration, presetName: preset.name,
                source: source, originalLength: originalLength ?? f.node.modelPath.count,
                step: FailingStep(index: f.node.modelPath.count, modelAction: f.calls[0], modelBefore: f.node.model,
                                  modelStep: f.modelStep,
                                  implementation: ImplementationSide(action: f.implCalls[0], before: f.node.impl, outcome: steps[0]?.outcome,
                                                                     events: steps.flatMap { $0?.events ?? [] }, after: f.result.state)),
                alsoBroken: f.broken.map(\.check).filter { $0 != check }, diagnostics: "", interleaving: interleaving))
        }
    }
}
