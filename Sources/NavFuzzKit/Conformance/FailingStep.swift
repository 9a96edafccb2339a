@_spi(Engine) import CoordinatorModel

/// Both sides of the step where a run failed.
public struct FailingStep: Sendable {
    /// The step's index in its trace; -1 when the reset itself failed.
    public var index: Int?
    /// The failing action in the model's ids; nil when the reset itself failed.
    public var modelAction: Action?
    /// The model's state before the step.
    public var modelBefore: State
    /// What the model did: outcome, events and the state after.
    package var modelStep: Step?
    /// What the implementation was sent and did, in its own ids.
    public var implementation: ImplementationSide

    package init(index: Int?, modelAction: Action?, modelBefore: State, modelStep: Step?, implementation: ImplementationSide = ImplementationSide()) {
        self.index = index; self.modelAction = modelAction; self.modelBefore = modelBefore; self.modelStep = modelStep
        self.implementation = implementation
    }

    /// The lock-step's step `index` of a trace as a report shows it.
    init(_ step: ConformanceStep, index: Int) {
        self.init(index: step.action == nil ? -1 : index, modelAction: step.action, modelBefore: step.modelBefore,
                  modelStep: step.modelStep, implementation: step.impl)
    }

    /// The same action with the implementation's ids, as it was sent.
    @available(*, deprecated, renamed: "implementation.action")
    public var implementationAction: Action? { implementation.action }
    /// The implementation's state before the step, in its own ids.
    @available(*, deprecated, renamed: "implementation.before")
    public var implementationBefore: State? { implementation.before }
    /// Nil when the implementation crashed or hung.
    @available(*, deprecated, renamed: "implementation.outcome")
    public var implementationOutcome: Outcome? { implementation.outcome }
    /// The completion events the implementation reported, in its own ids.
    @available(*, deprecated, renamed: "implementation.events")
    public var implementationEvents: [Completion] { implementation.events }
    /// Nil when the implementation crashed or hung.
    @available(*, deprecated, renamed: "implementation.after")
    public var implementationAfter: State? { implementation.after }
}
