@_spi(Engine) import CoordinatorModel
import NavFuzzDriver
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// The runner's own behaviour: id translation, given traces and shrinking, unsupported styles,
/// determinism, initial states, and the test helpers' messages.
final class VerifierTests: XCTestCase {
    func testConformsUnderItsOwnNumbering() {
        let system = RenumberingSystem(SampleSystem())
        let report = Verifier.verify(system, options: Verifier.Options(depth: 2, walks: 100))
        XCTAssertTrue(report.passed, report.text)
        XCTAssertFalse(system.sawOverlay, "a style the system does not offer was sent")
    }

    func testFailuresAreWrittenInModelIds() {
        let system = RenumberingSystem(SampleSystem(mutant: .swipeLeavesChild))
        let report = Verifier.verify(system, options: Verifier.Options(presets: [.small], depth: 2, walks: 0))
        let failure = report.failure(.invariant("no-orphan-children"))
        XCTAssertEqual(failure?.trace.map(\.description), ["start c0 navigation sheet r0", "userSwipeDismiss"], report.text)
        XCTAssertEqual(failure?.step.implementation.action?.description, "userSwipeDismiss")
        // The leak check follows the renumbered ids too.
        let leak = Verifier.verify(RenumberingSystem(SampleSystem(mutant: .strongParentLeak)),
                                   options: Verifier.Options(presets: [.small], depth: 2, walks: 0))
        XCTAssertTrue(leak.failures(.noLeak).map(\.reason).contains("c1 ended but its object is still alive after 'finishFlow c1'"), leak.text)
    }

    func testGivenTracesAreReplayedAndShrunk() throws {
        let trace = try ["push c0 r1", "push c0 r0", "present c0 r1 sheet", "popToRoot c0", "dismiss c0", "pop c0", "push c0 r1"]
            .map { try Action(parsing: $0) }
        let options = Verifier.Options(presets: [.small], depth: 0, walks: 0, traces: [GivenTrace(name: "trace 1", actions: trace)])
        let report = Verifier.verify(SampleSystem(mutant: .popRemovesRoot), options: options)
        XCTAssertEqual(report.traces, 1)
        guard let failure = report.failure(.invariant("stack-shape")) else { return XCTFail(report.text) }
        XCTAssertEqual(failure.trace.map(\.description), ["pop c0"])
        XCTAssertEqual(failure.originalLength, 6, "cut after the failing step")
        XCTAssertEqual(failure.source, "trace 1")
        XCTAssertTrue(failure.text.contains("shrunk from 6 steps"), failure.text)
    }

    /// A trace that starts with a launch runs only on a system that declares launches: the
    /// sample does not, and skips it with a note instead of failing at its first reset.
    func testGivenTracesWithALaunchNeedASystemThatLaunches() throws {
        var configuration = Configuration()
        configuration.launch = try Launch(parsing: "navigation fullScreen r1")
        let given = GivenTrace(name: "launching", configuration: configuration, actions: [try Action(parsing: "restartApp")])
        let report = Verifier.verify(SampleSystem(), options: Verifier.Options(presets: [], depth: 0, walks: 0, traces: [given]))
        XCTAssertEqual(report.failures.map(\.check), [], report.text)
        XCTAssertTrue(report.notes.contains { $0.contains("launching: not run") && $0.contains("Capabilities.launches") }, report.text)
        XCTAssertEqual(report.error?.hasPrefix("nothing was verified"), true, "a run that could start nothing is no pass: \(report.text)")
    }

    /// A preset the system cannot start is skipped with the same reason a corpus trace is,
    /// not run to fail at its first state; when nothing asked for can start, the run is an error.
    func testPresetsTheSystemCannotStartAreSkipped() {
        let mixed = Verifier.verify(SampleSystem(), options: Verifier.Options(presets: [.small, .startPage], depth: 1, walks: 0))
        XCTAssertNil(mixed.error, mixed.text)
        XCTAssertEqual(mixed.failures.map(\.check), [], mixed.text)
        XCTAssertTrue(mixed.notes.contains("start-page: skipped; its tabs start on p1, and the implementation does not declare start pages (Capabilities.startPage)"), mixed.text)
        let only = Verifier.verify(SampleSystem(), options: Verifier.Options(presets: [.startPage], depth: 1, walks: 0))
        XCTAssertFalse(only.passed, only.text)
        XCTAssertEqual(only.failures.map(\.check), [], only.text)
        XCTAssertTrue(only.error?.contains("start-page: skipped") == true, only.text)
    }

    /// Likewise a trace whose tabs start on a chosen page (`Capabilities.startPage`).
    func testGivenTracesWithAStartPageNeedASystemThatDeclaresThem() throws {
        let given = GivenTrace(name: "second page", configuration: Configuration(rootKind: .tab, startPage: Page(1)),
                               actions: [try Action(parsing: "restart c0")])
        let report = Verifier.verify(SampleSystem(), options: Verifier.Options(presets: [], depth: 0, walks: 0, traces: [given]))
        XCTAssertEqual(report.failures.map(\.check), [], report.text)
        XCTAssertTrue(report.notes.contains { $0.contains("second page: not run") && $0.contains("Capabilities.startPage") }, report.text)
        XCTAssertNotNil(report.error, report.text)
        // A system that does not declare them gets no start-page exploration either.
        let plain = Verifier.verify(SampleSystem(), options: Verifier.Options(presets: [.smallTab], depth: 1, walks: 0))
        XCTAssertFalse(plain.sources.contains { $0.contains("start-page") }, plain.text)
        // Nor a view root, which it does not declare (Capabilities.rootKinds).
        XCTAssertFalse(plain.sources.contains { $0.contains("view-root") }, plain.text)
    }

    func testGivenTracesStopBeforeWhatTheSystemDoesNotOffer() throws {
        let trace = try ["push c0 r1", "present c0 r0 overlay", "pop c0"].map { try Action(parsing: $0) }
        let system = RenumberingSystem(SampleSystem())
        let report = Verifier.verify(system, options: Verifier.Options(presets: [.small], depth: 0, walks: 0, traces: [GivenTrace(name: "trace 1", actions: trace)]))
        XCTAssertTrue(report.passed, report.text)
        XCTAssertFalse(system.sawOverlay)
        XCTAssertEqual(report.notes, ["trace 1: ran the first 1 of 3 steps; the implementation does not offer 'present c0 r0 overlay'"])
    }

    func testSameSeedSameFailures() {
        func run() -> [String] {
            let report = Verifier.verify(SampleSystem(mutant: .backLeavesChild),
                                         options: Verifier.Options(presets: [.small, .smallTab], depth: 0, walks: 60, seed: 9))
            return report.failures.map { "\($0.check): \($0.reason) @ \($0.trace.map(\.description)) from \($0.source)" }
        }
        let first = run()
        XCTAssertFalse(first.isEmpty)
        XCTAssertEqual(first, run())
    }

    func testInitialStateThatDiffers() {
        let report = Verifier.verify(RenumberingSystem(SampleSystem(), initialSetRoot: Route(1)),
                                     options: Verifier.Options(presets: [.small], depth: 1, walks: 1))
        guard let failure = report.failure(.snapshotConforms) else { return XCTFail(report.text) }
        XCTAssertEqual(failure.trace, [])
        XCTAssertEqual(failure.reason, "initial state: the state differs (canonical ids): the model has 'c0 navigation stack [r0]   <- visible', the implementation 'c0 navigation stack [r1]   <- visible'")
        XCTAssertTrue(failure.text.contains("trace: (none: the initial state already fails)"), failure.text)
    }

    /// `Options.launch` reaches every preset and walk: a system that does not declare
    /// launches starts none of them, and the run is an error, not a pass. One that declares
    /// them and ignores the launch (builds the root alone) fails at its first reset, and the
    /// report names the launch.
    func testALaunchTheSystemIgnoresFailsAtTheFirstReset() {
        let onboarding = Launch(kind: .navigation, style: .fullScreen, route: Route(1))
        let undeclared = Verifier.verify(SampleSystem(), options: Verifier.Options(presets: [.small], depth: 1, walks: 5, launch: onboarding))
        XCTAssertTrue(undeclared.error?.contains("small: skipped; it starts with the launch 'navigation fullScreen r1'") == true, undeclared.text)
        XCTAssertEqual(undeclared.steps, 0, undeclared.text)
        let report = Verifier.verify(LaunchIgnoring(),
                                     options: Verifier.Options(presets: [.small], depth: 1, walks: 0, launch: onboarding))
        guard let failure = report.failure(.snapshotConforms) else { return XCTFail(report.text) }
        XCTAssertEqual(failure.trace, [])
        XCTAssertEqual(failure.configuration.launch, onboarding)
        XCTAssertTrue(failure.reason.contains("the model has 'c0 navigation stack [r0] modals [fullScreen c1]"), failure.reason)
        XCTAssertTrue(failure.text.contains("configuration: preset small, root navigation, routes 2, pages 2, initial pages [p0,p1], launch navigation fullScreen r1"),
                      failure.text)
        // A launch route outside a preset's routes is an error of the options, before any reset.
        let outside = Verifier.verify(SampleSystem(), options: Verifier.Options(presets: [.small], launch: Launch(route: Route(2))))
        XCTAssertEqual(outside.error, "launch navigation fullScreen r2 in preset small: launch route r2 is outside the route alphabet")
    }

    func testHiddenDifferencesAreNamed() {
        // duplicate-page-child lists the kept pages' coordinators twice: the trees look the same.
        let trace = [Action.setPages(CoordinatorID(0), [Page(0), Page(1)], current: nil)]
        let report = Verifier.verify(SampleSystem(mutant: .duplicatePageChild),
                                     options: Verifier.Options(presets: [.smallTab], depth: 0, walks: 0,
                                                               traces: [GivenTrace(name: "trace 1", configuration: Preset.smallTab.configuration, actions: trace)],
                                                               shrink: false))
        guard let failure = report.failure(.snapshotConforms) else { return XCTFail(report.text) }
        XCTAssertEqual(failure.reason, "the state differs (canonical ids): c0 lists children [c1, c2] in the model, [c1, c1, c2, c2] in the implementation")
        XCTAssertTrue(failure.text.contains("! c0 lists children [c1, c2] in the model, [c1, c1, c2, c2] in the implementation"), failure.text)
    }

    func testFailureMessages() {
        let passing = verifyConformance(SampleSystem(), options: Verifier.Options(presets: [.small], depth: 1))
        XCTAssertTrue(passing.passed, passing.failureMessage)
        XCTAssertEqual(passing.failureMessage, "")
        XCTAssertEqual(passing.failureMessages, [])

        let failing = verifyConformance(SampleSystem(mutant: .swipeLeavesChild), options: Verifier.Options(presets: [.small], depth: 2, walks: 0))
        XCTAssertFalse(failing.passed)
        XCTAssertTrue(failing.failureMessage.hasPrefix("2 conformance checks failed for SampleSystem: no-orphan-children, snapshot-conforms"), failing.failureMessage)
        XCTAssertTrue(failing.failureMessage.contains("FAIL no-orphan-children, snapshot-conforms: c1 is a child of c0 but hosted nowhere: an orphan"),
                      failing.failureMessage)
        XCTAssertEqual(failing.failureMessages.filter { $0.hasPrefix("FAIL") }.count, 1, "one trace breaks both checks")
        XCTAssertEqual(failing.exitCode, 1)

        let broken = verifyConformance(driver: .command("exec /nonexistent/driver"))
        XCTAssertTrue(broken.failureMessage.hasPrefix("verification could not run: the driver exited with status 127"), broken.failureMessage)
    }
}

