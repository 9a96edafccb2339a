@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// Verification on the one engine: saved states change nothing but the cost, what the random
/// phase sends, distinct failures of one check, shrinking across creating steps and inside
/// `multiple`, `sometimes` properties, and implementations that do not repeat themselves.
final class VerificationEngineTests: XCTestCase {
    /// What a report says, without timings and counts of work.
    func findings(_ r: VerificationReport) -> [String] {
        r.failures.map { "\($0.check): \($0.reason) @ \($0.trace.map(\.description))" }
    }

    func testSavedStatesAndReplayGiveTheSameReport() {
        let options = Verifier.Options(presets: [.small, .smallTab], depth: 2, walks: 20, walkLength: 20)
        for mutant in [Mutant.backLeavesChild, .tabTapIgnored, .dismissAllKeepsFirst] {
            let saving = Verifier.verify(SampleSystem(mutant: mutant), options: options)
            let replaying = Verifier.verify(WithoutSavedStates(SampleSystem(mutant: mutant)), options: options)
            XCTAssertFalse(saving.failures.isEmpty, mutant.rawValue)
            XCTAssertEqual(findings(saving), findings(replaying), mutant.rawValue)
            XCTAssertEqual(saving.steps, replaying.steps, "the same steps are checked either way")
            XCTAssertGreaterThan(saving.restores, 0)
            XCTAssertEqual(replaying.restores, 0)
            XCTAssertLessThan(saving.replayedSteps, replaying.replayedSteps)
        }
    }

    /// Routes, pages and ids an implementation must refuse, and every style: the random phase
    /// sends them all.
    func testTheRandomPhaseSendsWhatMustBeRefused() {
        let system = RecordingSystem()
        _ = Verifier.verify(system, options: Verifier.Options(depth: 0, walks: 150))
        XCTAssertTrue(system.sentToEnded > 0, "no action named a coordinator that ended")
        XCTAssertTrue(system.sentToUnknown > 0, "no action named an id never made")
        XCTAssertTrue(system.outsideAlphabets > 0, "no argument outside the alphabets")
        XCTAssertEqual(system.styles, Set(Style.allCases))
        XCTAssertTrue(system.multipleParts.contains(3), "\(system.multipleParts)")
        XCTAssertTrue(system.refusals.contains(.invalid) && system.refusals.contains(.noSuchCoordinator)
                      && system.refusals.contains(.unsupported), "\(system.refusals)")
    }

    /// Two different bugs break one check: both are reported, each with its own trace, unless
    /// one failure per check is asked for.
    func testDifferentFailuresOfOneCheckAreEachReported() {
        let options = Verifier.Options(presets: [.small], depth: 2, walks: 0)
        let both = Verifier.verify(TwoBugsSystem(), options: options)
        let traces = both.failures(.snapshotConforms).map { $0.trace.map(\.description) }
        XCTAssertTrue(traces.contains(["push c0 r0", "pop c0"]), "\(traces)")
        XCTAssertTrue(traces.contains(["present c0 r0 fullScreen"]), "\(traces)")
        var one = options
        one.distinct = 1
        XCTAssertEqual(Verifier.verify(TwoBugsSystem(), options: one).failures(.snapshotConforms).count, 1)
    }

    /// A step that created a coordinator goes, and the later step's id follows.
    func testShrinkingRemovesACreatingStepAndRenamesLaterIds() throws {
        let trace = try ["start c0 navigation sheet r0", "start c0 navigation push r1", "push c0 r1", "finishFlow c2"]
            .map { try Action(parsing: $0) }
        let report = Verifier.verify(SampleSystem(mutant: .strongParentLeak),
                                     options: Verifier.Options(presets: [.small], depth: 0, walks: 0,
                                                               traces: [GivenTrace(name: "given", actions: trace)]))
        guard let failure = report.failure(.noLeak) else { return XCTFail(report.text) }
        XCTAssertEqual(failure.trace.count, 2, failure.text)
        XCTAssertEqual(failure.trace.first?.name, .start, failure.text)
        XCTAssertEqual(failure.trace.last, .finishFlow(CoordinatorID(1)), failure.text)
    }

    func testShrinkingGoesInsideMultiple() throws {
        let trace = [try Action(parsing: "multiple c0 [push r1, present r1 fullScreen, set r0, dismiss, dismiss]")]
        let report = Verifier.verify(SampleSystem(mutant: .multipleNotAtomic),
                                     options: Verifier.Options(presets: [.small], depth: 0, walks: 0,
                                                               traces: [GivenTrace(name: "given", actions: trace)]))
        guard let failure = report.failure(.invariant("refusal-changes-nothing")), case .multiple(_, let parts)? = failure.trace.last else {
            return XCTFail(report.text)
        }
        XCTAssertEqual(parts.count, 2, failure.text)
        XCTAssertEqual(failure.trace.count, 1)
    }

    /// A run too short to get anywhere fails, and says what it did not reach.
    func testARunThatReachesNothingFails() {
        let short = Verifier.verify(SampleSystem(), options: Verifier.Options(presets: [.small], depth: 1, walks: 0))
        XCTAssertTrue(short.failures.isEmpty)
        XCTAssertTrue(short.unreached.contains("two-modal-levels"), "\(short.unreached)")
        XCTAssertFalse(short.passed)
        XCTAssertEqual(short.exitCode, 1)
        XCTAssertTrue(short.text.contains("never reached, so not tested: "), short.text)
        // What the implementation does not offer is not asked for.
        let pushOnly = Verifier.verify(OnlySystem([.push, .pop]), options: Verifier.Options(presets: [.small], depth: 3, walks: 20))
        XCTAssertTrue(pushOnly.passed, pushOnly.text)
    }

    /// Flaky navigation is a failure users see, never only a note: both runs side by side.
    func testAnImplementationThatDoesNotRepeatItselfFails() {
        let report = Verifier.verify(FlakySystem(), options: Verifier.Options(presets: [.small], depth: 2, walks: 0, restore: false))
        XCTAssertFalse(report.passed, report.text)
        guard let failure = report.failure(.repeatsItself) else { return XCTFail(report.text) }
        XCTAssertTrue(failure.reason.contains("does not repeat itself"), failure.reason)
        XCTAssertNotNil(failure.firstRun?.implementation.after, report.text)
        XCTAssertNotNil(failure.step.implementation.after, report.text)
        XCTAssertTrue(failure.text.contains("the first run") && failure.text.contains("replayed from reset"), failure.text)
        XCTAssertFalse(report.notes.contains { $0.contains("repeat itself") }, "\(report.notes)")
    }

    /// A step that failed once and passed when its trace was replayed: both runs.
    func testAFailureThatDoesNotHappenAgainFailsRepeatsItself() {
        let report = Verifier.verify(FlakySystem(), options: Verifier.Options(presets: [.small], depth: 2, walks: 0))
        let failure = report.failure(.repeatsItself)
        XCTAssertNotNil(failure, report.text)
        XCTAssertEqual(report.failures.filter { $0.check != .repeatsItself }.count, 0, report.text)
    }
}

/// The sample, recording what it is sent: ids of coordinators that ended or were never made,
/// arguments outside the alphabets, styles, parts of `multiple`, and the refusals.
final class RecordingSystem: NavigationSystem {
    let inner = SampleSystem()
    private var configuration = Configuration()
    private var seen: Set<Int32> = []
    var sentToEnded = 0, sentToUnknown = 0, outsideAlphabets = 0
    var styles: Set<Style> = []
    var multipleParts: Set<Int> = []
    var refusals: Set<RefusalReason> = []

    var capabilities: Capabilities { inner.capabilities }

    func reset(configuration: Configuration) {
        self.configuration = configuration
        inner.reset(configuration: configuration)
        seen = Set(inner.observedState().positions.map { inner.observedState().id(at: $0).index })
    }

    func apply(_ action: Action) -> SystemStep {
        let live = inner.observedState()
        if let c = action.target, !live.isLive(c) {
            if seen.contains(c.index) { sentToEnded += 1 } else { sentToUnknown += 1 }
        }
        switch action {
        case .present(_, let r, let s), .redirect(_, let r, let s), .start(_, _, let s, let r), .forcePresentation(_, let s, let r):
            styles.insert(s)
            if Int(r.index) >= configuration.routeCount { outsideAlphabets += 1 }
        case .push(_, let r), .popTo(_, let r), .setRoot(_, let r):
            if Int(r.index) >= configuration.routeCount { outsideAlphabets += 1 }
        case .multiple(_, let parts):
            multipleParts.insert(parts.count)
        default:
            break
        }
        let step = inner.apply(action)
        if case .refused(let reason) = step.outcome { refusals.insert(reason) }
        let after = inner.observedState()
        for p in after.positions { seen.insert(after.id(at: p).index) }
        return step
    }

    func observedState() -> State { inner.observedState() }
}

/// The sample with two bugs of `snapshot-conforms`: a `pop` is reported refused though it
/// applied, and a full-screen cover is shown as a sheet.
final class TwoBugsSystem: NavigationSystem {
    let inner = SampleSystem()
    var capabilities: Capabilities { inner.capabilities }
    func reset(configuration: Configuration) { inner.reset(configuration: configuration) }

    func apply(_ action: Action) -> SystemStep {
        var step = inner.apply(action)
        if case .pop = action, step.outcome == .applied { step.outcome = .refused(.atRoot) }
        return step
    }

    func observedState() -> State {
        let s = inner.observedState()
        return State(coordinators: s.coordinators.map { c in
            var c = c
            c.modals = c.modals.map { $0.style == .fullScreen ? Modal(.sheet, $0.entry) : $0 }
            return c
        }, root: s.root)
    }
}

/// The sample offering only some actions.
final class OnlySystem: NavigationSystem {
    let inner = SampleSystem()
    let capabilities: Capabilities
    init(_ actions: Set<ActionName>) { capabilities = Capabilities(actions: actions, receivesInvalidCalls: true) }
    func reset(configuration: Configuration) { inner.reset(configuration: configuration) }
    func apply(_ action: Action) -> SystemStep { inner.apply(action) }
    func observedState() -> State { inner.observedState() }
}

/// The sample, except that every seventh `push` pushes `r1` whatever it was asked: the same
/// steps do not always give the same state.
final class FlakySystem: NavigationSystem {
    let inner = SampleSystem()
    private var pushes = 0
    var capabilities: Capabilities { inner.capabilities }
    func reset(configuration: Configuration) { inner.reset(configuration: configuration) }

    func apply(_ action: Action) -> SystemStep {
        if case .push(let c, _) = action {
            pushes += 1
            if pushes % 7 == 0 { return inner.apply(.push(c, Route(1))) }
        }
        return inner.apply(action)
    }

    func observedState() -> State { inner.observedState() }
}
