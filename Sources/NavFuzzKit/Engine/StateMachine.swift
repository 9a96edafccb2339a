/// What the engine explores, fuzzes and shrinks: a deterministic transition system with named
/// properties, in the spirit of Stateright's `Model`. This is the core; what exploration,
/// fuzzing, shrinking and printing need beyond it are the refinements below, each with
/// defaults wherever one makes sense.
@_spi(Engine) public protocol StateMachine: Sendable {
    /// A state: a value, so that exploration can keep it and a walk can go back to it.
    associatedtype State: Sendable
    /// What a step does, as a trace prints it and a corpus file replays it.
    associatedtype Action: Sendable
    /// Everything one step produced; `successor(of:)` says whether it leads anywhere.
    associatedtype Step: Sendable

    /// Where every run starts: exploration from each of them, a walk or a replay from the first.
    func initialStates() -> [State]
    /// Every action to try in `state`, in a deterministic order, appended to `actions` (which
    /// the caller empties and reuses, so that no step allocates).
    func actions(in state: State, into actions: inout [Action])
    /// Takes `action` in `state`: a pure function, the same step for the same arguments, so
    /// that a trace replays and shrinks to the same failure.
    func step(_ state: State, _ action: Action) -> Step
    /// The state after `step`, or nil when the step leads nowhere (the action was refused).
    func successor(of step: Step) -> State?
    /// What must hold: of each state, of each step, or somewhere (`Property.Condition`); exploration
    /// and fuzzing check every one, and report a failure with the property's name.
    var properties: [Property<Self>] { get }

    /// Whether exploration keeps a successor and a walk goes on from it. Default: always.
    func isWithinBounds(_ state: State) -> Bool
    /// Why a step led nowhere, for traces and coverage; nil when it applied. Default: "refused".
    func refusal(of step: Step) -> String?
}

extension StateMachine {
    @_spi(Engine) public func isWithinBounds(_ state: State) -> Bool { true }
    @_spi(Engine) public func refusal(of step: Step) -> String? { successor(of: step) == nil ? "refused" : nil }
}

/// A named property: one that must always hold, on every state or on every transition, or
/// one that some reached state must have.
@_spi(Engine) public struct Property<M: StateMachine>: Sendable {
    @_spi(Engine) public enum Condition: Sendable {
        /// A reason when the state is bad, else nil.
        case state(@Sendable (M.State) -> String?)
        /// A reason when the step is bad, else nil.
        case transition(@Sendable (M.State, M.Action, M.Step) -> String?)
        /// Whether the state is one the run should reach.
        case sometimes(@Sendable (M.State) -> Bool)
    }

    @_spi(Engine) public let name: String
    @_spi(Engine) public let summary: String
    @_spi(Engine) public let check: Condition
    /// Whether a failure ends a run: a walk stops there, and a shrunk trace may show no other
    /// property failing before its own. False for a failure that leaves the state as it should
    /// be (a leak), after which the run may go on and find more.
    @_spi(Engine) public let endsRun: Bool

    @_spi(Engine) public init(name: String, summary: String, check: Condition, endsRun: Bool = true) {
        self.name = name; self.summary = summary; self.check = check; self.endsRun = endsRun
    }

    @_spi(Engine) public var kind: PropertyKind {
        switch check {
        case .state: .state
        case .transition: .transition
        case .sometimes: .sometimes
        }
    }
}
