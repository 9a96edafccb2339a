@_spi(Engine) import CoordinatorModel

/// A call announced ahead (`DrivenSystem.announce`).
package enum AnnouncedCall: Sendable, Hashable {
    case reset(Configuration)
    case restore(Int)
    case save(Int)
    /// `apply`, or with `snapshot: false` a step of `replay` but its last.
    case step(Action, snapshot: Bool)
}
