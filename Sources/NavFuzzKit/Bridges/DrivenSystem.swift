@_spi(Engine) import CoordinatorModel

/// A system as the engine drives it: the adopter's protocols (`NavigationSystem`,
/// `AsyncNavigationSystem`) through `InProcessSystem` and `MainActorSystem`, and a driver
/// program through `DriverSystem`. What only NavFuzz needs lives here: saved states,
/// announcements, diagnostics, restarts.
///
/// Ids in actions, events and states are the implementation's own; the runner translates them
/// through the canonical form. A system is driven from one thread.
package protocol DrivenSystem: AnyObject {
    /// What the implementation offers: action kinds, styles, root and coordinator kinds, and
    /// whether it answers invalid calls itself. The runner sends nothing else. Default:
    /// everything, with the runner answering invalid calls.
    var capabilities: Capabilities { get }

    /// Throws away every coordinator and sets up the initial state of `configuration`.
    func reset(configuration: Configuration) throws(SystemFailure)

    /// Applies one action (with the implementation's own ids): what happened and which
    /// coordinators completed. An implementation refuses with the model's reason.
    func apply(_ action: Action) throws(SystemFailure) -> SystemStep

    /// What the implementation shows now, as a model state.
    func observedState() throws(SystemFailure) -> State

    /// The object behind coordinator `id`, so that the runner can hold it weakly and check that
    /// it is released once the coordinator ends (`no-leak`). Default: nil (not checked).
    func coordinatorObject(id: Int) -> AnyObject?

    /// How reports name the system. Default: its type's name.
    var name: String { get }

    /// Text to show with a failure, e.g. the tail of a driver's standard error. Default: empty.
    var diagnostics: String { get }

    /// A mark in the diagnostics, so that `diagnostics(since:)` gives what came after it.
    /// Default: 0.
    var diagnosticsMark: Int { get }

    /// What the system said after `mark`, for a failure replayed from reset. Default:
    /// `diagnostics`.
    func diagnostics(since mark: Int) -> String

    /// How many times the system had to be started again (a driver that died). Default: 0.
    var restarts: Int { get }

    // Optional: snapshots of the implementation's own state, so that exploration extends a
    // state by one step instead of replaying its path from reset (the idea of AFL's fork
    // server). A system without them is driven by replay, which gives the same results.

    /// Whether `saveState(as:)` and `restoreState(_:)` work. Default: false.
    var canSaveState: Bool { get }

    /// Keeps the current state under `id`: an adapter that copies its coordinator objects, a
    /// value-state library that keeps the value. Saved states stay until `forgetSavedStates()`
    /// (NavFuzz saves at most one per state it explores). Default: nothing.
    func saveState(as id: Int) throws(SystemFailure)

    /// Brings back the state saved under `id`, exactly: the same coordinators with the same
    /// ids. False when it is no longer there (a driver that was restarted): NavFuzz then
    /// replays from reset. Default: false.
    func restoreState(_ id: Int) throws(SystemFailure) -> Bool

    /// Drops every saved state. Default: nothing.
    func forgetSavedStates()

    /// Applies actions whose outcomes NavFuzz knows already, after a `reset`, to bring the
    /// system back to a state it was in; returns the state after the last. Default: `apply`
    /// each, then `observedState()`. A driver sends them all at once, without waiting for
    /// each reply.
    func replay(_ actions: [Action]) throws(SystemFailure) -> State

    /// Whether `announce` is worth calling. Default: false (in process a call costs no round
    /// trip).
    var takesAnnouncements: Bool { get }

    /// The calls NavFuzz will make next, in order, when it knows them (the actions of a state
    /// it explores): a driver sends them at once, and each call then takes the reply already
    /// read. A call that is not the next one announced drops the rest. Default: nothing.
    func announce(_ calls: [AnnouncedCall])

    /// Whether the system hands over suspension points, so that calls can overlap
    /// (`AsyncNavigationSystem.suspensionPoints`). Default: false.
    var runsOverlaps: Bool { get }

    /// Why calls that may overlap in the implementation cannot be overlapped this way (a
    /// driver: the protocol hands over no suspension points); nil when they can, or when its
    /// calls never overlap. The report lists the phase as skipped. Default: nil.
    var overlapsNotRun: String? { get }

    /// Resets to `configuration`, replays `path` (the system's ids) and runs two overlapping
    /// calls as `request` says. Default: throws.
    func overlap(configuration: Configuration, path: [Action], _ request: OverlapRequest) throws(SystemFailure) -> OverlapResult
}

extension DrivenSystem {
    package var capabilities: Capabilities { Capabilities() }

    package func coordinatorObject(id: Int) -> AnyObject? { nil }

    package var name: String { String(describing: type(of: self)) }
    package var diagnostics: String { "" }
    package var diagnosticsMark: Int { 0 }
    package func diagnostics(since mark: Int) -> String { diagnostics }
    package var restarts: Int { 0 }

    package var canSaveState: Bool { false }
    package func saveState(as id: Int) throws(SystemFailure) {}
    package func restoreState(_ id: Int) throws(SystemFailure) -> Bool { false }
    package func forgetSavedStates() {}

    package func replay(_ actions: [Action]) throws(SystemFailure) -> State {
        for a in actions { _ = try apply(a) }
        return try observedState()
    }

    package var takesAnnouncements: Bool { false }
    package var runsOverlaps: Bool { false }
    package var overlapsNotRun: String? { nil }
    package func overlap(configuration: Configuration, path: [Action], _ request: OverlapRequest) throws(SystemFailure) -> OverlapResult {
        throw SystemFailure(.protocolError, "internal: this system runs no overlapping calls")
    }
    package func announce(_ calls: [AnnouncedCall]) {}
}
