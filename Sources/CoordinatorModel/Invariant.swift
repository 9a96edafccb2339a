/// Named invariants as values (docs/SEMANTICS.md §5). State invariants look at one state; transition
/// invariants at one step: the state before, the action, what the step did and the
/// configuration it ran under. A check returns nil when it holds, else a readable reason.
@_spi(Engine) public struct Invariant: Sendable, CustomStringConvertible {
    @_spi(Engine) public enum Check: Sendable {
        case state(@Sendable (State) -> String?)
        case transition(@Sendable (_ before: State, _ action: Action, _ step: Step, _ configuration: Configuration) -> String?)
    }

    @_spi(Engine) public let name: String
    @_spi(Engine) public let summary: String
    @_spi(Engine) public let check: Check

    @_spi(Engine) public init(name: String, summary: String, check: Check) {
        self.name = name; self.summary = summary; self.check = check
    }

    /// What an invariant looks at: one state, or one step.
    @_spi(Engine) public enum Kind: String, Sendable, Hashable {
        case state, transition
    }

    /// The JUnit failure type and the report's grouping.
    @_spi(Engine) public var kind: Kind {
        if case .state = check { return .state } else { return .transition }
    }

    @_spi(Engine) public var description: String { name }

    /// Checks a state invariant on `state`; a transition invariant holds vacuously.
    @_spi(Engine) public func violation(in state: State) -> String? {
        if case .state(let f) = check { return f(state) }
        return nil
    }

    /// Checks a transition invariant on the step from `before` by `action`; a state invariant
    /// looks at the state after.
    @_spi(Engine) public func violation(before: State, action: Action, step: Step, configuration: Configuration) -> String? {
        switch check {
        case .state(let f): f(step.state)
        case .transition(let f): f(before, action, step, configuration)
        }
    }

    /// The same on a gathered `Transition`.
    @_spi(Engine) public func violation(in t: Transition) -> String? {
        violation(before: t.before, action: t.action, step: t.step, configuration: t.configuration)
    }

    /// Every invariant of the model, in the order of docs/SEMANTICS.md §5.
    @_spi(Engine) public static let all: [Invariant] = stateInvariants + transitionInvariants

    @_spi(Engine) public static func named(_ name: String) -> Invariant? { all.first { $0.name == name } }
}

extension Invariant {
    /// Every state invariant of `all`, called directly: `report` gets the index in `all` and
    /// the reason. Calling each through its closure cost as much as the cheap checks themselves
    /// (exploration runs the transition checks on every transition). The invariant tests hold
    /// these to the closures.
    @_spi(Engine) public static func checkAll(_ s: State, report: (Int, String) -> Void) {
        if let r = treeConsistentCheck(s) { report(0, r) }
        if let r = noOrphanChildrenCheck(s) { report(1, r) }
        if let r = stackShapeCheck(s) { report(2, r) }
        if let r = tabConsistentCheck(s) { report(3, r) }
        if let r = topDefinedCheck(s) { report(4, r) }
    }

    /// Every transition invariant of `all`, called directly (see `checkAll(_: State)`), on the
    /// step from `before` by `action`. The parts are borrowed, not gathered in a `Transition`:
    /// building one copies the states, a reference count and its release on every transition.
    @_spi(Engine) public static func checkAll(_ before: State, _ action: Action, _ step: Step, _ configuration: Configuration,
                                report: (Int, String) -> Void) {
        // One pass over both states for the three checks that pair their coordinators.
        let pairing = Pairing(before, step)
        if let r = refusalChangesNothingCheck(before, action, step, configuration) { report(5, r) }
        if let r = completionExactlyOnce(before, action, step, pairing) { report(6, r) }
        // The three checks of one action kind are called only for it: each holds for every
        // other action, and calling one just to return cost a tenth of the checks' time.
        switch action {
        case .finishFlow: if let r = finishFlowCleansUpCheck(before, action, step, configuration) { report(7, r) }
        default: break
        }
        if let r = modalDiscipline(before, action, step, pairing, configuration) { report(8, r) }
        if let r = rootScreenStable(before, action, step, pairing) { report(9, r) }
        switch action {
        case .forcePresentation: if let r = forcePresentationOnTopCheck(before, action, step, configuration) { report(10, r) }
        case .restart, .restartApp: if let r = restartResetsCheck(before, action, step, configuration) { report(11, r) }
        default: break
        }
    }

    /// The same on a gathered `Transition`.
    @_spi(Engine) public static func checkAll(_ t: Transition, report: (Int, String) -> Void) {
        checkAll(t.before, t.action, t.step, t.configuration, report: report)
    }
}
