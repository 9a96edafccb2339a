@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzDriver
@_spi(Engine) import NavFuzzKit
import XCTest

/// The example driver in another language (examples/python-driver/driver.py) conforms, with
/// saved states and without, and its planted bug is caught.
final class PythonDriverTests: XCTestCase {
    static var driver: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/python-driver/driver.py").path
    }

    func command(_ flags: String = "") -> String { "exec python3 '\(Self.driver)' \(flags)" }
    let options = Verifier.Options(presets: [.small, .smallTab], depth: 2, walks: 40, walkLength: 20, timeout: 10)

    func testTheExampleDriverConforms() {
        let saving = Verifier.verify(driver: command(), options: options)
        XCTAssertTrue(saving.passed, saving.text)
        XCTAssertGreaterThan(saving.restores, 0)
        let plain = Verifier.verify(driver: command("--plain"), options: options)
        XCTAssertTrue(plain.passed, plain.text)
        XCTAssertEqual(plain.restores, 0)
        XCTAssertEqual(saving.steps, plain.steps)
    }

    func testItsBugIsCaughtWithTheShortestTrace() {
        let report = Verifier.verify(driver: command("--bug swipe-keeps-child"), options: options)
        guard let failure = report.failure(.invariant("no-orphan-children")) else { return XCTFail(report.text) }
        XCTAssertEqual(failure.trace.map(\.description), ["start c0 navigation sheet r0", "userSwipeDismiss"], failure.text)
    }

    /// A driver that aborts on every second `finishFlow` of a flow (a call the model refuses):
    /// after two such crashes the runner answers the rest itself, so the run is not restarted
    /// for most of its steps, and no phase gives up.
    func testACrashOnACommonRefusedCallCostsFewRestarts() {
        let report = Verifier.verify(driver: command("--bug finish-twice-crashes"), options: options)
        guard let failure = report.failure(.noCrash) else { return XCTFail(report.text) }
        XCTAssertEqual(failure.trace.last?.name, .finishFlow, failure.text)
        XCTAssertTrue(report.notes.contains { $0.contains("not made after 2 crashes") && $0.contains("finishFlow refused(noSuchCoordinator)") },
                      report.text)
        XCTAssertNil(report.stoppedEarly, report.text)
        XCTAssertLessThanOrEqual(report.restarts, 8, report.text)
    }

    /// The same crash found by a walk (a long trace) is tried first on the model's shortest way
    /// to the same call, so shrinking costs few restarts (12 without, 4 with, when measured).
    func testACrashFoundByAWalkIsTriedFirstOnTheModelsShortestWay() {
        var walksOnly = options
        walksOnly.depth = 0
        let report = Verifier.verify(driver: command("--bug finish-twice-crashes"), options: walksOnly)
        guard let failure = report.failure(.noCrash) else { return XCTFail(report.text) }
        XCTAssertGreaterThan(failure.originalLength, 3, failure.text)
        XCTAssertEqual(failure.trace.count, 3, failure.text)
        XCTAssertEqual(failure.trace.last?.name, .finishFlow, failure.text)
        XCTAssertLessThanOrEqual(report.restarts, 6, report.text)
    }

    /// Bugs of position (examples/python-driver/driver.py): each shows only where the call's
    /// target sits among its siblings, and each is found by the position goals alone (no walk,
    /// exploration one step deep), on its shortest trace. scripts/bug-classes.sh runs the same
    /// bugs through the whole default run in CI.
    func testEachBugOfPositionIsFoundAtItsPosition() {
        let positionsOnly = Verifier.Options(presets: [.small, .smallTab], depth: 1, walks: 0, timeout: 10)
        let bugs: [(bug: String, goal: String, steps: Int)] = [
            ("finish-removes-first-child", "finishFlow at last-child", 3),
            ("finish-removes-last-child", "finishFlow at first-child", 3),
            ("finish-splices-middle", "finishFlow at middle-child", 4),
            ("finish-keeps-screens-above", "finishFlow at first-child", 3),
            ("finish-pops-to-root", "finishFlow at last-child", 3),
            ("finish-dismisses-top", "finishFlow at lowest-modal", 3),
            ("finish-dismisses-all", "finishFlow at top-modal", 3),
            ("push-on-current-page", "push at other-page", 1),
        ]
        for (bug, goal, steps) in bugs {
            let report = Verifier.verify(driver: command("--bug \(bug)"), options: positionsOnly)
            // The shortest failures lead; the goal's is one of them (a one-step bug the
            // exploration, one step deep, finds as well, and the same trace is kept once).
            let failures = report.failures(.snapshotConforms)
            XCTAssertEqual(failures.first?.trace.count, steps, "\(bug): \(report.text)")
            XCTAssertTrue(failures.contains { ($0.source.contains("goal \(goal) of") || steps == 1) && $0.trace.count == steps },
                          "\(bug): \(report.text)")
        }
        let popTo = Verifier.verify(driver: command("--bug pop-to-first-entry"), options: positionsOnly)
        XCTAssertEqual(popTo.failure(.snapshotConforms)?.trace.last?.name, .popTo, popTo.text)
        // The report names the positions reached, as it names the `sometimes` properties.
        let line = popTo.sources.first { $0.hasPrefix("positions of small:") } ?? ""
        for p in ["only-child", "first-child", "middle-child", "last-child", "under-screens", "over-screens",
                  "only-modal", "lowest-modal", "middle-modal", "top-modal", "repeated-entry"] {
            XCTAssertTrue(line.contains(p), "\(p): \(line)")
        }
        XCTAssertTrue(popTo.sources.contains { $0.hasPrefix("positions of small-tab:") && $0.contains("other-page") }, popTo.text)
    }
}
