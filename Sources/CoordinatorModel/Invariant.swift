/// Named invariants as values (MODEL.md §5). State invariants look at one state; transition
/// invariants at one step. A check returns nil when it holds, else a readable reason.
public struct Invariant: Sendable, CustomStringConvertible {
    public enum Check: Sendable {
        case state(@Sendable (State) -> String?)
        case transition(@Sendable (Transition) -> String?)
    }

    public let name: String
    public let summary: String
    public let check: Check

    public init(name: String, summary: String, check: Check) {
        self.name = name; self.summary = summary; self.check = check
    }

    /// `state` or `transition`: the JUnit failure type and the report's grouping.
    public var kind: String {
        if case .state = check { return "state" } else { return "transition" }
    }

    public var description: String { name }

    /// Checks a state invariant on `state`; a transition invariant holds vacuously.
    public func violation(in state: State) -> String? {
        if case .state(let f) = check { return f(state) }
        return nil
    }

    /// Checks a transition invariant on `transition`; a state invariant looks at the state after.
    public func violation(in transition: Transition) -> String? {
        switch check {
        case .state(let f): f(transition.step.state)
        case .transition(let f): f(transition)
        }
    }

    /// Every invariant of the model, in the order of MODEL.md §5.
    public static let all: [Invariant] = stateInvariants + transitionInvariants

    public static func named(_ name: String) -> Invariant? { all.first { $0.name == name } }
}

/// One step as the transition invariants see it.
public struct Transition: Sendable {
    public var before: State
    public var action: Action
    public var step: Step
    /// The configuration the step ran under (`restart` rebuilds its initial pages).
    public var configuration: Configuration

    public init(before: State, action: Action, step: Step, configuration: Configuration) {
        self.before = before; self.action = action; self.step = step; self.configuration = configuration
    }

    public var after: State { step.state }
}
