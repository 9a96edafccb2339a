@_spi(Engine) import CoordinatorModel
import Foundation

/// Verifies a synchronous adapter against the model, for a test framework other than XCTest
/// and Swift Testing (whose helpers are `assertConformance` and `expectConformance`).
public func verifyConformance(_ system: some NavigationSystem, options: Verifier.Options = Verifier.Options()) -> VerificationReport {
    if system.capabilities.trapsOnRefusedCalls { return .trapsInProcess(system.name) }
    return Verifier.verify(InProcessSystem(system), options: options)
}

extension Verifier {
    /// Verifies an in-process synchronous adapter (NavFuzz's own tests and tools).
    package static func verify(_ system: some NavigationSystem, options: Options = Options()) -> VerificationReport {
        verify(InProcessSystem(system), options: options)
    }

    /// Verifies a main-actor system: the engine runs on a thread of its own and awaits each
    /// call on the main actor. Await it from any context, the main actor included.
    package static func verify(_ system: some AsyncNavigationSystem, options: Options = Options()) async -> VerificationReport {
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

/// Verifies a main-actor adapter against the model, for a test framework other than XCTest and
/// Swift Testing (whose helpers are `assertConformance` and `expectConformance`).
public func verifyConformance(_ system: some AsyncNavigationSystem, options: Verifier.Options = Verifier.Options()) async -> VerificationReport {
    if await system.capabilities.trapsOnRefusedCalls { return .trapsInProcess(await system.name) }
    return await Verifier.verify(system, options: options)
}
