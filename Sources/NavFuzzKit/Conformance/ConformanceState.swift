@_spi(Engine) import CoordinatorModel

/// A state of a conformance run: the model's state, and the trail by which the implementation
/// reached the same state.
struct ConformanceState: Sendable {
    var model: State
    let trail: Trail
    /// Whether this shard checks the steps from here (`ConformanceMachine.shard`); every state
    /// of an unsharded run, and every state outside exploration, is owned.
    var owned = true
}
