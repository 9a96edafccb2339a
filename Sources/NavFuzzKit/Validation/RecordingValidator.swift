@_spi(Engine) import CoordinatorModel

/// Checks a recording against the model one event at a time (docs/VALIDATE.md), so that a
/// recording of any length streams through in constant memory. At every event the model must
/// allow what the app did (the same outcome and completion events), the app's tree must be the
/// model's, and every invariant must hold on the app's states and steps: the checks a
/// verification makes (`Check`), with the recording in the implementation's place. The first
/// divergence ends the recording's check, since the model no longer knows where the app is.
package struct RecordingValidator {
    /// How reports name the recording (its path).
    package let name: String
    package let configuration: Configuration
    private let model: Model
    /// The model's state where the app is now.
    private var state: State
    /// The app's tree there, when the last event (or the start) recorded one: the transition
    /// invariants need the app's state on both sides of a step.
    private var appBefore: State?
    /// How the app's ids pair with the model's, as of the last tree recorded.
    private var ids: IDMap
    /// Whether the recording used the opt-in transitions, for the shortest trace's search.
    private var transitions = false
    /// Events checked so far.
    package private(set) var events = 0
    /// App ids paired since the last tree, by `pairUnknownIDs`.
    private var learned: [CoordinatorID: CoordinatorID] = [:]
    /// Where the recording stopped being judged, and why; nil while it is.
    package private(set) var undecided: (line: Int, reason: String)?

    /// Starts the check of a recording made under `configuration`; `tree`: what the app
    /// showed when the recorder started, if it says. A tree other than the initial state is a
    /// recording switched on mid-app: it starts there if it is a state of the model (every
    /// state invariant holds on it). Nil with the divergence at the start, if there is one.
    package init(name: String, configuration: Configuration, tree: State?) {
        self.name = name
        self.configuration = configuration
        model = Model(configuration: configuration)
        let initial = model.initialState()
        state = initial
        appBefore = tree
        // No tree, no pairing: the app's ids are paired as events name them (`pairUnknownIDs`).
        ids = IDMap(model: .empty, impl: .empty, identical: true)
        if let tree {
            if tree.isSameState(as: initial) {
                ids = IDMap(model: initial, impl: tree)
            } else {
                // Mid-app: the model goes on from the app's own tree, in the app's ids.
                state = tree
                ids = IDMap(model: tree, impl: tree, identical: true)
            }
        }
    }

    /// A tree a recording starts from that is no state of the model: the invariants it breaks.
    package var startDivergence: Divergence? {
        guard let tree = appBefore, !tree.isSameState(as: model.initialState()) else { return nil }
        var findings: [(Check, String)] = []
        Invariant.checkAll(tree) { k, why in findings.append((Check.all[k], "the recording starts from a tree that is no state of the model: \(why)")) }
        guard !findings.isEmpty else { return nil }
        let step = FailingStep(index: nil, modelAction: nil, modelBefore: model.initialState(), modelStep: nil,
                               implementation: ImplementationSide(after: tree))
        return Divergence(line: 1, failures: failures(findings, trace: [], step: step, line: 1), traceFound: false)
    }

    /// Checks one event; the divergence, if the app left the model there.
    package mutating func check(_ e: RecordedEvent) -> Divergence? {
        guard undecided == nil, appBefore != nil || pairUnknownIDs(of: e) else { return nil }
        events += 1
        if e.action.name.isTransitionExtension { transitions = true }
        let action = e.action.retargeted(modelID)
        let modelStep = model.step(state, action)
        var findings: [(Check, String)] = []
        if let tree = e.tree {
            // A tree as it was before holds what it held (as in verification).
            if !(appBefore?.sameCoordinators(as: tree) ?? false) {
                Invariant.checkAll(tree) { k, why in findings.append((Check.all[k], ids.inModelIDs(why))) }
            }
            if let before = appBefore {
                Invariant.checkAll(before, e.action, Step(outcome: e.outcome, state: tree, events: e.events), configuration) { k, why in
                    findings.append((Check.all[k], ids.inModelIDs(why)))
                }
            }
        }
        // Same ids and contents, the common case of an app numbering as the model does, is
        // much cheaper to see than canonical forms.
        let sameState = e.tree.map { modelStep.state.sameCoordinators(as: $0) || modelStep.state.isSameState(as: $0) } ?? true
        // After an event without a tree the pairing is older than the step: the events are
        // translated as the action was, and compared in the model's ids.
        let pairing = appBefore == nil ? IDMap(model: state, impl: state, identical: true) : ids
        let events = appBefore == nil ? e.events.map { Completion(modelID($0.coordinator), $0.result) } : e.events
        if let why = pairing.disagreements(modelStep, outcome: e.outcome, events: events, after: e.tree, sameState: sameState,
                                           top: e.top, selected: e.selected) {
            findings.append((.snapshotConforms, why))
        }
        if !findings.isEmpty { return divergence(at: e, action: action, modelStep: modelStep, findings) }
        state = modelStep.state
        appBefore = e.tree
        if let tree = e.tree {
            ids = IDMap(model: state, impl: tree)
            learned = [:]
        }
        return nil
    }

    /// The model's id of an app id: as paired since the last tree, else through that tree's
    /// pairing; an id neither knows (a coordinator the app no longer has) becomes one no
    /// coordinator of the model has either, so that the model refuses what names it.
    private func modelID(_ id: CoordinatorID) -> CoordinatorID {
        if let known = learned[id] { return known }
        if ids.impl.isLive(id) { return ids.modelIDOrMarker(ofImplementation: id) }
        return CoordinatorID(Int(state.nextID) + Int(id.index))
    }

    /// After events without a tree, a coordinator the app started since the last tree (or
    /// since the start, when the recording has no starting tree) has an id no tree paired. An
    /// event that names one is paired when that leaves no doubt: one such id, and one
    /// coordinator of the model's not paired yet.
    /// Otherwise the recording cannot be judged from here (`undecided`): guessing would make
    /// a correct app fail.
    private mutating func pairUnknownIDs(of e: RecordedEvent) -> Bool {
        let named = e.action.coordinators + e.events.map(\.coordinator)
        let unknown = Set(named.filter { !ids.impl.isLive($0) && learned[$0] == nil })
        guard !unknown.isEmpty else { return true }
        let taken = Set(learned.values)
        let unpaired = state.coordinators.map(\.id).filter { !ids.model.isLive($0) && !taken.contains($0) }
        if unknown.count == 1, unpaired.count == 1, let app = unknown.first, let model = unpaired.first {
            learned[app] = model
            return true
        }
        let names = unknown.sorted { $0.index < $1.index }.map(\.description).joined(separator: ", ")
        undecided = (e.line, "the app names \(names), which no recorded tree showed, and \(unpaired.count) of the model's coordinators could be \(unknown.count == 1 ? "it" : "them"): record the starting tree, and a tree after events that start coordinators (docs/VALIDATE.md §3)")
        return false
    }

    /// The failing event as a verification's failure, with the shortest model trace to the
    /// state it started from.
    private func divergence(at e: RecordedEvent, action: Action, modelStep: Step, _ findings: [(Check, String)]) -> Divergence {
        var trace = [action]
        var found = false
        if let shortest = ShortestPath.to(state, configuration: configuration, transitions: transitions) {
            // The search numbers the coordinators its own way: the failing action follows.
            let pairing = IDMap(model: shortest.end, impl: state)
            trace = shortest.actions + [action.retargeted { pairing.modelIDOrMarker(ofImplementation: $0) }]
            found = true
        }
        let step = FailingStep(index: trace.count - 1, modelAction: trace.last, modelBefore: state, modelStep: modelStep,
                               implementation: ImplementationSide(action: e.action, before: appBefore, outcome: e.outcome,
                                                                  events: e.events, after: e.tree))
        var failures = failures(findings, trace: trace, step: step, line: e.line)
        for k in failures.indices { failures[k].originalLength = events }
        return Divergence(line: e.line, failures: failures, traceFound: found)
    }

    private func failures(_ findings: [(Check, String)], trace: [Action], step: FailingStep, line: Int) -> [ConformanceFailure] {
        let sorted = findings.sorted { $0.0 < $1.0 }
        let checks = sorted.map(\.0)
        return sorted.map { check, reason in
            ConformanceFailure(check: check, reason: reason, trace: trace, configuration: configuration, presetName: nil,
                               source: "the recording \(name), line \(line)", originalLength: trace.count, step: step,
                               alsoBroken: checks.filter { $0 != check }, diagnostics: "")
        }
    }
}
