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
