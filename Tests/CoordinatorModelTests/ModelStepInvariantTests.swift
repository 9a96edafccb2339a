import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// Every invariant accepts the real model's steps: every domain action (all styles, `none` and
/// `multiple` and the opt-in transitions included) from a handful of states, plus seeded random walks.
final class ModelStepInvariantTests: XCTestCase {

    static let domain = Domain(routes: [R(0), R(1)], pages: [P(0), P(1)],
                               startStyles: Style.allCases, forceStyles: Style.allCases.filter(\.isModal),
                               presentStyles: Style.allCases.filter(\.isModal), includeNoneAndMultiple: true,
                               transitions: true)

    /// Starting points: both initial states and a few states with every kind and hosting.
    static let seeds: [(Model, [String])] = [
        (navModel, []),
        (navModel, ["push c0 r1", "start c0 navigation push r1", "start c1 redirection sheet r0", "present c0 r1 fullScreen"]),
        (navModel, ["start c0 tab sheet r0", "push c2 r1", "setBadge c1 p1 1", "start c2 navigation push r0"]),
        (navModel, ["start c0 redirection push r1", "start c0 navigation sheet r0", "start c2 tab fullScreen r0"]),
        (tabModel, []),
        (tabModel, ["select c0 p1", "start c2 navigation push r1", "present c3 r0 detents", "setBadge c0 p0 2"]),
        (tabModel, ["start c1 tab overlay r0", "start c1 redirection sheet r1", "setPages c3 [p1]"]),
        (navModel, ["startShared c0 r1", "push c1 r0", "push c0 r1", "startShared c1 r0", "start c0 redirection push r0"]),
        (navModel, ["startStack c0 sheet [r1,r0]", "start c1 redirection push r1", "switchRoot tab r0"]),
    ]

    /// All transitions of the sweep, computed once.
    static let transitions: [Transition] = {
        var out: [Transition] = []
        for (model, texts) in seeds {
            let s = build(texts, model: model)
            var actions: [Action] = []
            domain.actions(in: s, into: &actions)
            for a in actions {
                out.append(Transition(before: s, action: a, step: model.step(s, a), configuration: model.configuration))
            }
        }
        // Seeded random walks (a fixed linear congruential generator), reset when they grow large.
        let bounds = Bounds(maxCoordinators: 6, maxStack: 4, maxModals: 3)
        for model in [navModel, tabModel] {
            var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
            var s = model.initialState()
            for _ in 0..<400 {
                var actions: [Action] = []
                domain.actions(in: s, into: &actions)
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let a = actions[Int((seed >> 33) % UInt64(actions.count))]
                let st = model.step(s, a)
                out.append(Transition(before: s, action: a, step: st, configuration: model.configuration))
                s = bounds.contains(st.state) ? st.state : model.initialState()
            }
        }
        return out
    }()

    func assertAccepts(_ invariant: Invariant, file: StaticString = #filePath, line: UInt = #line) {
        var failures = 0
        for t in Self.transitions {
            guard let why = invariant.violation(in: t) else { continue }
            failures += 1
            if failures <= 3 {
                XCTFail("\(invariant.name): \(t.action) from\n\(t.before)\n-> \(why)", file: file, line: line)
            }
        }
        XCTAssertEqual(failures, 0, "\(invariant.name) failed on \(failures) model steps", file: file, line: line)
    }

    func testSweepIsMeaningful() {
        let ts = Self.transitions
        XCTAssertGreaterThan(ts.count, 5000)
        XCTAssertTrue(ts.contains { $0.step.outcome == .applied })
        XCTAssertTrue(ts.contains { $0.step.outcome.isRefused })
        XCTAssertTrue(ts.contains { $0.step.events.contains { $0.result == .finished } })
        XCTAssertTrue(ts.contains { $0.step.events.contains { $0.result == .cancelled } })
        let names = Set(ts.map(\.action.name))
        XCTAssertEqual(names, Set(ActionName.allCases), "the sweep should try every action kind")
        let appliedNames = Set(ts.filter { $0.step.outcome == .applied }.map(\.action.name))
        XCTAssertEqual(appliedNames, Set(ActionName.allCases), "every action kind should apply somewhere")
    }

    func testTreeConsistentHoldsOnModelSteps() { assertAccepts(.treeConsistent) }
    func testNoOrphanChildrenHoldsOnModelSteps() { assertAccepts(.noOrphanChildren) }
    func testStackShapeHoldsOnModelSteps() { assertAccepts(.stackShape) }
    func testTabConsistentHoldsOnModelSteps() { assertAccepts(.tabConsistent) }
    func testTopDefinedHoldsOnModelSteps() { assertAccepts(.topDefined) }
    func testRefusalChangesNothingHoldsOnModelSteps() { assertAccepts(.refusalChangesNothing) }
    func testCompletionExactlyOnceHoldsOnModelSteps() { assertAccepts(.completionExactlyOnce) }
    func testFinishFlowCleansUpHoldsOnModelSteps() { assertAccepts(.finishFlowCleansUp) }
    func testModalDisciplineHoldsOnModelSteps() { assertAccepts(.modalDiscipline) }
    func testRootScreenStableHoldsOnModelSteps() { assertAccepts(.rootScreenStable) }
    func testForcePresentationOnTopHoldsOnModelSteps() { assertAccepts(.forcePresentationOnTop) }
    func testRestartResetsHoldsOnModelSteps() { assertAccepts(.restartResets) }

    func testInvariantListMatchesModelDocument() {
        XCTAssertEqual(Invariant.all.map(\.name), [
            "tree-consistent", "no-orphan-children", "stack-shape", "tab-consistent", "top-defined",
            "refusal-changes-nothing", "completion-exactly-once", "finishflow-cleans-up", "modal-discipline",
            "root-screen-stable", "force-presentation-on-top", "restart-resets",
        ])
        XCTAssertEqual(Invariant.stateInvariants.count, 5)
        XCTAssertEqual(Invariant.named("modal-discipline")?.kind, .transition)
        XCTAssertEqual(Invariant.named("stack-shape")?.kind, .state)
    }
}

/// Each fault of Fault.swift breaks its matching invariant on a short trace; the correct model
/// passes the same trace.
final class FaultTests: XCTestCase {
    struct Case { var model: Configuration; var trace: [String]; var invariant: String }

    static let cases: [Fault: Case] = [
        .swipeLeavesChild: Case(model: Configuration(), trace: ["start c0 navigation sheet r1", "userSwipeDismiss"],
                                invariant: "no-orphan-children"),
        .backLeavesChild: Case(model: Configuration(), trace: ["start c0 navigation push r1", "userBack"],
                               invariant: "no-orphan-children"),
        .tabRootTopLastPage: Case(model: Configuration(rootKind: .tab), trace: ["forcePresentation navigation sheet r1"],
                                  invariant: "force-presentation-on-top"),
        .popRemovesRoot: Case(model: Configuration(), trace: ["pop c0"], invariant: "stack-shape"),
        .dismissWrongLevel: Case(model: Configuration(), trace: ["present c0 r0 sheet", "present c0 r1 sheet", "dismiss c0"],
                                 invariant: "modal-discipline"),
        .restartKeepsFullScreen: Case(model: Configuration(), trace: ["present c0 r1 fullScreen", "restart c0"],
                                      invariant: "restart-resets"),
        .duplicatePageChild: Case(model: Configuration(rootKind: .tab), trace: ["setPages c0 [p1,p0]"],
                                  invariant: "tree-consistent"),
        .dismissNothingRemovesCaller: Case(model: Configuration(), trace: ["start c0 navigation sheet r1", "dismiss c1"],
                                           invariant: "modal-discipline"),
        .switchRootKeepsOldFlow: Case(model: Configuration(), trace: ["start c0 navigation sheet r1", "switchRoot tab r0"],
                                      invariant: "restart-resets"),
        .redirectActsOnSelf: Case(model: Configuration(), trace: ["start c0 redirection sheet r1", "redirectTo c1 set r0"],
                                  invariant: "modal-discipline"),
        .sharedFinishPopsParent: Case(model: Configuration(), trace: ["startShared c0 r1", "push c0 r0", "finishFlow c1"],
                                      invariant: "finishflow-cleans-up"),
        .launchChildTwice: Case(model: Configuration(launch: Launch(kind: .navigation, style: .fullScreen, route: R(1))),
                                trace: ["push c1 r0", "restartApp"], invariant: "restart-resets"),
    ]

    func check(_ fault: Fault, file: StaticString = #filePath, line: UInt = #line) {
        guard let c = Self.cases[fault] else { return XCTFail("no trace for \(fault)", file: file, line: line) }
        let faulty = traceViolations(c.trace, model: Model(configuration: c.model, fault: fault))
        XCTAssertNotNil(faulty[c.invariant], "\(fault.rawValue) should break \(c.invariant); broke \(faulty)",
                        file: file, line: line)
        let correct = traceViolations(c.trace, model: Model(configuration: c.model))
        XCTAssertEqual(correct, [:], "the correct model breaks invariants on the \(fault.rawValue) trace",
                       file: file, line: line)
    }

    func testEveryFaultHasATrace() { XCTAssertEqual(Set(Self.cases.keys), Set(Fault.allCases)) }

    func testSwipeLeavesChild() { check(.swipeLeavesChild) }
    func testBackLeavesChild() { check(.backLeavesChild) }
    func testTabRootTopLastPage() { check(.tabRootTopLastPage) }
    func testPopRemovesRoot() { check(.popRemovesRoot) }
    func testDismissWrongLevel() { check(.dismissWrongLevel) }
    func testRestartKeepsFullScreen() { check(.restartKeepsFullScreen) }
    func testDuplicatePageChild() { check(.duplicatePageChild) }
    func testDismissNothingRemovesCaller() { check(.dismissNothingRemovesCaller) }
    func testSwitchRootKeepsOldFlow() { check(.switchRootKeepsOldFlow) }
    func testRedirectActsOnSelf() { check(.redirectActsOnSelf) }
    func testSharedFinishPopsParent() { check(.sharedFinishPopsParent) }
    func testLaunchChildTwice() { check(.launchChildTwice) }

    func testFaultNamesAreStable() {
        XCTAssertEqual(Fault.allCases.map(\.rawValue), [
            "swipe-leaves-child", "back-leaves-child", "tab-root-top-last-page", "pop-removes-root",
            "dismiss-wrong-level", "restart-keeps-fullscreen", "duplicate-page-child", "dismiss-nothing-removes-caller",
            "switch-root-keeps-old-flow", "redirect-acts-on-self", "shared-finish-pops-parent",
            "launch-child-twice",
        ])
    }
}
