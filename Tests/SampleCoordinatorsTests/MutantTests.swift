@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// Every mutant of the sample library is caught by verification with its defaults, with the
/// check `Mutant.caughtBy` names and a counterexample no longer than the shortest one under
/// its configuration: exploring the mutant's room one step less than the counterexample finds
/// no failure of that check. Here the defaults stop at the first failure (a whole run takes
/// seconds in a debug build); `SampleDriver --mutants` in .ci/run runs each whole, in a
/// release build, and compares with the shortest under either root.
final class MutantTests: XCTestCase {
    func testSwipeLeavesChild() { check(.swipeLeavesChild) }
    func testBackLeavesChild() { check(.backLeavesChild) }
    func testTabRootTopLastPage() { check(.tabRootTopLastPage) }
    func testPopRemovesRoot() { check(.popRemovesRoot) }
    func testDismissWrongLevel() { check(.dismissWrongLevel) }
    func testRestartKeepsFullScreen() { check(.restartKeepsFullScreen) }
    func testDuplicatePageChild() { check(.duplicatePageChild) }
    func testTabTapIgnored() { check(.tabTapIgnored) }
    func testStrongParentLeak() { check(.strongParentLeak) }
    func testDismissNothingCrashesRemovesTheCallerInProcess() { check(.dismissNothingCrashes) }
    func testEndedCoordinatorIsUsedInProcess() { check(.endedCoordinatorCrashes) }
    func testPopToRootNeedsAThreeEntryStack() { check(.popToRootStopsAtSecond) }
    func testDismissAllNeedsTwoModalLevels() { check(.dismissAllKeepsFirst) }
    func testDeepLinkNeedsATabRootWithFiveCoordinators() { check(.tabTopIgnoresPushedChild) }
    func testMultipleNotAtomicIsFoundInsideMultiple() { check(.multipleNotAtomic) }

    /// Each mutant's test: the switch is exhaustive, so a new mutant cannot go untested.
    static func test(for mutant: Mutant) -> (MutantTests) -> () -> Void {
        switch mutant {
        case .swipeLeavesChild: testSwipeLeavesChild
        case .backLeavesChild: testBackLeavesChild
        case .tabRootTopLastPage: testTabRootTopLastPage
        case .popRemovesRoot: testPopRemovesRoot
        case .dismissWrongLevel: testDismissWrongLevel
        case .restartKeepsFullScreen: testRestartKeepsFullScreen
        case .duplicatePageChild: testDuplicatePageChild
        case .tabTapIgnored: testTabTapIgnored
        case .strongParentLeak: testStrongParentLeak
        case .dismissNothingCrashes: testDismissNothingCrashesRemovesTheCallerInProcess
        case .endedCoordinatorCrashes: testEndedCoordinatorIsUsedInProcess
        case .popToRootStopsAtSecond: testPopToRootNeedsAThreeEntryStack
        case .dismissAllKeepsFirst: testDismissAllNeedsTwoModalLevels
        case .tabTopIgnoresPushedChild: testDeepLinkNeedsATabRootWithFiveCoordinators
        case .multipleNotAtomic: testMultipleNotAtomicIsFoundInsideMultiple
        }
    }

    func check(_ mutant: Mutant, file: StaticString = #filePath, line: UInt = #line) {
        let report = Verifier.verify(SampleSystem(mutant: mutant), options: Verifier.Options(stopAtFirstFailure: true))
        XCTAssertNil(report.error, file: file, line: line)
        guard let failure = report.failure(Check(name: mutant.caughtBy)!) else {
            return XCTFail("\(mutant.rawValue): expected \(mutant.caughtBy) to fail; report:\n\(report.text)", file: file, line: line)
        }
        XCTAssertFalse(failure.trace.isEmpty, file: file, line: line)
        XCTAssertShortest(failure, room: mutant.room(root: failure.configuration.rootKind), mutant: mutant, file: file, line: line)
        // The counterexample replays on the model as written, and its last step is where it fails.
        let steps = Model(configuration: failure.configuration).run(failure.trace)
        XCTAssertEqual(steps.count, failure.trace.count, file: file, line: line)
        XCTAssertEqual(failure.step.modelAction, failure.trace.last, file: file, line: line)
    }
}

/// Explores `room` to one step less than `failure`'s trace and fails when that already breaks
/// the same check: then the trace was not a shortest one.
func XCTAssertShortest(_ failure: ConformanceFailure, room: Preset, mutant: Mutant,
                       file: StaticString = #filePath, line: UInt = #line) {
    let shorter = failure.trace.count - 1
    guard shorter > 0 else { return }
    var options = Verifier.Options(presets: [room], depth: shorter, walkPresets: [], shrink: false)
    options.positions = false
    let report = Verifier.verify(SampleSystem(mutant: mutant), options: options)
    if let found = report.failure(failure.check) {
        XCTFail("\(mutant.rawValue): \(failure.trace.count) steps, but exploration finds \(found.trace.count):\n\(found.text)",
                file: file, line: line)
    }
}
