@_spi(Engine) import CoordinatorModel

/// Both sides of the step where a run failed.
public struct FailingStep: Sendable {
    /// The step's index in its trace; -1 when the reset itself failed.
    public var index: Int?
    /// The failing action in the model's ids; nil when the reset itself failed.
    public var modelAction: Action?
    /// The same action with the implementation's ids, as it was sent.
    public var implementationAction: Action?
    /// The model's state before the step.
    public var modelBefore: State
    /// The implementation's state before the step, in its own ids.
    public var implementationBefore: State?
    /// What the model did: outcome, events and the state after.
    package var modelStep: Step?
    /// Nil when the implementation crashed or hung.
    public var implementationOutcome: Outcome?
    /// The completion events the implementation reported, in its own ids.
    public var implementationEvents: [Completion]
    /// Nil when the implementation crashed or hung.
    public var implementationAfter: State?
}
