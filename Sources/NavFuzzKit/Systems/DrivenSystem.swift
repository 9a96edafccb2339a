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

/// A call announced ahead (`DrivenSystem.announce`).
package enum AnnouncedCall: Sendable, Hashable {
    case reset(Configuration)
    case restore(Int)
    case save(Int)
    /// `apply`, or with `snapshot: false` a step of `replay` but its last.
    case step(Action, snapshot: Bool)
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

/// What one `apply` did, as the implementation reports it.
public struct SystemStep: Sendable {
    /// Applied, or refused with the model's reason.
    public var outcome: Outcome
    /// `completed(coordinator, result)` with the implementation's ids; order does not matter.
    public var events: [Completion]
    /// The state after the step when the system has it at hand (a driver's reply carries it);
    /// nil makes the runner call `observedState()`.
    package var state: State?
    /// Coordinators that ended in this step but whose objects are still alive, when the system
    /// checks that itself (a driver does); nil lets the runner check through `coordinatorObject`.
    package var leaked: [Int]?
    /// True when the system says the step left its state exactly as it was (a driver's reply
    /// then carries no snapshot).
    package var unchanged: Bool
    /// True when the library does not offer the call in this state (`SystemStep.notOffered`).
    package var notOffered = false
    /// The coordinator the library says the user sees after the call, by the id
    /// `observedState()` gives it: its own answer (SUICoordinator's `getCoordinatorPresented()`,
    /// ALCoordinator's `getTopCoordinator`), which deep links branch on. It must be the `top()`
    /// of the state the library shows (docs/SEMANTICS.md §3), or `snapshot-conforms` fails.
    /// Nil: not asked.
    public var top: Int?

    /// What an adapter's `apply` returns: the outcome, one event per coordinator it ended, and
    /// the coordinator the library says is on top, if it says (`top`).
    public init(outcome: Outcome, events: [Completion] = [], top: Int? = nil) {
        self.init(outcome: outcome, events: events, state: nil, top: top)
    }

    package init(outcome: Outcome, events: [Completion] = [], state: State?, leaked: [Int]? = nil, unchanged: Bool = false,
                 notOffered: Bool = false, top: Int? = nil) {
        self.outcome = outcome; self.events = events; self.state = state; self.leaked = leaked; self.unchanged = unchanged
        self.notOffered = notOffered; self.top = top
    }

    /// The library does not offer this call in this state, by its contract (a `push` under a
    /// sheet where only the top layer navigates), and the adapter did not make it. The model's
    /// step is not compared and the path goes no further; the report counts such steps per
    /// action kind. Allowed only where `Capabilities.offeredOnlyOnTopLayer` says so: a claim
    /// for a call the library offers there is a `snapshot-conforms` failure.
    public static let notOffered = SystemStep(outcome: .refused(.unsupported), state: nil, notOffered: true)
}

/// The system could not take part in a step: its process died, it did not answer in time, or
/// what it said cannot be read. Crashes and hangs are conformance failures (`no-crash`,
/// `no-hang`); a protocol error stops verification, since nothing the system says can be trusted.
public struct SystemFailure: Error, Sendable, CustomStringConvertible {
    /// How the system failed.
    public enum Kind: Sendable, Hashable {
        /// The system died (a driver process, a trap in a child process).
        case crash
        /// The system did not answer in time.
        case hang
        /// What the system said cannot be read or trusted.
        case protocolError
    }

    /// What went wrong.
    public var kind: Kind
    /// One line saying what happened.
    public var message: String
    /// What the system said on the side, e.g. a driver's last lines of standard error.
    public var diagnostics: String
    /// Set when the request went in one batch with others, so that an earlier one may have
    /// been the one that failed: the runner tries again alone before it reports anything.
    package var uncertain = false

    /// A failure of `kind`, described by `message`, with the system's own words.
    public init(_ kind: Kind, _ message: String, diagnostics: String = "") {
        self.kind = kind; self.message = message; self.diagnostics = diagnostics
    }

    /// The invariant a crash or a hang violates; nil for a protocol error.
    package var invariant: String? {
        switch kind {
        case .crash: "no-crash"
        case .hang: "no-hang"
        case .protocolError: nil
        }
    }

    /// The message.
    public var description: String { message }
}
