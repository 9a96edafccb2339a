import CoordinatorModel

/// Lock-step conformance: the model and an implementation run the same actions from their
/// initial states, and after every step the implementation must agree with the model and keep
/// every invariant on its own states.
///
/// Ids: traces are written with the model's trace ids (creation order). Before each step the
/// target is translated to the implementation's id through the canonical form of the two states,
/// which agree whenever a step is taken (a run stops at its first failing step), so the
/// implementation may number its coordinators as it likes.
///
/// Checks after each step, in this order (each broken one is its own finding):
/// the five state invariants on the implementation's new state, the seven transition invariants
/// on its (before, action, step), `snapshot-conforms` (outcome, events as a set, and the state on
/// the canonical form), `no-leak`; a step that dies or times out is `no-crash` / `no-hang`.
final class ConformanceSession {
    let system: NavigationSystem
    let model: Model
    var configuration: Configuration { model.configuration }

    private(set) var modelState: State
    private(set) var implState: State
    /// `implID[p]`: the implementation's id of the model coordinator at position `p` of
    /// `modelState`; `modelID[q]` the other way round.
    private var implID: [CoordinatorID] = []
    private var modelID: [CoordinatorID] = []
    /// True when both sides use the same ids for the same coordinators (the common case of an
    /// implementation that numbers in creation order): the tables above are then not needed.
    private var identity = false
    private let leaks = LeakTracker()
    private var scratchModel: [UInt8] = []
    private var scratchImpl: [UInt8] = []
    /// False until a reset succeeds and after a failing step: the next run resets.
    private(set) var isLive = false
    /// Implementation steps taken and resets done, for the report.
    private(set) var steps = 0
    private(set) var resets = 0
    /// The failing step of the last run that failed.
    private(set) var lastFailure: FailingStep?
    /// Whether the last step left both sides exactly where they were (a refusal, or a no-op):
    /// exploration then tries the next action without a reset.
    private(set) var lastStepKeptState = false

    init(system: NavigationSystem, configuration: Configuration) {
        self.system = system
        self.model = Model(configuration: configuration)
        modelState = model.initialState()
        implState = modelState
    }

    // MARK: - Runs

    /// Runs `trace` from reset, stopping at the first step with findings. A protocol error
    /// throws: the system cannot be trusted any more.
    func run(_ trace: [Action]) throws(SystemFailure) -> RunResult {
        var findings = try reset()
        if !findings.isEmpty { return RunResult(findings: findings, failingIndex: -1) }
        for (i, action) in trace.enumerated() {
            findings = try step(action)
            if !findings.isEmpty {
                lastFailure?.index = i
                return RunResult(findings: findings, failingIndex: i)
            }
        }
        return RunResult(findings: [], failingIndex: nil)
    }

    /// Resets both sides and compares the initial states.
    func reset() throws(SystemFailure) -> [Finding] {
        resets += 1
        isLive = false
        modelState = model.initialState()
        do {
            try system.reset(configuration: configuration)
            implState = try system.observedState()
        } catch {
            return try died(error, action: nil, index: -1)
        }
        var findings: [Finding] = []
        for inv in Invariant.stateInvariants {
            if let why = inv.violation(in: implState) { findings.append(Finding(inv.name, "initial state: \(why)")) }
        }
        if !sameState(modelState, implState) {
            findings.append(Finding("snapshot-conforms", "initial state: \(TreeDifference.firstDifference(model: modelState, implementation: implState))"))
        }
        if !findings.isEmpty {
            lastFailure = FailingStep(index: -1, modelAction: nil, implementationAction: nil, modelBefore: modelState,
                                      implementationBefore: nil, modelStep: nil, implementationOutcome: nil,
                                      implementationEvents: [], implementationAfter: implState)
            return findings
        }
        leaks.reset(implState, system: system)
        rebuildMapping(identical: identical(modelState, implState))
        isLive = true
        return []
    }

    /// One step on both sides and every check. Empty when everything agrees.
    func step(_ action: Action) throws(SystemFailure) -> [Finding] {
        let implAction = action.retargeted(toImplementation)
        let modelStep = model.step(modelState, action)
        let implBefore = implState
        steps += 1
        lastStepKeptState = false
        let reply: SystemStep
        let implAfter: State
        do {
            reply = try system.apply(implAction)
            if let state = reply.state { implAfter = state } else { implAfter = try system.observedState() }
        } catch {
            return try died(error, action: action, implAction: implAction, modelStep: modelStep, index: nil)
        }

        var findings: [Finding] = []
        let unchanged = identical(implAfter, implBefore)
        if !unchanged {
            for inv in Invariant.stateInvariants {
                if let why = inv.violation(in: implAfter) { findings.append(Finding(inv.name, why)) }
            }
        }
        let transition = Transition(before: implBefore, action: implAction,
                                    step: Step(outcome: reply.outcome, state: implAfter, events: reply.events),
                                    configuration: configuration)
        for inv in Invariant.transitionInvariants {
            if let why = inv.violation(in: transition) { findings.append(Finding(inv.name, why)) }
        }
        // A refused model step returns its state as it was. Same ids and same contents is the
        // common case of agreement, and much cheaper to see than canonical forms.
        let modelUnchanged = modelStep.outcome.isRefused || identical(modelStep.state, modelState)
        let sameIDs = unchanged && modelUnchanged ? identity : identical(modelStep.state, implAfter)
        if let why = conformance(action, modelStep, reply, implAfter, unchanged: unchanged, sameIDs: sameIDs) {
            findings.append(Finding("snapshot-conforms", why))
        }
        let leaked = reply.leaked ?? (unchanged ? [] : leaks.leaked(before: implBefore, after: implAfter, system: system))
        if !leaked.isEmpty {
            let names = leaked.map { modelName(ofImplementation: CoordinatorID($0)) }
            findings.append(Finding("no-leak", "\(names.joined(separator: ", ")) ended but \(leaked.count == 1 ? "its object is" : "their objects are") still alive after '\(action)'"))
        }

        if !findings.isEmpty {
            lastFailure = FailingStep(index: nil, modelAction: action, implementationAction: implAction,
                                      modelBefore: modelState, implementationBefore: implBefore, modelStep: modelStep,
                                      implementationOutcome: reply.outcome, implementationEvents: reply.events,
                                      implementationAfter: implAfter)
            isLive = false
            return findings
        }
        modelState = modelStep.state
        implState = implAfter
        lastStepKeptState = unchanged && modelUnchanged
        if !lastStepKeptState { rebuildMapping(identical: sameIDs) }
        return []
    }

    // MARK: - Checks

    /// `snapshot-conforms`: nil when outcome, events and state agree; else every disagreement.
    private func conformance(_ action: Action, _ modelStep: Step, _ reply: SystemStep, _ implAfter: State,
                             unchanged: Bool, sameIDs: Bool) -> String? {
        var problems: [String] = []
        if modelStep.outcome != reply.outcome {
            problems.append("the model's outcome is \(modelStep.outcome), the implementation's \(reply.outcome)")
        }
        let implEvents = reply.events.map { Completion(modelIDOrMarker(ofImplementation: $0.coordinator), $0.result) }
        if !(implEvents.isEmpty && modelStep.events.isEmpty),
           Set(implEvents) != Set(modelStep.events) || implEvents.count != modelStep.events.count {
            func list(_ es: [Completion]) -> String { es.isEmpty ? "none" : es.map(\.description).sorted().joined(separator: ", ") }
            problems.append("the model's events are \(list(modelStep.events)), the implementation's \(list(implEvents))")
        }
        // A refusal both sides agree on, with the implementation unchanged, is the same state.
        let trivially = unchanged && modelStep.outcome.isRefused && modelStep.outcome == reply.outcome
        if !trivially && !sameIDs && !sameState(modelStep.state, implAfter) {
            problems.append(TreeDifference.firstDifference(model: modelStep.state, implementation: implAfter))
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    private func sameState(_ a: State, _ b: State) -> Bool {
        if identical(a, b) { return true }
        scratchModel.removeAll(keepingCapacity: true)
        scratchImpl.removeAll(keepingCapacity: true)
        a.encodeCanonical(into: &scratchModel)
        b.encodeCanonical(into: &scratchImpl)
        return scratchModel == scratchImpl
    }

    /// A crash or hang is a finding; a protocol error ends verification.
    private func died(_ error: SystemFailure, action: Action?, implAction: Action? = nil, modelStep: Step? = nil,
                      index: Int?) throws(SystemFailure) -> [Finding] {
        guard let invariant = error.invariant else { throw error }
        isLive = false
        lastFailure = FailingStep(index: index, modelAction: action, implementationAction: implAction,
                                  modelBefore: modelState, implementationBefore: action == nil ? nil : implState,
                                  modelStep: modelStep, implementationOutcome: nil, implementationEvents: [],
                                  implementationAfter: nil)
        return [Finding(invariant, error.message)]
    }

    // MARK: - Ids

    /// Equal with the same ids (`nextID` aside): the same state without computing canonical forms.
    private func identical(_ a: State, _ b: State) -> Bool { a.sameCoordinators(as: b) }

    /// Pairs coordinators at equal canonical positions (the states are the same state here).
    private func rebuildMapping(identical: Bool) {
        identity = identical
        if identity { return }
        let mo = modelState.canonicalOrder(), io = implState.canonicalOrder()
        implID = [CoordinatorID](repeating: CoordinatorID(-1), count: modelState.count)
        modelID = [CoordinatorID](repeating: CoordinatorID(-1), count: implState.count)
        for (m, i) in zip(mo, io) {
            implID[m] = implState.id(at: i)
            modelID[i] = modelState.id(at: m)
        }
    }

    /// The implementation's id for a model id; an id that is not live maps to one that is not
    /// live on the implementation's side either.
    private func toImplementation(_ id: CoordinatorID) -> CoordinatorID {
        if identity { return id }
        if let p = modelState.index(of: id), p < implID.count, implID[p].index >= 0 { return implID[p] }
        let top = implState.count == 0 ? 0 : Int(implState.id(at: implState.count - 1).index)
        return CoordinatorID(top + 1 + Int(id.index))
    }

    private func modelIDOrMarker(ofImplementation id: CoordinatorID) -> CoordinatorID {
        if identity { return implState.isLive(id) ? id : CoordinatorID(-1 - Int(id.index)) }
        if let q = implState.index(of: id), q < modelID.count, modelID[q].index >= 0 { return modelID[q] }
        return CoordinatorID(-1 - Int(id.index))
    }

    /// How a report names an implementation coordinator: its model id when it has one.
    private func modelName(ofImplementation id: CoordinatorID) -> String {
        let m = modelIDOrMarker(ofImplementation: id)
        return m.index >= 0 ? m.description : "the implementation's c\(id.index)"
    }
}

/// One broken invariant at one step.
struct Finding: Hashable, Sendable {
    var invariant: String
    var reason: String
    init(_ invariant: String, _ reason: String) { self.invariant = invariant; self.reason = reason }
}

/// The outcome of one lock-step run: no findings, or those of its first failing step.
struct RunResult {
    var findings: [Finding]
    /// The index in the trace of the failing step; -1 for the reset; nil when the run passed.
    var failingIndex: Int?
}

/// Both sides of the step where a run failed.
public struct FailingStep: Sendable {
    /// The step's index in its trace; -1 when the reset itself failed.
    public var index: Int?
    public var modelAction: Action?
    /// The same action with the implementation's ids, as it was sent.
    public var implementationAction: Action?
    public var modelBefore: State
    public var implementationBefore: State?
    public var modelStep: Step?
    /// Nil when the implementation crashed or hung.
    public var implementationOutcome: Outcome?
    public var implementationEvents: [Completion]
    /// Nil when the implementation crashed or hung.
    public var implementationAfter: State?
}
