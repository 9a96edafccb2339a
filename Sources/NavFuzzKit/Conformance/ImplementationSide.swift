@_spi(Engine) import CoordinatorModel

/// The implementation's side of one step, in its own ids: the call as sent, the state it was
/// called in, what it answered, and the state it was left in. A step that failed carries it
/// (`FailingStep.implementation`) beside the model's side.
public struct ImplementationSide: Sendable {
    /// The action with the implementation's ids, as it was sent; nil when it was not sent.
    public var action: Action?
    /// The implementation's state before the step.
    public var before: State?
    /// Its answer; nil when it crashed or hung, or was not asked.
    public var outcome: Outcome?
    /// The completion events it reported.
    public var events: [Completion]
    /// Its state after the step; nil when it crashed or hung, or was not asked.
    public var after: State?

    package init(action: Action? = nil, before: State? = nil, outcome: Outcome? = nil, events: [Completion] = [], after: State? = nil) {
        self.action = action; self.before = before; self.outcome = outcome; self.events = events; self.after = after
    }
}
