import CoordinatorModel
import NavFuzzKit
import SampleCoordinators
import XCTest

/// Every bug of BUGS.md, switched on in the sample library, is caught by verification with the
/// invariant BUGS.md names and a minimal counterexample no longer than the shortest one
/// exploring the model with the same fault finds.
final class MutantTests: XCTestCase {
    /// The preset that has room for the bug, the invariant expected, and the model's own fault.
    struct Case {
        var mutant: Mutant
        var preset: Preset
        var invariant: String
        var fault: Fault?
    }

    static let cases: [Mutant: Case] = [
        .swipeLeavesChild: Case(mutant: .swipeLeavesChild, preset: .small, invariant: "no-orphan-children", fault: .swipeLeavesChild),
        .backLeavesChild: Case(mutant: .backLeavesChild, preset: .small, invariant: "no-orphan-children", fault: .backLeavesChild),
        .tabRootTopLastPage: Case(mutant: .tabRootTopLastPage, preset: .smallTab, invariant: "force-presentation-on-top", fault: .tabRootTopLastPage),
        .popRemovesRoot: Case(mutant: .popRemovesRoot, preset: .small, invariant: "stack-shape", fault: .popRemovesRoot),
        .dismissWrongLevel: Case(mutant: .dismissWrongLevel, preset: .ci, invariant: "modal-discipline", fault: .dismissWrongLevel),
        .restartKeepsFullScreen: Case(mutant: .restartKeepsFullScreen, preset: .small, invariant: "restart-resets", fault: .restartKeepsFullScreen),
        .duplicatePageChild: Case(mutant: .duplicatePageChild, preset: .smallTab, invariant: "tree-consistent", fault: .duplicatePageChild),
        .tabTapIgnored: Case(mutant: .tabTapIgnored, preset: .smallTab, invariant: "snapshot-conforms", fault: nil),
        .strongParentLeak: Case(mutant: .strongParentLeak, preset: .small, invariant: "no-leak", fault: nil),
        .dismissNothingCrashes: Case(mutant: .dismissNothingCrashes, preset: .small, invariant: "refusal-changes-nothing", fault: .dismissNothingRemovesCaller),
    ]

    func testEveryMutantHasACase() {
        XCTAssertEqual(Set(Self.cases.keys), Set(Mutant.allCases))
    }

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

    /// The length of the shortest counterexample the model explorer finds for `fault`. BFS finds
    /// shortest counterexamples, so a depth bound of 3 gives the same length as any larger bound
    /// whenever one of length ≤ 3 exists (asserted below); depth 6 takes minutes in a debug build.
    static func shortestModelCounterexample(_ fault: Fault, preset: Preset) -> Int? {
        let report = Explorer.coordinators(CoordinatorMachine(preset: preset, fault: fault), options: .init(workers: 2, maxDepth: 3))
        return report.violations.map(\.actions.count).min()
    }

    func check(_ mutant: Mutant, file: StaticString = #filePath, line: UInt = #line) {
        guard let c = Self.cases[mutant] else { return XCTFail("no case for \(mutant)", file: file, line: line) }
        let options = Verifier.Options(presets: [c.preset], depth: 3, walks: 200, walkLength: 30, stopAtFirstFailure: true)
        let report = Verifier.verify(SampleSystem(mutant: mutant), options: options)
        XCTAssertNil(report.error, file: file, line: line)
        guard let failure = report.failure(c.invariant) else {
            return XCTFail("\(mutant.rawValue): expected \(c.invariant) to fail; report:\n\(report.text)", file: file, line: line)
        }
        XCTAssertFalse(failure.trace.isEmpty, file: file, line: line)
        XCTAssertFalse(failure.reason.isEmpty, file: file, line: line)
        if let fault = c.fault {
            let bound = Self.shortestModelCounterexample(fault, preset: c.preset)
            XCTAssertNotNil(bound, "the model explorer finds no counterexample for \(fault.rawValue) on \(c.preset.name)", file: file, line: line)
            XCTAssertLessThanOrEqual(failure.trace.count, bound ?? 0,
                                     "\(mutant.rawValue): counterexample longer than the model's shortest:\n\(failure.text)", file: file, line: line)
        }
        // The counterexample replays on the model as written, and its last step is where it fails.
        let steps = Model(configuration: failure.configuration).run(failure.trace)
        XCTAssertEqual(steps.count, failure.trace.count, file: file, line: line)
        XCTAssertEqual(failure.step.modelAction, failure.trace.last, file: file, line: line)
    }
}
