import CoordinatorModel

/// A coordinator implementation under test, as the conformance runner drives it: reset it,
/// apply one action at a time, look at what it shows. Adapters for real libraries conform to
/// this in process; `DriverSystem` conforms by talking to a driver program over pipes.
///
/// Ids in actions, events and snapshots are the implementation's own (any non-negative numbers,
/// never two live coordinators with the same one); the runner translates between them and the
/// model's through the canonical form, so they need not be in creation order.
///
/// A system is driven from one thread. It is a class because it is a live, stateful thing.
public protocol NavigationSystem: AnyObject {
    /// The action kinds the implementation offers. The runner never sends any other kind.
    var supportedActions: Set<ActionName> { get }

    /// The modal styles the implementation offers (a library without `overlay`, say). Actions
    /// naming another style are never sent. Default: every style.
    var supportedStyles: Set<Style> { get }

    /// Throws away every coordinator and sets up the initial state of `configuration`.
    func reset(configuration: Configuration) throws(SystemFailure)

    /// Applies one action (with the implementation's own ids): what happened and which
    /// coordinators completed. An implementation refuses with the model's reason.
    func apply(_ action: Action) throws(SystemFailure) -> SystemStep

    /// What the implementation shows now.
    func snapshot() throws(SystemFailure) -> Snapshot

    /// The snapshot as a model state. The default reads `snapshot()`; an in-process adapter may
    /// build the state directly, which is several times faster.
    func observedState() throws(SystemFailure) -> State

    /// The object behind coordinator `id`, so that the runner can hold it weakly and check that
    /// it is released once the coordinator ends (`no-leak`). Default: nil (not checked).
    func coordinatorObject(id: Int) -> AnyObject?

    /// Text to show with a failure, e.g. the tail of a driver's standard error. Default: empty.
    var diagnostics: String { get }
}

extension NavigationSystem {
    public var supportedStyles: Set<Style> { Set(Style.allCases) }

    public func observedState() throws(SystemFailure) -> State {
        let snapshot = try snapshot()
        do { return try snapshot.state() } catch {
            throw SystemFailure(.protocolError, "the snapshot does not describe a state: \(error)")
        }
    }

    public func coordinatorObject(id: Int) -> AnyObject? { nil }

    public var diagnostics: String { "" }
}

/// What one `apply` did, as the implementation reports it.
public struct SystemStep: Sendable {
    public var outcome: Outcome
    /// `completed(coordinator, result)` with the implementation's ids; order does not matter.
    public var events: [Completion]
    /// The state after the step when the system has it at hand (a driver's reply carries it);
    /// nil makes the runner call `observedState()`.
    public var state: State?
    /// Coordinators that ended in this step but whose objects are still alive, when the system
    /// checks that itself (a driver does); nil lets the runner check through `coordinatorObject`.
    public var leaked: [Int]?

    public init(outcome: Outcome, events: [Completion] = [], state: State? = nil, leaked: [Int]? = nil) {
        self.outcome = outcome; self.events = events; self.state = state; self.leaked = leaked
    }
}

/// The system could not take part in a step: its process died, it did not answer in time, or
/// what it said cannot be read. Crashes and hangs are conformance failures (`no-crash`,
/// `no-hang`); a protocol error stops verification, since nothing the system says can be trusted.
public struct SystemFailure: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case crash, hang, protocolError
    }

    public var kind: Kind
    public var message: String
    /// What the system said on the side, e.g. a driver's last lines of standard error.
    public var diagnostics: String

    public init(_ kind: Kind, _ message: String, diagnostics: String = "") {
        self.kind = kind; self.message = message; self.diagnostics = diagnostics
    }

    /// The invariant a crash or a hang violates; nil for a protocol error.
    public var invariant: String? {
        switch kind {
        case .crash: "no-crash"
        case .hang: "no-hang"
        case .protocolError: nil
        }
    }

    public var description: String { message }
}

/// Whether an action is one a system offers: its kind, and every modal style it names (`push`
/// is not a modal style and always passes).
func offers(_ action: Action, actions: Set<ActionName>, styles: Set<Style>) -> Bool {
    guard actions.contains(action.name) else { return false }
    switch action {
    case .present(_, _, let s), .start(_, _, let s, _), .forcePresentation(_, let s, _), .redirect(_, _, let s):
        return s == .push || styles.contains(s)
    case .multiple(_, let parts):
        return parts.allSatisfy { offers($0, actions: actions, styles: styles) }
    default:
        return true
    }
}
