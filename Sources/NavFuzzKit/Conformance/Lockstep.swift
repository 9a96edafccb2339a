@_spi(Engine) import CoordinatorModel
import Dispatch

/// The model and an implementation in lock-step: brings the implementation to a state it was
/// in (by restoring a saved state, else by reset and replay), takes one step on both sides and
/// checks it. One per verification, shared by the machines of its configurations, since it
/// knows where the one implementation is.
///
/// Ids: actions are written with the model's ids (creation order). Before each step the
/// target is translated to the implementation's id through the canonical form of the two
/// states, which agree whenever a step is taken, so the implementation may number its
/// coordinators as it likes.
///
/// Checks after each step, in `Check.all` order (each broken one is its own finding):
/// the five state invariants on the implementation's new state, the seven transition
/// invariants on its (before, action, step), `snapshot-conforms` (outcome, events as a set,
/// and the state on the canonical form), `no-leak`; a step that dies or times out is
/// `no-crash` / `no-hang`.
final class Lockstep {
    let system: DrivenSystem
    /// Whether saved states are used when the system offers them.
    let restores: Bool
    /// Whether the system takes announced calls (a driver): then exploration announces a
    /// state's steps, and the next state's while those are answered.
    var announces: Bool { system.takesAnnouncements }
    /// Whether to announce a state's steps before the steps of the state before are taken.
    /// Those are written in the ids the implementation had the first time; an implementation
    /// that numbers its coordinators by more than its state (a counter a refused call moved)
    /// has other ids when it comes back, so announcing ahead stops after it was seen a few times.
    var announcesAhead: Bool { announces && idsMoved < 8 }
    /// How often the implementation came back to a state with other ids than the first time.
    private var idsMoved = 0

    /// Where the implementation is: the trail it was last brought or stepped to; nil when that
    /// is not known (before the first reset, after a failing step).
    private var current: Trail?
    /// The states of both sides there, and how their ids pair.
    private var ids = IDMap(model: .empty, impl: .empty, identical: true)
    private var implState: State { ids.impl }
    private let leaks = LeakTracker()
    private var scratchModel: [UInt8] = []
    private var scratchImpl: [UInt8] = []

    /// Save the state a step starts from before a step that changes it (exploration will come
    /// back to it), when the system can.
    var saving = false
    /// The calls announced to the system and not yet made.
    private var announced = AnnouncedCalls()
    /// States' steps whose announcement waits until the implementation is there: the state
    /// being expanded and the one prepared ahead of it, at most.
    private var deferred: [(trail: Trail, actions: [Action])] = []
    /// Remember each step's result on its trail, so that a trace tried again (shrinking tries
    /// many that share a beginning) needs the implementation only from where it differs.
    var memoizing = false

    /// A protocol error: nothing the system says can be trusted any more. Every step after it
    /// is a quiet no-op, and verification reports the error.
    private(set) var fatal: SystemFailure?
    /// Whether any step has failed a check.
    private(set) var foundAny = false { didSet { if foundAny && firstFound == nil { firstFound = DispatchTime.now().uptimeNanoseconds } } }
    /// When a step first failed a check (uptime nanoseconds).
    private(set) var firstFound: UInt64?
    /// Refused calls that crashed the system too often, answered by the runner from then on.
    private(set) var knownCrashes = KnownCrashes()
    /// Why the runner answers a call itself, as the model does, rather than make it: a
    /// malformed call the system did not ask for (nothing to compare, and the implementation
    /// stays where it is), or one of a kind that crashed the system too often; nil: it is made.
    private func runnerAnswer(_ outcome: Outcome, _ action: Action, in state: State) -> RunnerAnswer? {
        if capabilities.runnerAnswers(outcome, action, in: state) { return .malformed }
        return knownCrashes.known(outcome, action).map { .knownCrash($0) }
    }
    enum RunnerAnswer { case malformed, knownCrash(KnownCrashes.Kind) }
    /// When a phase gives up on a system that fails step after step.
    private(set) var giveUp = GiveUpPolicy()
    var everGaveUp: Bool { giveUp.everGaveUp }
    var phaseStopped: Bool { giveUp.phaseStopped }
    func startPhase() { giveUp.startPhase() }
    /// Called when the engine asks whether to stop: true once the phase has given up.
    func stopsPhase() -> Bool { giveUp.stopsPhase() }
    /// For the last replays, which must reach the system whatever came before.
    func endPhases() {
        knownCrashes.answering = false
        giveUp.endPhases()
    }
    /// Replays from reset that brought the implementation to another state than the first
    /// time (`repeats-itself`), the first few.
    private(set) var unrepeated: [Unrepeated] = []
    struct Unrepeated {
        var configuration: Configuration
        /// The way there, in model ids.
        var path: [Action]
        var first: State
        var again: State
    }
    /// The failing steps seen, by where the model was and what was done: a trace that fails
    /// once and not when replayed shows both runs (`repeats-itself`).
    private var firstRuns: [StepKey: ConformanceStep] = [:]
    struct StepKey: Hashable {
        var configuration: Configuration
        var model: State
        var action: Action
    }
    func firstRun(_ configuration: Configuration, _ model: State, _ action: Action) -> ConformanceStep? {
        firstRuns[StepKey(configuration: configuration, model: model, action: action)]
    }

    /// What the implementation did, for the report.
    private(set) var counts = LockstepCounts()

    private var nextSaveID = 0

    /// What the system offers, read once (a driver's come with its handshake).
    let capabilities: Capabilities

    init(system: DrivenSystem, restores: Bool) {
        self.system = system
        self.restores = restores && system.canSaveState
        capabilities = system.capabilities
    }

    // MARK: - Starting

    /// Resets the implementation to `model`'s initial state and compares the two: the root of
    /// every trail of that configuration, or the findings of a reset that already disagrees.
    func start(_ model: Model) -> (trail: Trail?, failure: ConformanceStep?) {
        if fatal != nil { return (nil, nil) }
        current = nil
        let initial = model.initialState()
        let observed: State
        do {
            counts.resets += 1
            announced.record([.reset(model.configuration)])
            try system.reset(configuration: model.configuration)
            observed = try system.observedState()
        } catch {
            return (nil, stepFailure(error, modelBefore: initial, action: nil, model: model))
        }
        var findings: [Finding] = []
        for (k, inv) in Invariant.stateInvariants.enumerated() {
            if let why = inv.violation(in: observed) { findings.append(Finding(Check.all[k], "initial state: \(why)")) }
        }
        if !sameState(initial, observed) {
            findings.append(Finding(.snapshotConforms,
                                    "initial state: \(TreeDifference.firstDifference(model: initial, implementation: observed))"))
        }
        if !findings.isEmpty {
            return (nil, ConformanceStep(modelBefore: initial, action: nil, modelStep: nil, implAction: nil, implBefore: nil,
                                         implOutcome: nil, implEvents: [], implAfter: observed,
                                         findings: screened(findings, after: nil, nil, model.configuration), next: nil))
        }
        let root = Trail(configuration: model.configuration, implState: observed)
        arrive(at: root, model: initial, impl: observed, jumped: true)
        return (root, nil)
    }

    // MARK: - One step

    /// `action` from `state` on the model only, the implementation left where it is: a step
    /// that another shard checks. A new state gets a trail the implementation has not been to.
    func modelOnlyStep(_ state: ConformanceState, _ action: Action, model: Model) -> ConformanceStep {
        let modelStep = model.step(state.model, action)
        var next: Trail? = state.trail
        if !modelStep.outcome.isRefused && !identical(modelStep.state, state.model) {
            next = Trail(parent: state.trail, action: action, implAction: nil, implState: nil)
        }
        return ConformanceStep(modelBefore: state.model, action: action, modelStep: modelStep, implAction: nil, implBefore: nil,
                               implOutcome: nil, implEvents: [], implAfter: nil, findings: [], next: next)
    }

    /// A step from a state the implementation, replayed to it, did not reach: nothing checked
    /// and nowhere to go, as after a failing step.
    private func unreached(_ state: ConformanceState, _ action: Action, _ modelStep: Step) -> ConformanceStep {
        ConformanceStep(modelBefore: state.model, action: action, modelStep: modelStep, implAction: nil, implBefore: nil,
                        implOutcome: nil, implEvents: [], implAfter: nil, findings: [], next: nil)
    }

    /// Brings the implementation to `state` and takes `action` on both sides.
    func step(_ state: ConformanceState, _ action: Action, model: Model) -> ConformanceStep {
        if let known = state.trail.memo[action], memoizing || known.crashedOrHung { return known }
        let modelStep = model.step(state.model, action)
        guard fatal == nil else {
            return ConformanceStep(modelBefore: state.model, action: action, modelStep: modelStep, implAction: nil, implBefore: nil,
                                   implOutcome: nil, implEvents: [], implAfter: nil, findings: [], next: nil)
        }
        if let answer = runnerAnswer(modelStep.outcome, action, in: state.model) {
            if case .knownCrash(let known) = answer { knownCrashes.answered(known) }
            return ConformanceStep(modelBefore: state.model, action: action, modelStep: modelStep, implAction: nil, implBefore: nil,
                                   implOutcome: modelStep.outcome, implEvents: [], implAfter: nil, findings: [], next: state.trail)
        }
        let modelChanges = !modelStep.outcome.isRefused && !identical(modelStep.state, state.model)
        // The state's steps, announced now that they are taken: before anything is queued for
        // the first of them, so that the calls match what was announced.
        if let k = deferred.firstIndex(where: { $0.trail === state.trail }) {
            let actions = deferred.remove(at: k).actions
            prepare(state, actions, model: model, ahead: false)
        }
        // The implementation is where the lock-step thinks only if this step's calls are the
        // next ones announced: else it is brought back first (`AnnouncedCalls`).
        if current === state.trail && !announced.isEmpty {
            let save = saving && modelChanges && restores && state.trail.saved == nil
            let calls = (save ? [AnnouncedCall.save(reserveSaveID(for: state.trail))] : [])
                + [.step(action.retargeted(ids.toImplementation), snapshot: true)]
            if !announced.allows(calls) { current = nil }
        }
        var result: ConformanceStep?
        // A crash or hang that may belong to another request of a batch is tried once more alone:
        // after a crash, the rest of a batch fails too, and must not be blamed for it.
        for attempt in 0 ..< 2 where result == nil {
            do {
                try bring(to: state, saveFirst: saving && modelChanges)
            } catch {
                if error.uncertain && attempt == 0 { current = nil; continue }
                return stepFailure(error, modelBefore: state.model, action: action, model: model, modelStep: modelStep, trail: state.trail)
            }
            if state.trail.diverged { return unreached(state, action, modelStep) }
            let implAction = action.retargeted(ids.toImplementation)
            let implBefore = implState
            let mark = capabilities.trapsOnRefusedCalls ? system.diagnosticsMark : 0
            do {
                result = try takeStep(state, action, implAction, modelStep, modelChanges: modelChanges, model: model)
            } catch {
                // Tried again alone: the step is counted once.
                if error.uncertain && attempt == 0 { counts.steps -= 1; current = nil; continue }
                // A library that traps on calls its contract forbids: an assertion where the
                // model refuses is that refusal (a runtime trap is still a crash). The system is
                // put back where it was by the next step.
                if error.kind == .crash && capabilities.trapsOnRefusedCalls && modelStep.outcome.isRefused,
                   Trap(saying: error.diagnostics + "\n" + system.diagnostics(since: mark)) == .assertion {
                    current = nil
                    counts.trappedRefusals += 1
                    if case .refused(let reason) = modelStep.outcome { knownCrashes.trapped(action, refused: reason) }
                    return ConformanceStep(modelBefore: state.model, action: action, modelStep: modelStep, implAction: implAction,
                                           implBefore: implBefore, implOutcome: modelStep.outcome, implEvents: [], implAfter: nil,
                                           findings: [], next: state.trail)
                }
                if error.kind == .crash, case .refused(let reason) = modelStep.outcome {
                    knownCrashes.crashed(action, refused: reason)
                }
                let failed = stepFailure(error, modelBefore: state.model, action: action, model: model, modelStep: modelStep,
                                         implAction: implAction, implBefore: implBefore, trail: state.trail)
                // A crash or hang is remembered on its trail: shrinking tries many traces that
                // end in the same step, and exploration follows a failing path again to report
                // it, after such calls may be answered by the runner (`KnownCrashes`). The
                // trace found is replayed afresh, from a new trail, at the end.
                if error.kind != .protocolError { state.trail.memo[action] = failed }
                return failed
            }
        }
        guard let result else {
            return stepFailure(SystemFailure(.crash, "the driver failed twice"), modelBefore: state.model, action: action, model: model,
                               trail: state.trail)
        }
        if memoizing { state.trail.memo[action] = result }
        giveUp.worked()
        return result
    }

    /// Announces the steps of `actions` from `state` as `step` will make them, so that a
    /// driver sends them at once (`DrivenSystem.announce`). The model says which steps
    /// change the state, and so where a restore (or a replay) comes before the next; a step
    /// that does otherwise fails a check, the lock-step then no longer knows where the
    /// implementation is, and the calls that follow drop what is left of the announcement.
    /// With `ahead` the steps of another state are still to be taken first: nothing is done now,
    /// and the state is reached by a restore or a replay.
    func prepare(_ state: ConformanceState, _ actions: [Action], model: Model, ahead: Bool) {
        guard announces, fatal == nil, !memoizing, actions.count > 1 else { return }
        let trail = state.trail
        // A state the implementation has not been to, or that only a replay of the model's
        // path reaches: announced once the implementation is there (`step`), or not at all.
        if trail.implState == nil && ahead {
            if deferred.count == 2 { deferred.removeFirst() }
            deferred.append((trail, actions))
            return
        }
        if !trail.replayable && !restores { return }
        var savedID = restores ? trail.saved?.id : nil
        // Without ahead, a state that has to be replayed to is replayed to now: the replay may
        // have to translate ids as it goes.
        if !ahead && current !== trail && savedID == nil {
            do { try bring(to: state, saveFirst: false) } catch { return }
            if trail.diverged { return }
        }
        guard let implState = trail.implState else { return }
        let path = trail.implementationPath
        var away = ahead || current !== trail
        // The ids the implementation has there: as saved, as the replay will give them, or now.
        let there = away ? IDMap(model: state.model, impl: savedID.flatMap { _ in trail.saved?.implState } ?? implState) : ids
        let toImpl = there.toImplementation
        var calls: [AnnouncedCall] = []
        for a in actions {
            let modelStep = model.step(state.model, a)
            // Steps that are not made: answered by the runner, or a crash remembered.
            if runnerAnswer(modelStep.outcome, a, in: state.model) != nil || trail.memo[a]?.crashedOrHung == true { continue }
            let changes = !modelStep.outcome.isRefused && !identical(modelStep.state, state.model)
            if away {
                if let id = savedID {
                    calls.append(.restore(id))
                } else if restores, let parent = trail.parent?.saved, let step = trail.implAction {
                    calls.append(.restore(parent.id))
                    calls.append(.step(step, snapshot: true))
                } else if !trail.replayable {
                    break
                } else {
                    calls.append(.reset(trail.configuration))
                    for x in path.dropLast() { calls.append(.step(x, snapshot: false)) }
                    if let last = path.last { calls.append(.step(last, snapshot: true)) }
                }
                away = false
            }
            if changes && saving && restores && savedID == nil {
                let id = reserveSaveID(for: trail)
                calls.append(.save(id))
                savedID = id
            }
            calls.append(.step(a.retargeted(toImpl), snapshot: true))
            away = changes
        }
        announce(calls)
    }

    /// Announces a walk's steps from `state`, each from where the one before leads, as `step`
    /// will make them. Only for an implementation that has the model's ids: the ids of what a
    /// walk creates are not known ahead otherwise.
    func prepare(walk actions: [Action], from state: ConformanceState, model: Model) {
        guard announces, fatal == nil, !memoizing, !saving, actions.count > 1 else { return }
        if current !== state.trail {
            do { try bring(to: state, saveFirst: false) } catch { return }
        }
        guard ids.identity else { return }
        // Every call reaches a system that receives invalid calls: no model steps needed.
        if capabilities.receivesInvalidCalls && knownCrashes.isEmpty { return announce(actions.map { .step($0, snapshot: true) }) }
        var calls: [AnnouncedCall] = []
        var s = state.model
        for a in actions {
            let step = model.step(s, a)
            if runnerAnswer(step.outcome, a, in: s) != nil { continue }
            calls.append(.step(a, snapshot: true))
            if !step.outcome.isRefused { s = step.state }
        }
        announce(calls)
    }

    private func announce(_ calls: [AnnouncedCall]) {
        announced.announce(calls)
        system.announce(calls)
    }

    /// The id `trail` is to be saved under: the one an announcement gave it, or a new one.
    private func reserveSaveID(for trail: Trail) -> Int {
        if let id = trail.saveID { return id }
        trail.saveID = nextSaveID
        nextSaveID += 1
        return trail.saveID!
    }

    /// The step on the implementation and every check; throws when the system could not take it.
    private func takeStep(_ state: ConformanceState, _ action: Action, _ implAction: Action, _ modelStep: Step, modelChanges: Bool,
                          model: Model) throws(SystemFailure) -> ConformanceStep {
        let implBefore = implState
        counts.steps += 1
        announced.record([.step(implAction, snapshot: true)])
        let reply = try system.apply(implAction)
        if reply.notOffered {
            if let why = capabilities.notOfferedClaimFails(action, in: state.model) {
                current = nil
                return ConformanceStep(modelBefore: state.model, action: action, modelStep: modelStep, implAction: implAction,
                                       implBefore: implBefore, implOutcome: nil, implEvents: [], implAfter: nil,
                                       findings: screened([Finding(.snapshotConforms, why)], after: state.trail, action,
                                                          model.configuration), next: nil)
            }
            // Not made, so nothing to compare: both sides stay where they were.
            counts.notOffered[action.name, default: 0] += 1
            return ConformanceStep(modelBefore: state.model, action: action,
                                   modelStep: Step(outcome: .refused(.unsupported), state: state.model, events: []),
                                   implAction: implAction, implBefore: implBefore, implOutcome: nil, implEvents: [],
                                   implAfter: implBefore, findings: [], next: state.trail)
        }
        let implAfter: State
        if let state = reply.state { implAfter = state } else if reply.unchanged { implAfter = implBefore } else {
            implAfter = try system.observedState()
        }

        var findings: [Finding] = []
        let unchanged = identical(implAfter, implBefore)
        if !unchanged {
            for (k, inv) in Invariant.stateInvariants.enumerated() {
                if let why = inv.violation(in: implAfter) { findings.append(Finding(Check.all[k], ids.inModelIDs(why))) }
            }
        }
        let implStep = Step(outcome: reply.outcome, state: implAfter, events: reply.events)
        Invariant.checkAll(implBefore, implAction, implStep, model.configuration) { k, why in
            findings.append(Finding(Check.all[k], ids.inModelIDs(why)))
        }
        // A refused model step returns its state as it was. Same ids and same contents is the
        // common case of agreement, and much cheaper to see than canonical forms.
        let sameIDs = unchanged && !modelChanges ? ids.identity : identical(modelStep.state, implAfter)
        if let why = conformance(modelStep, reply, implAfter, unchanged: unchanged, sameIDs: sameIDs) {
            findings.append(Finding(.snapshotConforms, why))
        }
        let leaked = reply.leaked ?? (unchanged ? [] : leaks.leaked(before: implBefore, after: implAfter, system: system))
        if !leaked.isEmpty {
            let names = leaked.map { ids.modelName(ofImplementation: CoordinatorID($0)) }
            findings.append(Finding(.noLeak, "\(names.joined(separator: ", ")) ended but \(leaked.count == 1 ? "its object is" : "their objects are") still alive after '\(action)'"))
            // docs/SEMANTICS.md §5.2: no coordinator of the old root flow is live after switchRoot.
            if case .switchRoot = action, !modelStep.outcome.isRefused {
                findings.append(Finding(.invariant(Invariant.restartResets.name),
                                        "\(names.joined(separator: ", ")) of the old root flow \(leaked.count == 1 ? "is" : "are") still alive after '\(action)'"))
            }
        }
        findings.sort { $0.check < $1.check }

        // A leak leaves both sides in the same state: the run may go on from there. So does a
        // failure the baseline expects, when the implementation is where the model is (wrong
        // events, a wrong outcome): the path goes on, and the next bug on it is found.
        let kept = screened(findings, after: state.trail, action, model.configuration)
        var next: Trail?
        if kept.contains(where: { $0.check != .noLeak })
            || (findings.contains(where: { $0.check != .noLeak }) && !sameState(modelStep.state, implAfter)) {
            current = nil
        } else if unchanged && !modelChanges {
            next = state.trail
        } else {
            let trail = Trail(parent: state.trail, action: action, implAction: implAction, implState: implAfter)
            arrive(at: trail, model: modelStep.state, impl: implAfter, jumped: false, identical: sameIDs)
            next = trail
        }
        let step = ConformanceStep(modelBefore: state.model, action: action, modelStep: modelStep, implAction: implAction,
                                   implBefore: implBefore, implOutcome: reply.outcome, implEvents: reply.events,
                                   implAfter: implAfter, findings: kept, next: next)
        if !kept.isEmpty && firstRuns.count < 4096 {
            firstRuns[StepKey(configuration: model.configuration, model: state.model, action: action)] = step
        }
        return step
    }

    // MARK: - The baseline

    /// Accepted differences: a finding that matches an entry is recorded as expected and taken
    /// out of the step's findings. The step still goes nowhere when the two sides differ.
    var baseline = BaselineScreen()
    /// Told of each failing step as it is found (`Verifier.Options.found`).
    var found: ((Check, String, [Action]) -> Void)?

    /// `findings` without the expected ones; notes whether anything unexpected was found.
    private func screened(_ findings: [Finding], after trail: Trail?, _ action: Action?, _ configuration: Configuration) -> [Finding] {
        let kept = baseline.unexpected(findings, trace: (trail?.path ?? []) + (action.map { [$0] } ?? []), failing: action,
                                       configuration)
        if !kept.isEmpty {
            foundAny = true
            if let found {
                let trace = (trail?.path ?? []) + (action.map { [$0] } ?? [])
                for f in kept { found(f.check, f.reason, trace) }
            }
        }
        return kept
    }

    /// A crash or hang is a finding at the step; a protocol error ends verification.
    private func stepFailure(_ error: SystemFailure, modelBefore: State, action: Action?, model: Model, modelStep: Step? = nil,
                             implAction: Action? = nil, implBefore: State? = nil, trail: Trail? = nil) -> ConformanceStep {
        current = nil
        var findings: [Finding] = []
        switch error.kind {
        case .crash: findings.append(Finding(.noCrash, error.message))
        case .hang: findings.append(Finding(.noHang, error.message))
        case .protocolError: fatal = error
        }
        let kept = screened(findings, after: trail, action, model.configuration)
        // A failure the baseline expects is no reason to give up: the run goes on looking.
        if !kept.isEmpty { giveUp.failed(action, hang: error.kind == .hang) }
        return ConformanceStep(modelBefore: modelBefore, action: action, modelStep: modelStep ?? action.map { model.step(modelBefore, $0) },
                               implAction: implAction, implBefore: implBefore, implOutcome: nil, implEvents: [], implAfter: nil,
                               findings: kept, next: nil)
    }

    // MARK: - Getting there

    /// Puts the implementation where `state` is: nothing to do when it is there, else a saved
    /// state restored, else a reset and the trail's path replayed. With `saveFirst`, the state
    /// is saved once it is there, unless it was saved before.
    private func bring(to state: ConformanceState, saveFirst: Bool) throws(SystemFailure) {
        let trail = state.trail
        if trail.diverged { return }
        if current !== trail {
            if restores, let saved = trail.saved, try restore(saved.id) {
                counts.restores += 1
                arrive(at: trail, model: state.model, impl: saved.implState, jumped: true)
            } else if restores, let parent = trail.parent, let saved = parent.saved, let step = trail.implAction,
                      let expected = trail.implState, try restore(saved.id) {
                // One step from the state before, as the first time: fewer steps than a replay
                // from reset, and the ids as the first time.
                counts.restores += 1
                counts.replayedSteps += 1
                announced.record([.step(step, snapshot: true)])
                let actual = try system.replay([step])
                if !identical(actual, expected) { idsMoved += 1 }
                if sameState(actual, expected) {
                    arrive(at: trail, model: state.model, impl: actual, jumped: true)
                } else {
                    try replay(to: trail, model: state.model)
                }
            } else {
                trail.saved = nil
                try replay(to: trail, model: state.model)
            }
        }
        if trail.diverged { return }
        if saveFirst && restores && trail.saved == nil {
            let id = reserveSaveID(for: trail)
            announced.record([.save(id)])
            try system.saveState(as: id)
            // The state as it is now: an implementation may number its coordinators by more
            // than the path (a counter a refused call moved), so not always as the first time.
            trail.saved = (id, implState)
            counts.saves += 1
        }
    }

    private func restore(_ id: Int) throws(SystemFailure) -> Bool {
        announced.record([.restore(id)])
        return try system.restoreState(id)
    }

    private func replay(to trail: Trail, model: State) throws(SystemFailure) {
        counts.resets += 1
        announced.record([.reset(trail.configuration)])
        try system.reset(configuration: trail.configuration)
        // Sent as the implementation was sent them, or, for a way some of which it was never
        // sent, in the model's ids (translated as it goes when its ids are others).
        let path = trail.replayable ? trail.implementationPath : trail.path
        announced.record(path.indices.map { .step(path[$0], snapshot: $0 == path.count - 1) })
        var actual = path.isEmpty ? try system.observedState() : try system.replay(path)
        counts.replayedSteps += path.count
        guard let expected = trail.implState else {
            if !path.isEmpty && !identical(actual, model) { actual = try replayTranslating(trail) }
            // The first time the implementation is here: it must be where the model is, else a
            // step on the way (another shard's to check) failed, and nothing is checked from here.
            if !sameState(actual, model) {
                trail.diverged = true
                current = nil
                return
            }
            trail.implState = actual
            arrive(at: trail, model: model, impl: actual, jumped: true)
            return
        }
        if !path.isEmpty && !identical(actual, expected) {
            idsMoved += 1
            // The ids were not those of the first time, so neither were the actions: again,
            // translating each step's ids as it goes.
            actual = try replayTranslating(trail)
        }
        if !sameState(actual, expected) {
            // Nothing is checked from a state the implementation does not come back to.
            if unrepeated.count < 8 {
                unrepeated.append(Unrepeated(configuration: trail.configuration, path: trail.path, first: expected, again: actual))
            }
            foundAny = true
            trail.diverged = true
            current = nil
            return
        }
        arrive(at: trail, model: model, impl: actual, jumped: true)
    }

    private func replayTranslating(_ trail: Trail) throws(SystemFailure) -> State {
        counts.resets += 1
        defer { counts.replayedSteps += trail.path.count }
        announced.record([.reset(trail.configuration)])
        let replayed = try Self.replay(trail.path, configuration: trail.configuration, on: system)
        for sent in replayed.sent { announced.record([.step(sent, snapshot: true)]) }
        return replayed.impl
    }

    /// Resets `system` to `configuration` and takes `path` (in the model's ids) on the model
    /// and, each action translated as `toImplementation` translated it when it was first taken,
    /// on the system: the one replay from reset, of the lock-step and of the overlap phase.
    /// The states after it on both sides, and the actions as sent.
    static func replay(_ path: [Action], configuration: Configuration,
                       on system: DrivenSystem) throws(SystemFailure) -> (model: State, impl: State, sent: [Action]) {
        try system.reset(configuration: configuration)
        let model = Model(configuration: configuration)
        var m = model.initialState()
        var impl = try system.observedState()
        var sent: [Action] = []
        sent.reserveCapacity(path.count)
        for action in path {
            let implAction = action.retargeted(IDMap(model: m, impl: impl).toImplementation)
            sent.append(implAction)
            let reply = try system.apply(implAction)
            if let after = reply.state { impl = after } else { impl = try system.observedState() }
            m = model.step(m, action).state
        }
        return (m, impl, sent)
    }

    /// The implementation is at `trail` now, with these states on the two sides. After a jump
    /// (a reset, a restore) the leak check starts again from the objects there.
    private func arrive(at trail: Trail, model: State, impl: State, jumped: Bool, identical known: Bool? = nil) {
        current = trail
        if jumped { leaks.reset(impl, system: system) }
        ids = IDMap(model: model, impl: impl, identical: known ?? identical(model, impl))
    }

    // MARK: - Checks

    /// `snapshot-conforms`: nil when outcome, events and state agree; else every disagreement.
    private func conformance(_ modelStep: Step, _ reply: SystemStep, _ implAfter: State,
                             unchanged: Bool, sameIDs: Bool) -> String? {
        // A refusal both sides agree on, with the implementation unchanged, is the same state.
        let trivially = unchanged && modelStep.outcome.isRefused && modelStep.outcome == reply.outcome
        return ids.disagreements(modelStep, outcome: reply.outcome, events: reply.events, after: implAfter,
                                 sameState: trivially || sameIDs || sameState(modelStep.state, implAfter),
                                 top: reply.top, selected: reply.selected)
    }

    private func sameState(_ a: State, _ b: State) -> Bool {
        if identical(a, b) { return true }
        scratchModel.removeAll(keepingCapacity: true)
        scratchImpl.removeAll(keepingCapacity: true)
        a.encodeCanonical(into: &scratchModel)
        b.encodeCanonical(into: &scratchImpl)
        return scratchModel == scratchImpl
    }

    // MARK: - Ids

    /// Equal with the same ids (`nextID` aside): the same state without computing canonical forms.
    private func identical(_ a: State, _ b: State) -> Bool { a.sameCoordinators(as: b) }
}
