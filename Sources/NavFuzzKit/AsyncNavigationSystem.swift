import CoordinatorModel
import Dispatch
import Foundation

/// A coordinator implementation under test whose calls are made on the main actor and may be
/// `async`: the form for UIKit and SwiftUI coordinator libraries (SUICoordinator's `navigate`,
/// `present` and `finishFlow` are `async` and `@MainActor`). The runner awaits each call from
/// its own thread, so the main actor stays free to run the library's tasks; nothing spins a run
/// loop. The requirements mean what `NavigationSystem`'s do.
@MainActor
public protocol AsyncNavigationSystem: AnyObject, Sendable {
    /// The action kinds the implementation offers. The runner never sends any other kind.
    var supportedActions: Set<ActionName> { get }

    /// The modal styles the implementation offers. Default: every style.
    var supportedStyles: Set<Style> { get }

    /// How reports name the system. Default: its type's name.
    var name: String { get }

    /// Throws away every coordinator and sets up the initial state of `configuration`.
    func reset(configuration: Configuration) async throws(SystemFailure)

    /// Applies one action (with the implementation's own ids).
    func apply(_ action: Action) async throws(SystemFailure) -> SystemStep

    /// What the implementation shows now.
    func snapshot() async throws(SystemFailure) -> Snapshot

    /// The object behind coordinator `id`, for `no-leak`. Default: nil (not checked).
    func coordinatorObject(id: Int) -> AnyObject?

    /// Text to show with a failure. Default: empty.
    var diagnostics: String { get }
}

extension AsyncNavigationSystem {
    public var supportedStyles: Set<Style> { Set(Style.allCases) }
    public var name: String { String(describing: type(of: self)) }
    public func coordinatorObject(id: Int) -> AnyObject? { nil }
    public var diagnostics: String { "" }
}

extension Verifier {
    /// Verifies a main-actor system: the engine runs on a thread of its own and awaits each
    /// call on the main actor. Await it from any context, the main actor included.
    public static func verify(_ system: some AsyncNavigationSystem, options: Options = Options()) async -> VerificationReport {
        let bridge = await MainActorSystem(system, timeout: options.timeout)
        return await onOwnThread { verify(bridge, options: options) }
    }

    /// Runs `work` on a new thread and awaits it, so that blocking work neither holds a thread
    /// of the cooperative pool nor the main actor.
    package static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            // The engine is not deep, but the tree printer of a long failing trace can be.
            thread.stackSize = 16 << 20
            thread.start()
        }
    }
}

/// Verifies a main-actor adapter against the model (see `Verifier.verify`).
public func verifyConformance(_ system: some AsyncNavigationSystem, options: Verifier.Options = Verifier.Options()) async -> VerificationResult {
    VerificationResult(report: await Verifier.verify(system, options: options))
}

/// A main-actor system as the engine drives it: each call is a task on the main actor that the
/// engine's thread waits for. A call that does not return within the timeout is a hang; since
/// nothing can stop it, every later call fails until it returns.
package final class MainActorSystem: NavigationSystem, @unchecked Sendable {
    private let system: any AsyncNavigationSystem
    private let timeout: Double
    package let supportedActions: Set<ActionName>
    package let supportedStyles: Set<Style>
    package let name: String
    /// The call that did not return in time, while it still has not.
    private var stuck: (call: String, done: DispatchSemaphore)?

    @MainActor
    package init(_ system: any AsyncNavigationSystem, timeout: Double) {
        self.system = system
        self.timeout = timeout
        supportedActions = system.supportedActions
        supportedStyles = system.supportedStyles
        name = system.name
    }

    /// Not on the main thread: the main actor would wait for itself.
    private func call<T>(_ what: @autoclosure () -> String,
                         _ body: @escaping @MainActor (any AsyncNavigationSystem) async throws(SystemFailure) -> T) throws(SystemFailure) -> T {
        if let stuck {
            guard stuck.done.wait(timeout: .now() + timeout) == .success else {
                throw SystemFailure(.protocolError, "\(stuck.call) never returned, and a call in process cannot be stopped")
            }
            self.stuck = nil
        }
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox<T>()
        let system = system
        Task { @MainActor in
            do throws(SystemFailure) { result.value = .success(try await body(system)) } catch { result.value = .failure(error) }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else {
            let call = what()
            stuck = (call, done)
            throw SystemFailure(.hang, "\(call) did not return within \(timeout) s")
        }
        return try result.value!.get()
    }

    package func reset(configuration: Configuration) throws(SystemFailure) {
        try call("reset") { system throws(SystemFailure) in try await system.reset(configuration: configuration) }
    }

    package func apply(_ action: Action) throws(SystemFailure) -> SystemStep {
        try call("apply(\(action))") { system throws(SystemFailure) in try await system.apply(action) }
    }

    package func snapshot() throws(SystemFailure) -> Snapshot {
        try call("snapshot()") { system throws(SystemFailure) in try await system.snapshot() }
    }

    package func coordinatorObject(id: Int) -> AnyObject? {
        let object = try? call("coordinatorObject(id: \(id))") { system throws(SystemFailure) in ObjectBox(value: system.coordinatorObject(id: id)) }
        return object?.value
    }

    package var diagnostics: String {
        (try? call("diagnostics") { system throws(SystemFailure) in system.diagnostics }) ?? ""
    }
}

/// A coordinator object handed from the main actor to the engine, which only holds it weakly.
private struct ObjectBox: @unchecked Sendable {
    let value: AnyObject?
}

/// Where a main-actor task leaves its result for the waiting thread; the semaphore orders the
/// write before the read.
private final class ResultBox<T>: @unchecked Sendable {
    var value: Result<T, SystemFailure>?
}
