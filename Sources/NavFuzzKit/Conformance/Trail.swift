@_spi(Engine) import CoordinatorModel

/// How the implementation gets to a state: the step from the trail before, or a reset. Holds
/// what the implementation showed there and the id its state was saved under, once it was.
/// Trails form a tree from each configuration's root; a state of the model is reached by the
/// first trail that got there.
final class Trail: @unchecked Sendable {
    let parent: Trail?
    /// The step from the parent, in model ids and as the implementation was sent it; nil at a root.
    let action: Action?
    let implAction: Action?
    let configuration: Configuration
    /// The implementation's state here; nil until the implementation first got here (a trail
    /// made by a step on the model only, in a shard that does not own the state it left).
    var implState: State?
    let depth: Int
    /// Every step from the root was sent to the implementation, so `implementationPath` is
    /// the whole way here; else a replay sends the model's path (`Lockstep.replay(to:model:)`).
    let replayable: Bool
    /// The implementation, replayed here, was not where the model is: a step on the way, which
    /// another shard checks, fails. Nothing is checked from here.
    var diverged = false
    /// The id this state was saved under, once it was, and the implementation's state then.
    var saved: (id: Int, implState: State)?
    /// The id it is to be saved under, once one was given (an announcement gives it early).
    var saveID: Int?
    /// Step results from here, when the lock-step remembers them.
    var memo: [Action: ConformanceStep] = [:]

    init(configuration: Configuration, implState: State) {
        parent = nil; action = nil; implAction = nil
        self.configuration = configuration; self.implState = implState; depth = 0; replayable = true
    }

    init(parent: Trail, action: Action, implAction: Action?, implState: State?) {
        self.parent = parent; self.action = action; self.implAction = implAction
        configuration = parent.configuration; self.implState = implState; depth = parent.depth + 1
        replayable = parent.replayable && implAction != nil
    }

    /// The actions from the root to here, in model ids.
    var path: [Action] { actions(\.action) }

    /// The same as the implementation was sent them: what a replay sends again.
    var implementationPath: [Action] { actions(\.implAction) }

    private func actions(_ which: KeyPath<Trail, Action?>) -> [Action] {
        var out: [Action] = []
        out.reserveCapacity(depth)
        var r: Trail? = self
        while let node = r, let a = node[keyPath: which] { out.append(a); r = node.parent }
        return out.reversed()
    }
}

/// One lock-step step: both sides, and what broke.
struct ConformanceStep: Sendable {
    var modelBefore: State
    /// Nil for a reset.
    var action: Action?
    var modelStep: Step?
    // The implementation's side, in its own ids, kept as five fields: held as one
    // `ImplementationSide`, the lock-step spent 0.96 % more instructions on a verify run
    // (BENCHMARKS.md, "One principal type per file; the implementation's side of a step").
    /// The action as sent, with the implementation's ids.
    var implAction: Action?
    var implBefore: State?
    /// Nil when the implementation crashed or hung, or was not asked.
    var implOutcome: Outcome?
    var implEvents: [Completion]
    var implAfter: State?

    /// The implementation's side as a report shows it.
    var impl: ImplementationSide {
        ImplementationSide(action: implAction, before: implBefore, outcome: implOutcome, events: implEvents, after: implAfter)
    }
    /// In check order.
    var findings: [Finding]
    /// Where the implementation is after the step, when the step passed.
    var next: Trail?

    func reason(_ check: Check) -> String? { findings.first { $0.check == check }?.reason }
}
extension ConformanceStep {
    /// Whether the system crashed or hung on the step.
    var crashedOrHung: Bool { findings.contains { $0.check.isCrashOrHang } }
}
