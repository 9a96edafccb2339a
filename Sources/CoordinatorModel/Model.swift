/// The reference model: `step(state, action) -> (outcome, state', events)` (docs/SEMANTICS.md §4).
/// A pure value; a `fault` re-creates a real library bug for the project's own tests.
public struct Model: Sendable {
    public var configuration: Configuration
    public var fault: Fault?

    public init(configuration: Configuration = Configuration(), fault: Fault? = nil) {
        self.configuration = configuration
        self.fault = fault
    }

    /// The root `c0`, set up as new: a navigation stack `[r0]`, or a tab with its pages.
    public func initialState() -> State {
        var work = Effects(state: State(coordinators: [], root: CoordinatorID(0), nextID: 0), model: self)
        _ = work.create(kind: configuration.rootKind, parent: nil, route: Route(0))
        return work.state
    }

    public func step(_ state: State, _ action: Action) -> Step {
        // Refused before a working copy exists, when the state as it is shows why.
        if let reason = Effects.refusalUpFront(action, in: state, self) {
            return Step(outcome: .refused(reason), state: state, events: [])
        }
        var work = Effects(state: state, model: self)
        if let reason = work.perform(action) {
            return Step(outcome: .refused(reason), state: state, events: [])
        }
        if work.events.count > 1 { work.events.sort { $0.coordinator < $1.coordinator } }
        // Moved out, not copied: a copy costs a reference count and its release.
        var after = State.empty, events: [Completion] = []
        swap(&after, &work.state)
        swap(&events, &work.events)
        return Step(outcome: .applied, state: after, events: events)
    }

    /// Steps through a whole trace from `state`, stopping nowhere: refused steps leave the state.
    public func run(_ actions: [Action], from state: State? = nil) -> [Step] {
        var s = state ?? initialState()
        return actions.map { a in
            let st = step(s, a)
            s = st.state
            return st
        }
    }
}

/// What one step did.
public struct Step: Hashable, Sendable {
    public var outcome: Outcome
    /// The state after the step (the state before when refused).
    public var state: State
    /// `completed(coordinator, result)` for every coordinator the step ended, sorted by id.
    public var events: [Completion]

    public init(outcome: Outcome, state: State, events: [Completion]) {
        self.outcome = outcome; self.state = state; self.events = events
    }
}
