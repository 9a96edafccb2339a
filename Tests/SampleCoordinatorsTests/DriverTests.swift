@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzDriver
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// Verification through the line protocol: the sample driver conforms, its mutants are caught
/// (a real crash among them), and drivers that hang, die or break the protocol are reported
/// the way docs/DRIVER-PROTOCOL.md says.
final class DriverTests: XCTestCase {
    /// The SampleDriver that `swift build` / `swift test` put next to the test bundle.
    static var sampleDriver: String? {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("SampleDriver"))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("SampleDriver"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("SampleDriver"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/SampleDriver"))
        return candidates.first { fm.isExecutableFile(atPath: $0.path) }?.path
    }

    func driverCommand(_ arguments: String = "") throws -> String {
        guard let path = Self.sampleDriver else {
            throw XCTSkip("SampleDriver is not built next to the tests; run 'swift build' first")
        }
        return "'\(path)'\(arguments.isEmpty ? "" : " " + arguments)"
    }

    func testSampleConformsThroughTheDriver() throws {
        let options = Verifier.Options(depth: 2, walks: 100, walkLength: 30, timeout: 10)
        let result = verifyConformance(driver: .command(try driverCommand()), options: options)
        XCTAssertTrue(result.passed, result.failureMessage)
        XCTAssertEqual(result.system, "SampleDriver")
        XCTAssertEqual(result.restarts, 0)
        XCTAssertGreaterThan(result.steps, 1000)
    }

    func testMutantsAreCaughtThroughTheDriver() throws {
        let expected: [(Mutant, Preset, String, Int)] = [
            (.swipeLeavesChild, .small, "no-orphan-children", 2),
            (.tabTapIgnored, .smallTab, "snapshot-conforms", 1),
            (.strongParentLeak, .small, "no-leak", 2),
            (.duplicatePageChild, .smallTab, "tree-consistent", 1),
        ]
        for (mutant, preset, invariant, length) in expected {
            let options = Verifier.Options(presets: [preset], depth: 2, walks: 20, timeout: 10, stopAtFirstFailure: true)
            let report = Verifier.verify(driver: try driverCommand("--mutant \(mutant.rawValue)"), options: options)
            XCTAssertNil(report.error, mutant.rawValue)
            let failure = report.failure(Check(name: invariant)!)
            XCTAssertNotNil(failure, "\(mutant.rawValue): \(report.text)")
            XCTAssertEqual(failure?.trace.count, length, "\(mutant.rawValue): \(failure?.text ?? "")")
        }
    }

    /// A view root (docs/SEMANTICS.md §2.2) declared through the driver's handshake is explored
    /// and walked as it is in process (`small+view-root`, `swarm+view-root`), with the same
    /// verdict: the correct library passes, a mutant fails with the same checks and traces.
    func testAViewRootIsVerifiedAlikeInProcessAndThroughTheDriver() throws {
        let options = Verifier.Options(presets: [.small], depth: 2, walks: 20, timeout: 10)
        for mutant in [nil, Mutant.swipeLeavesChild] {
            let local = Verifier.verify(SampleSystem(mutant: mutant, viewRoot: true), options: options)
            let remote = Verifier.verify(driver: try driverCommand("--view-root" + (mutant.map { " --mutant \($0.rawValue)" } ?? "")), options: options)
            XCTAssertNil(remote.error, remote.text)
            XCTAssertTrue(local.sources.contains("exploration of small+view-root to depth 2: 159 states"), local.text)
            XCTAssertTrue(remote.sources.contains("exploration of small+view-root to depth 2: 159 states"), remote.text)
            XCTAssertTrue(local.sources.contains("20 random walks of up to 40 actions on swarm+view-root (seed 0)"), local.text)
            XCTAssertTrue(remote.sources.contains("20 random walks of up to 40 actions on swarm+view-root (seed 0)"), remote.text)
            let failures = { (r: VerificationReport) in r.failures.map { "\($0.check) \($0.configuration.rootKind) \($0.trace.map(\.description))" } }
            XCTAssertEqual(failures(remote), failures(local), mutant?.rawValue ?? "correct")
            XCTAssertEqual(local.failures.isEmpty, mutant == nil, local.text)
        }
    }

    /// `dismiss` with nothing presented aborts the driver (the root's too, as in Stinsen):
    /// `no-crash`, with the driver's last words in the report, and verification goes on with a
    /// fresh driver.
    func testCrashingMutantIsNoCrash() throws {
        let options = Verifier.Options(presets: [.small], depth: 2, walks: 10, timeout: 10)
        let report = Verifier.verify(driver: try driverCommand("--mutant dismiss-nothing-crashes"), options: options)
        XCTAssertNil(report.error)
        guard let failure = report.failure(.noCrash) else { return XCTFail(report.text) }
        XCTAssertEqual(failure.trace.map(\.description), ["dismiss c0"], failure.text)
        // A real trap, reported with the runtime's own words and where it trapped: the driver
        // runs without Swift's backtracer, whose register dump would push them out of the tail.
        XCTAssertTrue(failure.reason.contains("signal 4"), failure.reason)
        XCTAssertTrue(failure.reason.contains("Coordinator.swift:") && failure.reason.contains("Fatal error: dismiss() on c0"), failure.reason)
        XCTAssertFalse(failure.diagnostics.contains("Backtrace") || failure.diagnostics.contains("Program crashed"), failure.diagnostics)
        XCTAssertNil(failure.step.implementation.after)
        XCTAssertGreaterThan(report.restarts, 0)
        XCTAssertGreaterThan(report.walks, 0, "verification went on after the crash")
        XCTAssertTrue(report.text.contains("FAIL no-crash"), report.text)
    }

    func testSavedStatesAndReplayGiveTheSameReportThroughTheDriver() throws {
        let options = Verifier.Options(presets: [.small], depth: 2, walks: 20, walkLength: 20, timeout: 10)
        let saving = Verifier.verify(driver: try driverCommand("--mutant back-leaves-child"), options: options)
        let replaying = Verifier.verify(driver: try driverCommand("--mutant back-leaves-child --no-save"), options: options)
        XCTAssertFalse(saving.failures.isEmpty)
        XCTAssertEqual(saving.failures.map { "\($0.check) \($0.trace)" }, replaying.failures.map { "\($0.check) \($0.trace)" })
        XCTAssertGreaterThan(saving.restores, 0)
        XCTAssertEqual(replaying.restores, 0)
    }

    /// Every request announced ahead is taken by the call it was announced for when the
    /// implementation is correct: nothing is sent twice.
    func testAnnouncedRequestsAreTakenByTheirCalls() throws {
        let system = try DriverSystem(command: try driverCommand(), timeout: 10)
        let report = Verifier.verify(system, options: Verifier.Options(presets: [.small, .smallTab], depth: 2, walks: 20))
        XCTAssertTrue(report.failures.isEmpty, report.text)
        XCTAssertEqual(system.aheadDropped, 0)
        XCTAssertGreaterThan(system.aheadTaken, report.steps / 2)
    }

    /// Random walks are announced too: picked ahead on the model, sent a walk at once.
    func testWalksAreAnnounced() throws {
        let system = try DriverSystem(command: try driverCommand(), timeout: 10)
        let report = Verifier.verify(system, options: Verifier.Options(presets: [.small], depth: 0, walks: 20, walkLength: 30))
        XCTAssertEqual(report.walks, 20)
        XCTAssertEqual(system.aheadDropped, 0)
        XCTAssertGreaterThan(system.aheadTaken, report.steps * 9 / 10, report.text)
    }

    /// The driver buffers its replies, so a crash in a batch of announced steps could be
    /// blamed on an earlier step: the step is tried again alone, and the crash lands on the
    /// step on a coordinator that ended.
    func testACrashInABatchLandsOnItsOwnStep() throws {
        // A narrow domain, so that every path of three steps is quick to try in a debug build.
        let narrow = Preset(name: "narrow", configuration: Configuration(), bounds: Preset.small.bounds, maxDepth: nil,
                            domain: Domain(routes: [Route(0)], pages: [Page(0)], startKinds: [.navigation], startStyles: [.push],
                                           forceStyles: [.sheet], presentStyles: [.sheet], pageLists: [[Page(0)]], badgeValues: [nil]))
        let options = Verifier.Options(presets: [narrow], depth: 3, walks: 0, timeout: 10)
        let report = Verifier.verify(driver: try driverCommand("--mutant ended-coordinator-crashes"), options: options)
        let crashes = report.failures(.noCrash)
        XCTAssertFalse(crashes.isEmpty, report.text)
        for failure in crashes {
            guard let last = failure.trace.last, let target = last.target else { return XCTFail(failure.text) }
            let before = Model(configuration: failure.configuration).run(Array(failure.trace.dropLast())).last?.state
                ?? Model(configuration: failure.configuration).initialState()
            XCTAssertFalse(before.isLive(target), "the crashing step names a live coordinator: \(failure.text)")
        }
        XCTAssertFalse(report.notes.contains { $0.contains("repeat itself") }, "\(report.notes)")
    }

    func testUnknownMutantIsRefusedByTheDriver() throws {
        let report = Verifier.verify(driver: try driverCommand("--mutant no-such-bug"), options: Verifier.Options(timeout: 10))
        XCTAssertNotNil(report.error)
        XCTAssertTrue(report.error?.contains("exited with status 2") == true, report.error ?? "")
        XCTAssertTrue(report.text.contains("unknown mutant 'no-such-bug'"), report.text)
        XCTAssertEqual(report.exitCode, 2)
    }

    /// A user who asks for Swift's backtrace gets it: NavFuzz turns it off only when
    /// SWIFT_BACKTRACE is not set.
    func testTheBacktracerIsOffUnlessTheUserAsks() throws {
        let echo = "sh -c 'echo \"SWIFT_BACKTRACE=$SWIFT_BACKTRACE\" >&2; exit 3'"
        let unset = Verifier.verify(driver: echo, options: Verifier.Options(timeout: 2))
        XCTAssertTrue(unset.diagnostics.contains("SWIFT_BACKTRACE=enable=no"), unset.diagnostics)
        setenv("SWIFT_BACKTRACE", "enable=yes", 1)
        defer { unsetenv("SWIFT_BACKTRACE") }
        let given = Verifier.verify(driver: echo, options: Verifier.Options(timeout: 2))
        XCTAssertTrue(given.diagnostics.contains("SWIFT_BACKTRACE=enable=yes"), given.diagnostics)
    }
}
