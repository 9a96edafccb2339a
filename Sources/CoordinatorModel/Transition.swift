/// One step as the transition invariants see it, gathered in one value for tests, traces and
/// conformance; exploration and fuzzing pass the parts separately (`checkAll`).
@_spi(Engine) public struct Transition: Sendable {
    @_spi(Engine) public var before: State
    @_spi(Engine) public var action: Action
    @_spi(Engine) public var step: Step
    /// The configuration the step ran under (`restart` rebuilds its initial pages).
    @_spi(Engine) public var configuration: Configuration

    @_spi(Engine) public init(before: State, action: Action, step: Step, configuration: Configuration) {
        self.before = before; self.action = action; self.step = step; self.configuration = configuration
    }

    @_spi(Engine) public var after: State { step.state }
}
