/// A place where a library's call waits for the UI framework (docs/VERIFY.md §2.4).
public enum SuspensionPoint: Sendable, Hashable, CustomStringConvertible {
    /// A push or pop finished animating (a navigation controller's `didShow`, a path animation).
    case transitionFinished
    /// A presentation finished animating.
    case presentationFinished
    /// A dismissal finished animating (a sheet's `onDismiss` after the animation).
    case dismissalFinished
    /// A sleep on `SuspensionPoints.clock`.
    case sleep
    /// A wait for another call handed over with `SuspensionPoints.wait(until:)`: a transition
    /// queue, a lock, a continuation another call resumes.
    case wait

    /// How an interleaving names it: `transition`, `presentation`, `dismissal`, `sleep`.
    public var description: String {
        switch self {
        case .transitionFinished: "transition"
        case .presentationFinished: "presentation"
        case .dismissalFinished: "dismissal"
        case .sleep: "sleep"
        case .wait: "wait"
        }
    }

    /// The point a description names.
    package static func named(_ name: String) -> SuspensionPoint? {
        [.transitionFinished, .presentationFinished, .dismissalFinished, .sleep, .wait].first { $0.description == name }
    }
}
