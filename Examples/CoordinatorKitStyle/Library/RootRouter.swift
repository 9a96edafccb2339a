/// Sets the root window's flow: the app shows one root flow at a time (a sign-in flow, then the
/// main flow, and back after a log-out). Replacing it cancels the old flow, with its children.
public final class RootRouter {
    /// The flow the window shows.
    public private(set) var root: FlowCoordinator?
    /// The bug the library can be built with, for NavFuzz's example: the old root flow is kept
    /// (to animate the switch, and never let go) instead of cancelled, so it and its children
    /// never hear that they ended and stay alive.
    public var keepsOldFlow = false
    /// With `keepsOldFlow`: the root flows replaced so far.
    public private(set) var replaced: [FlowCoordinator] = []

    public init() {}

    /// Makes `flow` the window's root flow and starts it; the old root flow is cancelled.
    public func setRoot(_ flow: FlowCoordinator) {
        if let old = root {
            if keepsOldFlow { replaced.append(old) } else { old.cancel() }
        }
        root = flow
        flow.start()
    }
}
