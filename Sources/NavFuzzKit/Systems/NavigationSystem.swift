// An adapter imports NavFuzzKit alone: the model's actions and states come with it.
@_exported import CoordinatorModel
@_spi(Engine) import CoordinatorModel

/// An adapter for a coordinator library whose calls are synchronous: NavFuzz resets it, applies
/// one action at a time and reads the state after each (docs/VERIFY.md §2). For a `@MainActor`
/// or `async` library, conform to `AsyncNavigationSystem` instead; both ask the same things.
///
/// Ids in actions, events and states are the adapter's own (any non-negative numbers, never two
/// live coordinators with the same one); NavFuzz translates them through the canonical form.
public protocol NavigationSystem: AnyObject {
    /// What the library offers (docs/VERIFY.md §2.1); NavFuzz sends nothing else. Default:
    /// everything.
    var capabilities: Capabilities { get }

    /// How reports name the system. Default: its type's name.
    var name: String { get }

    /// Throws away every coordinator and sets up the initial state of `configuration`.
    func reset(configuration: Configuration) throws(SystemFailure)

    /// Calls the library for `action` (with the adapter's ids) and says what happened: applied,
    /// or refused with the model's reason, and the coordinators that ended.
    func apply(_ action: Action) throws(SystemFailure) -> SystemStep

    /// What the library shows now, as a model state.
    func observedState() throws(SystemFailure) -> State

    /// The object behind coordinator `id`, so that NavFuzz can check it is released once the
    /// coordinator ends (`no-leak`). Default: nil (not checked).
    func coordinatorObject(id: Int) -> AnyObject?
}

extension NavigationSystem {
    /// Everything.
    public var capabilities: Capabilities { Capabilities() }
    /// The type's name.
    public var name: String { String(describing: type(of: self)) }
    /// Nil: `no-leak` is not checked.
    public func coordinatorObject(id: Int) -> AnyObject? { nil }
}

/// Saved states, optional: exploration then extends a state by one step instead of replaying
/// the path to it from `reset`, with the same results, faster (docs/VERIFY.md §2.2).
public protocol StateSavingSystem: NavigationSystem {
    /// Keeps the current state under `id` until `forgetSavedStates()`.
    func saveState(as id: Int) throws(SystemFailure)
    /// Brings back the state saved under `id`, exactly: the same coordinators with the same ids.
    /// False when it is no longer there.
    func restoreState(_ id: Int) throws(SystemFailure) -> Bool
    /// Drops every saved state.
    func forgetSavedStates()
}

/// An in-process synchronous adapter as the engine drives it.
package final class InProcessSystem: DrivenSystem {
    let system: any NavigationSystem
    private let saving: (any StateSavingSystem)?
    package let capabilities: Capabilities
    package let name: String

    package init(_ system: any NavigationSystem) {
        self.system = system
        saving = system as? any StateSavingSystem
        capabilities = system.capabilities
        name = system.name
    }

    package func reset(configuration: Configuration) throws(SystemFailure) { try system.reset(configuration: configuration) }
    package func apply(_ action: Action) throws(SystemFailure) -> SystemStep { try system.apply(action) }
    package func observedState() throws(SystemFailure) -> State { try system.observedState() }
    package func coordinatorObject(id: Int) -> AnyObject? { system.coordinatorObject(id: id) }

    package var canSaveState: Bool { saving != nil }
    package func saveState(as id: Int) throws(SystemFailure) { try saving?.saveState(as: id) }
    package func restoreState(_ id: Int) throws(SystemFailure) -> Bool { try saving?.restoreState(id) ?? false }
    package func forgetSavedStates() { saving?.forgetSavedStates() }
}
