/// What one step did.
@_spi(Engine) public struct Step: Hashable, Sendable {
    @_spi(Engine) public var outcome: Outcome
    /// The state after the step (the state before when refused).
    @_spi(Engine) public var state: State
    /// `completed(coordinator, result)` for every coordinator the step ended, sorted by id.
    @_spi(Engine) public var events: [Completion]

    @_spi(Engine) public init(outcome: Outcome, state: State, events: [Completion]) {
        self.outcome = outcome; self.state = state; self.events = events
    }
}
