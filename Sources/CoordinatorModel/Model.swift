/// The reference model: `step(state, action) -> (outcome, state', events)` (docs/SEMANTICS.md §4).
/// A pure value; a `fault` re-creates a real library bug for the project's own tests.
@_spi(Engine) public struct Model: Sendable {
    @_spi(Engine) public var configuration: Configuration
    @_spi(Engine) public var fault: Fault?

    @_spi(Engine) public init(configuration: Configuration = Configuration(), fault: Fault? = nil) {
        self.configuration = configuration
        self.fault = fault
    }

    /// The root `c0`, set up as new: a navigation stack `[r0]`, or a tab with its pages; with
    /// a launch, presenting its launch child (the next id), as `start` would.
    @_spi(Engine) public func initialState() -> State {
        var state = State(coordinators: [], root: CoordinatorID(0), nextID: 0), events: [Completion] = []
        Effects.on(&state, &events, configuration, fault: fault) { effects in
            let root = effects.create(kind: configuration.rootKind, parent: nil, route: Route(0))
            effects.launch(from: root)
        }
        return state
    }

    @_spi(Engine) public func step(_ state: State, _ action: Action) -> Step {
        var step = Step(outcome: .applied, state: state, events: [])
        self.step(state, action, into: &step)
        return step
    }

    /// `step(state, action)`, written into `step`: when `step`'s state and events are its own
    /// (no other copy of them lives), their storage is reused, so that a caller that keeps
    /// no successor (exploration keeps encodings) allocates nothing per step.
    @_spi(Engine) public func step(_ state: State, _ action: Action, into step: inout Step) {
        // Asked first: emptying even an empty array costs fifty instructions.
        if !step.events.isEmpty { step.events.removeAll(keepingCapacity: true) }
        // Refused before the state is copied, when the state as it is shows why.
        if let reason = Effects.refusalUpFront(action, in: state, configuration) {
            step.outcome = .refused(reason)
            step.state.assign(state)
            return
        }
        perform(state, action, into: &step)
    }

    /// `step(_:_:into:)` for an action that `Effects.refusalUpFront` passes, without asking
    /// again: exploration steps only the actions `Domain.actions(in:notRefusedUpFrontBy:into:)`
    /// kept, and asking again cost about 3 % of its time.
    @_spi(Engine) public func step(_ state: State, passedUpFront action: Action, into step: inout Step) {
        assert(Effects.refusalUpFront(action, in: state, configuration) == nil, "\(action) is refused up front")
        if !step.events.isEmpty { step.events.removeAll(keepingCapacity: true) }
        perform(state, action, into: &step)
    }

    private func perform(_ state: State, _ action: Action, into step: inout Step) {
        // Written in `step`'s own storage.
        step.state.assign(state)
        if let reason = Effects.on(&step.state, &step.events, configuration, fault: fault, { $0.perform(action) }) {
            step.outcome = .refused(reason)
            step.state.assign(state)
            if !step.events.isEmpty { step.events.removeAll(keepingCapacity: true) }
        } else {
            step.outcome = .applied
            if step.events.count > 1 { step.events.sort { $0.coordinator < $1.coordinator } }
        }
    }

    /// Steps through a whole trace from `state`, stopping nowhere: refused steps leave the state.
    @_spi(Engine) public func run(_ actions: [Action], from state: State? = nil) -> [Step] {
        var s = state ?? initialState()
        return actions.map { a in
            let st = step(s, a)
            s = st.state
            return st
        }
    }
}
