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
        var step = Step(outcome: .applied, state: state, events: [])
        self.step(state, action, into: &step)
        return step
    }

    /// `step(state, action)`, written into `step`: when `step`'s state and events are its own
    /// (no other copy of them lives), their storage is reused, so that a caller that keeps
    /// no successor (exploration keeps encodings) allocates nothing per step.
    public func step(_ state: State, _ action: Action, into step: inout Step) {
        // Asked first: emptying even an empty array costs fifty instructions.
        if !step.events.isEmpty { step.events.removeAll(keepingCapacity: true) }
        // Refused before a working copy exists, when the state as it is shows why.
        if let reason = Effects.refusalUpFront(action, in: state, self) {
            step.outcome = .refused(reason)
            step.state.assign(state)
            return
        }
        // The working copy is made in `step`'s storage; moved, not copied, in and out.
        var work = Effects(state: .empty, model: self)
        swap(&work.state, &step.state)
        swap(&work.events, &step.events)
        work.state.assign(state)
        if let reason = work.perform(action) {
            step.outcome = .refused(reason)
            work.state.assign(state)
            if !work.events.isEmpty { work.events.removeAll(keepingCapacity: true) }
        } else {
            step.outcome = .applied
            if work.events.count > 1 { work.events.sort { $0.coordinator < $1.coordinator } }
        }
        swap(&work.state, &step.state)
        swap(&work.events, &step.events)
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
