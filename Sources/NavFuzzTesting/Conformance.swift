import Foundation
// A test file that imports NavFuzzTesting has what an adapter and its tests use: the model's
// actions and states, the adapter protocols and options, and on macOS and Linux `Driver`.
@_exported import CoordinatorModel
@_exported import NavFuzzKit
@_spi(Engine) import NavFuzzKit
#if canImport(NavFuzzDriver)
@_exported import NavFuzzDriver
#endif

/// What the helpers of both frameworks share: running a verification where the options say,
/// and the messages they record.
enum Conformance {
    /// A main-actor adapter verified in process or in a child. Nil in a child process run for
    /// another call site: that call does nothing.
    static func run(_ system: some AsyncNavigationSystem, options: Verifier.Options,
                    rerun: @autoclosure () -> [String]?, site: CallSite) async -> VerificationReport? {
        let traps = await system.capabilities.trapsOnRefusedCalls
        #if canImport(NavFuzzDriver)
        if let served = ChildRun.servedSite {
            guard served == site else { return nil }
            await ChildRun.serve(system, timeout: options.timeout)
        }
        if let report = await inChild(options, rerun(), site, traps: traps) { return report }
        #endif
        if traps { return .trapsInProcess(await system.name) }
        return await Verifier.verify(system, options: options)
    }

    /// The same for an adapter whose calls are synchronous.
    static func run(_ system: some NavigationSystem, options: Verifier.Options,
                    rerun: @autoclosure () -> [String]?, site: CallSite) async -> VerificationReport? {
        #if canImport(NavFuzzDriver)
        if let served = ChildRun.servedSite {
            guard served == site else { return nil }
            await ChildRun.serve(system)
        }
        if let report = await inChild(options, rerun(), site, traps: system.capabilities.trapsOnRefusedCalls) { return report }
        #endif
        if system.capabilities.trapsOnRefusedCalls { return .trapsInProcess(system.name) }
        // The system is only touched by the engine's thread while this task waits.
        let box = UncheckedSystem(InProcessSystem(system))
        return await Verifier.onOwnThread { Verifier.verify(box.system, options: options) }
    }

    #if canImport(NavFuzzDriver)
    /// A driver, started or connected to from the engine's own thread. Nil in a child process
    /// run for another call site.
    static func run(driver: Driver, options: Verifier.Options) async -> VerificationReport? {
        guard ChildRun.servedSite == nil else { return nil }
        return await Verifier.onOwnThread { Verifier.verify(driver: driver, options: options) }
    }

    /// The verification of a child process that serves the adapter, when the options ask for
    /// one, or the adapter declares that its library traps (a trap would end the test run), and
    /// the test can be run again; nil to verify in process.
    private static func inChild(_ options: Verifier.Options, _ rerun: [String]?, _ site: CallSite,
                                traps: Bool) async -> VerificationReport? {
        guard options.runIn == .childProcess || traps, options.problem == nil, let arguments = rerun else { return nil }
        return await ChildRun.verify(rerunning: arguments, site: site, options: options)
    }
    #endif

    /// The run's notes and what it skipped, printed on pass and on failure: a run that could
    /// not check something, or gave up, must not look like any other.
    static func printNotes(_ report: VerificationReport, at site: String) {
        for n in report.notes { print(TextSanitizer.escaped("NavFuzz (\(site)): note: \(n)")) }
        if let stopped = report.stoppedEarly { print(TextSanitizer.escaped("NavFuzz (\(site)): stopped early: \(stopped)")) }
        for s in report.skipped { print(TextSanitizer.escaped("NavFuzz (\(site)): SKIPPED \(s)")) }
    }

    /// One message per failing trace, each followed by the trace as a test for `framework`
    /// that calls the helper as the user's test did (`subject`: its first argument, as
    /// written), so that it can be pasted into the suite as it is. A run that only replayed
    /// given traces (a pasted regression test) does not print them back; one whose overlap
    /// phase ran on its presets does.
    static func messages(_ report: VerificationReport, framework: TestFramework, options: Verifier.Options,
                         subject: @autoclosure () -> String) -> [String] {
        var messages = report.failureMessages
        let onlyGiven = options.depth == 0 && (options.walks == 0 || options.walkPresets?.isEmpty == true)
            && (options.presets.isEmpty || options.overlapDepth < 0 || report.interleavings == 0)
        guard report.error == nil, !onlyGiven else { return messages }
        let subject = subject()
        for (i, group) in report.groups.enumerated() where i < messages.count {
            let test = group[0].regressionTest(framework, subject: subject, runIn: options.runIn)
            messages[i] += "\n\nAs a regression test:\n\n" + test
        }
        return messages
    }
}

/// A system handed to the engine's thread.
private struct UncheckedSystem: @unchecked Sendable {
    let system: InProcessSystem
    init(_ system: InProcessSystem) { self.system = system }
}
