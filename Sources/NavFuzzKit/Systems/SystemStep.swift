@_spi(Engine) import CoordinatorModel

/// What one `apply` did, as the implementation reports it.
public struct SystemStep: Sendable {
    /// Applied, or refused with the model's reason.
    public var outcome: Outcome
    /// `completed(coordinator, result)` with the implementation's ids; order does not matter.
    public var events: [Completion]
    /// The state after the step when the system has it at hand (a driver's reply carries it);
    /// nil makes the runner call `observedState()`.
    package var state: State?
    /// Coordinators that ended in this step but whose objects are still alive, when the system
    /// checks that itself (a driver does); nil lets the runner check through `coordinatorObject`.
    package var leaked: [Int]?
    /// True when the system says the step left its state exactly as it was (a driver's reply
    /// then carries no snapshot).
    package var unchanged: Bool
    /// True when the library does not offer the call in this state (`SystemStep.notOffered`).
    package var notOffered = false
    /// The coordinator the library says the user sees after the call, by the id
    /// `observedState()` gives it: its own answer (SUICoordinator's `getCoordinatorPresented()`,
    /// ALCoordinator's `getTopCoordinator`), which deep links branch on. It must be the `top()`
    /// of the state the library shows (docs/SEMANTICS.md §3), or `snapshot-conforms` fails.
    /// Nil: not asked.
    public var top: Int?
    /// The coordinator the library says shows the current page of the root's tab bar, by the
    /// id `observedState()` gives it: its own answer (SUICoordinator's and ALCoordinator's
    /// `getCoordinatorSelected()` on the main coordinator). It must be the current page's
    /// coordinator in the state the library shows (docs/SEMANTICS.md §2.1), or
    /// `snapshot-conforms` fails. Nil: not asked, or the root is no tab bar.
    public var selected: Int?

    /// What an adapter's `apply` returns: the outcome, one event per coordinator it ended, and
    /// the library's answers, if it gives them: the coordinator on top (`top`), the root tab
    /// bar's selected one (`selected`).
    public init(outcome: Outcome, events: [Completion] = [], top: Int? = nil, selected: Int? = nil) {
        self.init(outcome: outcome, events: events, state: nil, top: top, selected: selected)
    }

    package init(outcome: Outcome, events: [Completion] = [], state: State?, leaked: [Int]? = nil, unchanged: Bool = false,
                 notOffered: Bool = false, top: Int? = nil, selected: Int? = nil) {
        self.outcome = outcome; self.events = events; self.state = state; self.leaked = leaked; self.unchanged = unchanged
        self.notOffered = notOffered; self.top = top; self.selected = selected
    }

    /// The library does not offer this call in this state, by its contract (a `push` under a
    /// sheet where only the top layer navigates), and the adapter did not make it. The model's
    /// step is not compared and the path goes no further; the report counts such steps per
    /// action kind. Allowed only where `Capabilities.offeredOnlyOnTopLayer` says so: a claim
    /// for a call the library offers there is a `snapshot-conforms` failure.
    public static let notOffered = SystemStep(outcome: .refused(.unsupported), state: nil, notOffered: true)
}
