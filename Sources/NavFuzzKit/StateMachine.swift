/// What the engine explores, fuzzes and shrinks: a deterministic transition system with named
/// properties, in the spirit of Stateright's `Model`. The engine knows nothing else about it.
public protocol StateMachine: Sendable {
    associatedtype State: Sendable
    associatedtype Action: Sendable
    /// Everything one step produced; `successor(of:)` says whether it leads anywhere.
    associatedtype Step: Sendable

    func initialStates() -> [State]
    /// Every action to try in `state`, in a deterministic order.
    func actions(in state: State, into actions: inout [Action])
    func step(_ state: State, _ action: Action) -> Step
    /// The state after `step`, or nil when the action was refused.
    func successor(of step: Step) -> State?
    var properties: [Property<Self>] { get }
    /// Successors outside bounds are discarded.
    func isWithinBounds(_ state: State) -> Bool
    /// Appends the canonical encoding: equal bytes exactly when the states are the same state.
    func encode(_ state: State, into bytes: inout [UInt8])
    func decode(_ bytes: ArraySlice<UInt8>) -> State?

    /// Rewrites a path found over canonical states so that it replays from `initialStates()`
    /// as written (for example with ids in creation order). Identity by default.
    func concretize(_ path: [Action], from initial: State) -> [Action]
    func describe(_ state: State) -> String
    func describe(_ action: Action) -> String
    /// Parses the text form `describe(_:)` prints; the error names the column.
    func parseAction(_ text: String) throws(ActionParseError) -> Action
    /// The refusal reason of a refused step, for coverage; nil when it applied.
    func refusal(of step: Step) -> String?
    /// A short name of the action's kind, for coverage and swarm testing.
    func kindName(of action: Action) -> String
}

extension StateMachine {
    public func concretize(_ path: [Action], from initial: State) -> [Action] { path }
    public func refusal(of step: Step) -> String? { successor(of: step) == nil ? "refused" : nil }
}

/// A named property that must always hold: on every state, or on every transition.
public struct Property<M: StateMachine>: Sendable {
    public enum Check: Sendable {
        case state(@Sendable (M.State) -> String?)
        case transition(@Sendable (M.State, M.Action, M.Step) -> String?)
    }

    public let name: String
    public let summary: String
    public let check: Check

    public init(name: String, summary: String, check: Check) {
        self.name = name; self.summary = summary; self.check = check
    }

    public var isStateProperty: Bool { if case .state = check { true } else { false } }
    public var kind: String { isStateProperty ? "state" : "transition" }
}

/// A line of a trace that is not an action: the 1-based column and what was expected there.
public struct ActionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var column: Int
    public var message: String
    public init(column: Int, message: String) { self.column = column; self.message = message }
    public var description: String { "column \(column): \(message)" }
}
