@_spi(Engine) import CoordinatorModel

/// What the implementation did in a verification, for the report.
struct LockstepCounts {
    var steps = 0
    var resets = 0
    var replayedSteps = 0
    var saves = 0
    var restores = 0
    /// Steps the model refuses on which the system trapped, counted as refusals
    /// (`Capabilities.trapsOnRefusedCalls`).
    var trappedRefusals = 0
    /// Steps the system said it does not offer in their state, by action kind.
    var notOffered: [ActionName: Int] = [:]
}
