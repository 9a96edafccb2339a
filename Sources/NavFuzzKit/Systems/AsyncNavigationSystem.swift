@_spi(Engine) import CoordinatorModel
import Dispatch
import Foundation

/// An adapter for a coordinator library whose calls are made on the main actor and may be
/// `async`: the form for UIKit and SwiftUI libraries (SUICoordinator's `navigate`, `present`
/// and `finishFlow` are `async` and `@MainActor`). NavFuzz awaits each call from a thread of its
/// own, so the main actor stays free to run the library's tasks; nothing spins a run loop. The
/// requirements mean what `NavigationSystem`'s do.
@MainActor
public protocol AsyncNavigationSystem: AnyObject, Sendable {
    /// What the library offers (docs/VERIFY.md §2.1). Default: everything.
    var capabilities: Capabilities { get }

    /// How reports name the system. Default: its type's name.
    var name: String { get }

    /// Throws away every coordinator and sets up the initial state of `configuration`.
    func reset(configuration: Configuration) async throws(SystemFailure)

    /// Calls the library for `action` (with the adapter's ids) and says what happened.
    func apply(_ action: Action) async throws(SystemFailure) -> SystemStep

    /// What the library shows now, as a model state.
    func observedState() async throws(SystemFailure) -> State

    /// The object behind coordinator `id`, for `no-leak`. Default: nil (not checked).
    func coordinatorObject(id: Int) -> AnyObject?

    /// The points where the library waits for the UI framework, for overlapping calls
    /// (docs/VERIFY.md §2.4). Default: nil (calls never overlap).
    var suspensionPoints: SuspensionPoints? { get }
}

extension AsyncNavigationSystem {
    /// Everything.
    public var capabilities: Capabilities { Capabilities() }
    /// The type's name.
    public var name: String { String(describing: type(of: self)) }
    /// Nil: `no-leak` is not checked.
    public func coordinatorObject(id: Int) -> AnyObject? { nil }
    /// Nil: calls never overlap.
    public var suspensionPoints: SuspensionPoints? { nil }
}
