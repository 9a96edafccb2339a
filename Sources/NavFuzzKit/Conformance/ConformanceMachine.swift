@_spi(Engine) import CoordinatorModel

/// An implementation under test and the model, as one `StateMachine`, so that verification
/// runs on the same explorer, fuzzer and shrinker as the model's own checks. A state is the
/// model's state and the trail by which the implementation got there; a step drives both sides
/// through the shared `Lockstep`, and the checks of `Check.all` are its
/// transition properties. Exploration stores states as their canonical encodings: the machine
/// remembers each encoded state's trail under its fingerprint and finds it again on decoding.
///
/// It drives one live system, so the engines take it with its `live` hooks and use it from one thread.
struct ConformanceMachine: ExplorableMachine, FuzzableMachine, ShrinkableMachine, DescribedMachine, @unchecked Sendable {
    let lockstep: Lockstep
    /// The model without its system: actions, bounds, sampling, shrinking.
    let coordinators: CoordinatorMachine
    let root: Trail
    /// What the system offers.
    let capabilities: Capabilities
    let sometimes: [SometimesProperty]
    private let trails = TrailTable()
    /// Exploration by shards: this machine checks against the implementation only the steps
    /// from states whose fingerprint is `index` modulo `count`, and takes the others on the
    /// model alone, so that every shard explores the same states and each step is checked by
    /// exactly one shard.
    var shard: (index: Int, count: Int) = (0, 1)

    var model: Model { coordinators.model }

    /// A machine over `coordinators`' model, domain and bounds, cut to what the system offers.
    init(lockstep: Lockstep, coordinators: CoordinatorMachine, root: Trail, capabilities: Capabilities) {
        self.lockstep = lockstep
        let domain = Self.domain(coordinators.domain, offeredBy: capabilities)
        self.coordinators = CoordinatorMachine(model: coordinators.model, bounds: coordinators.bounds, domain: domain)
        self.root = root
        self.capabilities = capabilities
        sometimes = SometimesProperty.all.filter {
            !$0.needs(in: capabilities.dialect, kinds: capabilities.kinds).isDisjoint(with: capabilities.actions) && (!$0.needsTab || capabilities.hasTabs)
        }
    }

    /// `domain` in the system's dialect, without the styles and kinds it does not offer.
    static func domain(_ domain: Domain, offeredBy capabilities: Capabilities) -> Domain {
        var domain = domain.spoken(in: capabilities.dialect)
        let styles = capabilities.styles
        domain.startStyles = domain.startStyles.filter { $0 == .push || styles.contains($0) }
        domain.forceStyles = domain.forceStyles.filter { $0 == .push || styles.contains($0) }
        domain.presentStyles = domain.presentStyles.filter(styles.contains)
        domain.startKinds = domain.startKinds.filter(capabilities.kinds.contains)
        return domain
    }

    // MARK: - StateMachine

    func initialStates() -> [ConformanceState] { [ConformanceState(model: model.initialState(), trail: root)] }

    /// The domain's actions the system offers, and a few aimed at each coordinator that ended
    /// (a second `finishFlow`, a `pop` on a finished flow), which it must refuse without
    /// crashing.
    func actions(in state: ConformanceState, into actions: inout [Action]) {
        let start = actions.count
        coordinators.domain.actions(in: state.model, into: &actions)
        for id in 0 ..< Int(state.model.nextID) where !state.model.isLive(CoordinatorID(id)) {
            let c = CoordinatorID(id)
            actions += [.finishFlow(c), .pop(c), .dismiss(c)]
        }
        var kept = start
        for i in start ..< actions.count where capabilities.offers(actions[i]) {
            actions.swapAt(i, kept)
            kept += 1
        }
        actions.removeLast(actions.count - kept)
    }

    func step(_ state: ConformanceState, _ action: Action) -> ConformanceStep {
        state.owned ? lockstep.step(state, action, model: model) : lockstep.modelOnlyStep(state, action, model: model)
    }

    func successor(of step: ConformanceStep) -> ConformanceState? {
        guard let next = step.next, let modelStep = step.modelStep, !modelStep.outcome.isRefused else { return nil }
        return ConformanceState(model: modelStep.state, trail: next)
    }

    func refusal(of step: ConformanceStep) -> String? {
        if !step.findings.isEmpty { return "failed" }
        if case .refused(let reason)? = step.modelStep?.outcome { return reason.rawValue }
        return nil
    }

    /// The checks of `Check.all` in order, then the `sometimes` properties of what the
    /// system offers.
    var properties: [Property<ConformanceMachine>] {
        Check.all.map { c in
            Property(name: c.name, summary: c.summary, check: .transition { _, _, step in step.reason(c) }, endsRun: c != .noLeak)
        } + sometimes.map { s in Property(name: s.name, summary: s.summary, check: .sometimes { s.holds($0.model) }) }
    }

    func isWithinBounds(_ state: ConformanceState) -> Bool { coordinators.bounds.contains(state.model) }

    // MARK: - Speed

    func checkState(_ state: ConformanceState, _ checks: PropertyChecks<ConformanceMachine>, report: (Int, String) -> Void) {}

    func checkTransition(_ state: ConformanceState, _ action: Action, _ step: ConformanceStep,
                         _ checks: PropertyChecks<ConformanceMachine>, report: (Int, String) -> Void) {
        for f in step.findings { report(f.check.index, f.reason) }
    }

    // MARK: - Exploration

    /// The model state's canonical encoding, and whether coordinators ended on the way: how an
    /// implementation treats the id of a coordinator that ended is part of what is checked, so
    /// a state reached that way is kept apart from the same state reached without. The
    /// state's trail is remembered under it.
    func encode(_ state: ConformanceState, into bytes: inout [UInt8]) {
        let start = bytes.count
        state.model.encodeCanonical(into: &bytes)
        bytes.append(Int(state.model.nextID) > state.model.count ? 1 : 0)
        trails.remember(state, Fingerprint.of(bytes[start...]))
    }

    func decode(_ bytes: ArraySlice<UInt8>) -> ConformanceState? {
        let fingerprint = Fingerprint.of(bytes)
        guard var state = trails[fingerprint] else { return nil }
        state.owned = Self.owner(of: fingerprint, among: shard.count) == shard.index
        return state
    }

    /// The shard, of `count`, that checks the steps from the state of `fingerprint`.
    static func owner(of fingerprint: UInt64, among count: Int) -> Int { Int(fingerprint % UInt64(max(count, 1))) }

    /// The engines' hooks: a state's steps are announced to the system before they are taken
    /// (those of states this shard owns), and walks pick their actions ahead on the model, so
    /// that a driver is sent a state's steps, or a walk, at once.
    var live: LiveSystem<ConformanceMachine> {
        let machine = self, model = model
        return LiveSystem(
            prepare: { state, actions, ahead in
                guard state.owned else { return }
                machine.lockstep.prepare(state, actions, model: model, ahead: ahead)
            },
            preparesAhead: lockstep.announcesAhead,
            foretell: { state, action in
                let step = model.step(state.model, action)
                return step.outcome.isRefused ? nil : ConformanceState(model: step.state, trail: state.trail)
            },
            prepareWalk: { actions, state in machine.lockstep.prepare(walk: actions, from: state, model: model) })
    }

    // MARK: - Fuzzing

    func kindName(of action: Action) -> String { action.name.rawValue }
    var actionKinds: [String] { coordinators.actionKinds }

    func defaultWeight(ofKind kind: String) -> Int {
        guard let name = ActionName(rawValue: kind), capabilities.actions.contains(name) else { return 0 }
        return coordinators.defaultWeight(ofKind: kind)
    }

    /// An action from the conformance profile; a few tries when the first names what the
    /// system does not offer (a part of `multiple`, say).
    func sampleAction(in state: ConformanceState, kinds: KindFilter, using rng: inout Xoshiro,
                      scratch: inout [Action]) -> (action: Action, kind: Int)? {
        for _ in 0 ..< 8 {
            guard let k = kinds.pick(using: &rng), let name = ActionName(rawValue: kinds.names[k]),
                  let action = coordinators.domain.sample(name, in: state.model, profile: .conformance,
                                                          alphabets: model.configuration, using: &rng) else { return nil }
            if capabilities.offers(action) { return (action, k) }
        }
        return nil
    }

    // MARK: - Shrinking

    func simplifications(of action: Action) -> [Action] {
        coordinators.simplifications(of: action).filter(capabilities.offers)
    }

    func removing(_ range: Range<Int>, from actions: [Action], initial: ConformanceState) -> [Action]? {
        coordinators.removing(range, from: actions, initial: initial.model)
    }

    // MARK: - Text

    func describe(_ state: ConformanceState) -> String { state.model.description }
    func describe(_ action: Action) -> String { action.description }

    func parseAction(_ text: String) throws(ActionParseError) -> Action { try coordinators.parseAction(text) }

    func events(of step: ConformanceStep) -> [String] { step.modelStep?.events.map(\.description) ?? [] }
}

/// The trails of explored states by fingerprint: the first trail to each state.
private final class TrailTable: @unchecked Sendable {
    private var table: [UInt64: ConformanceState] = [:]

    func remember(_ state: ConformanceState, _ fingerprint: UInt64) {
        if table[fingerprint] == nil { table[fingerprint] = state }
    }

    subscript(fingerprint: UInt64) -> ConformanceState? { table[fingerprint] }
}
