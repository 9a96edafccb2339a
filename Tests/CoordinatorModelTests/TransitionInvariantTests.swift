import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// The seven transition invariants of docs/SEMANTICS.md §5 catch hand-made broken steps and accept the
/// model's real steps.
final class TransitionInvariantTests: XCTestCase {

    func reason(_ invariant: Invariant, _ t: Transition,
                file: StaticString = #filePath, line: UInt = #line) -> String {
        let why = invariant.violation(in: t)
        XCTAssertNotNil(why, "\(invariant.name) should catch this step", file: file, line: line)
        var direct: [Int: String] = [:]
        Invariant.checkAll(t) { direct[$0] = $1 }
        XCTAssertEqual(direct[Invariant.all.firstIndex { $0.name == invariant.name } ?? -1], why,
                       "checkAll should report \(invariant.name) at its index", file: file, line: line)
        return why ?? ""
    }

    func state(_ cs: [Coordinator]) -> State { State(coordinators: cs, root: C(0)) }

    let initial = navModel.initialState()

    // MARK: refusal-changes-nothing

    func testRefusalChangesNothingCatchesChangedState() {
        let after = state([nav(0, stack: [scr(0), scr(1)])])
        let why = reason(.refusalChangesNothing, transition(initial, "pop c0", .refused(.atRoot), after))
        XCTAssertTrue(why.contains("pop c0") && why.contains("changed"), why)
    }

    func testRefusalChangesNothingCatchesEvents() {
        let before = build(["start c0 navigation sheet r1"])
        let why = reason(.refusalChangesNothing,
                         transition(before, "dismiss c1", .refused(.nothingPresented), before, [Completion(C(1), .cancelled)]))
        XCTAssertTrue(why.contains("c1"), why)
    }

    func testRefusalChangesNothingAcceptsTrueRefusal() {
        let t = transition(initial, "pop c0", .refused(.atRoot), initial)
        XCTAssertNil(Invariant.refusalChangesNothing.violation(in: t))
    }

    // MARK: completion-exactly-once

    func testCompletionCatchesMissingEvent() {
        let before = build(["start c0 navigation sheet r1"])
        let why = reason(.completionExactlyOnce, transition(before, "dismiss c0", .applied, initial))
        XCTAssertTrue(why.contains("c1") && why.contains("without"), why)
    }

    func testCompletionCatchesDuplicateEvent() {
        let before = build(["start c0 navigation sheet r1"])
        let why = reason(.completionExactlyOnce, transition(before, "dismiss c0", .applied, initial,
                                                            [Completion(C(1), .cancelled), Completion(C(1), .cancelled)]))
        XCTAssertTrue(why.contains("c1") && why.contains("more than once"), why)
    }

    func testCompletionCatchesEventOfLiveCoordinator() {
        let before = build(["start c0 navigation sheet r1"])
        let why = reason(.completionExactlyOnce, transition(before, "push c0 r1", .applied,
                                                            build(["start c0 navigation sheet r1", "push c0 r1"]),
                                                            [Completion(C(1), .cancelled)]))
        XCTAssertTrue(why.contains("c1") && why.contains("did not end"), why)
    }

    func testCompletionCatchesWrongResults() {
        let before = build(["start c0 navigation sheet r1"])
        let finishedByDismiss = reason(.completionExactlyOnce,
                                       transition(before, "dismiss c0", .applied, initial, [Completion(C(1), .finished)]))
        XCTAssertTrue(finishedByDismiss.contains("c1"), finishedByDismiss)
        let cancelledByFinish = reason(.completionExactlyOnce,
                                       transition(before, "finishFlow c1", .applied, initial, [Completion(C(1), .cancelled)]))
        XCTAssertTrue(cancelledByFinish.contains("c1"), cancelledByFinish)
    }

    func testCompletionAcceptsTabClimbFinishedTwice() {
        let before = build(["start c0 tab sheet r0"])
        let t = Transition(before: before, action: act("finishFlow c2"), step: navModel.step(before, act("finishFlow c2")),
                           configuration: Configuration())
        XCTAssertNil(Invariant.completionExactlyOnce.violation(in: t))
    }

    // MARK: finishflow-cleans-up

    func testFinishFlowCleansUpCatchesLeftoverReference() {
        let before = build(["start c0 navigation sheet r1"])
        let after = state([nav(0, stack: [scr(0)], modals: [modal(.sheet, kid(1))])])
        let why = reason(.finishFlowCleansUp, transition(before, "finishFlow c1", .applied, after, [Completion(C(1), .finished)]))
        XCTAssertTrue(why.contains("c0") && why.contains("c1"), why)
    }

    func testFinishFlowCleansUpCatchesLostEntriesBelow() {
        let before = build(["present c0 r0 sheet", "start c0 navigation sheet r1"])
        let why = reason(.finishFlowCleansUp, transition(before, "finishFlow c1", .applied, initial, [Completion(C(1), .finished)]))
        XCTAssertTrue(why.contains("c0"), why)
    }

    func testFinishFlowCleansUpCatchesChangedOtherContainer() {
        let before = build(["push c0 r1", "start c0 navigation sheet r1"])
        let why = reason(.finishFlowCleansUp, transition(before, "finishFlow c1", .applied, initial, [Completion(C(1), .finished)]))
        XCTAssertTrue(why.contains("c0") && why.contains("stack"), why)
    }

    func testFinishFlowCleansUpCatchesTargetStillLive() {
        let before = build(["start c0 navigation sheet r1"])
        let why = reason(.finishFlowCleansUp, transition(before, "finishFlow c1", .applied, before))
        XCTAssertTrue(why.contains("c1"), why)
    }

    // MARK: modal-discipline

    func testModalDisciplineCatchesPushThatPresents() {
        let after = state([nav(0, stack: [scr(0), scr(1)], modals: [modal(.sheet, scr(1))])])
        let why = reason(.modalDiscipline, transition(initial, "push c0 r1", .applied, after))
        XCTAssertTrue(why.contains("c0"), why)
    }

    func testModalDisciplineCatchesDismissOfTwo() {
        let before = build(["present c0 r0 sheet", "present c0 r1 sheet"])
        let why = reason(.modalDiscipline, transition(before, "dismiss c0", .applied, initial))
        XCTAssertTrue(why.contains("c0"), why)
    }

    func testModalDisciplineCatchesPresentOnWrongCoordinator() {
        let before = build(["start c0 navigation sheet r0"])
        let after = build(["start c0 navigation sheet r0", "present c0 r1 sheet"])
        let why = reason(.modalDiscipline, transition(before, "present c1 r1 sheet", .applied, after))
        XCTAssertTrue(why.contains("c1") || why.contains("c0"), why)
    }

    func testModalDisciplineCatchesSetThatChangesStyle() {
        let before = build(["present c0 r0 sheet"])
        let after = build(["present c0 r1 fullScreen"])
        let why = reason(.modalDiscipline, transition(before, "set c0 r1", .applied, after))
        XCTAssertTrue(why.contains("c0"), why)
    }

    // The one-pass merge over both coordinator lists: each way it can report.

    func testModalDisciplineCatchesCoordinatorCreatedWithModals() {
        let after = state([nav(0, children: [1], stack: [scr(0), kid(1)]),
                           nav(1, parent: 0, stack: [scr(0)], modals: [modal(.sheet, scr(1))])])
        let why = reason(.modalDiscipline, transition(initial, "start c0 navigation push r0", .applied, after))
        XCTAssertEqual(why, "c1 was created with modals [sheet:r1]")
    }

    func testModalDisciplineNamesAnotherListChangedBesideTheTarget() {
        // The target's list (c0, met first) is right; c1's changed too.
        let before = build(["start c0 navigation sheet r0"])
        let after = state([nav(0, children: [1], stack: [scr(0)], modals: [modal(.sheet, kid(1)), modal(.sheet, scr(1))]),
                           nav(1, parent: 0, stack: [scr(0)], modals: [modal(.sheet, scr(0))])])
        let why = reason(.modalDiscipline, transition(before, "present c0 r1 sheet", .applied, after))
        XCTAssertEqual(why, "present c0 r1 sheet changed the modals of c1")
    }

    func testModalDisciplineDescribesEveryChangeWhenADismissTouchesTwoLists() {
        let before = build(["present c0 r0 sheet", "start c0 navigation sheet r0", "present c1 r1 sheet"])
        var after = before
        after.coordinators[0].modals.removeLast()
        after.coordinators[1].modals.removeLast()
        let why = reason(.modalDiscipline, transition(before, "dismiss c1", .applied, after))
        XCTAssertEqual(why, "dismiss c1 should remove exactly the top modal of c1; changed "
                       + "c0: [sheet:r0, sheet:c1] -> [sheet:r0]; c1: [sheet:r1] -> []")
    }

    func testModalDisciplineAcceptsTheModelsStepsAcrossEndedCoordinators() {
        let before = build(["start c0 navigation sheet r0", "start c1 navigation sheet r0", "present c0 r1 sheet"])
        let step = navModel.step(before, try! Action(parsing: "dismiss c0"))
        XCTAssertNil(Invariant.modalDiscipline.violation(in: Transition(before: before, action: try! Action(parsing: "dismiss c0"),
                                                                       step: step, configuration: navModel.configuration)))
    }

    // MARK: root-screen-stable

    func testRootScreenStableWalksPastEndedCoordinators() {
        // c1 ended; c2's entry 0 changed, which the walk over both lists must still see.
        let before = build(["start c0 navigation sheet r0", "start c0 navigation sheet r0"])
        var after = before
        after.coordinators.remove(at: 1)
        after.coordinators[0].children = [C(2)]
        after.coordinators[0].modals = [modal(.sheet, kid(2))]
        after.coordinators[1].stack = [scr(1)]
        let why = reason(.rootScreenStable, transition(before, "dismiss c0", .applied, after))
        XCTAssertEqual(why, "dismiss c0 changed entry 0 of c2 from r0 to r1")
    }

    func testRootScreenStableCatchesPushChangingEntryZero() {
        let after = state([nav(0, stack: [scr(1), scr(1)])])
        let why = reason(.rootScreenStable, transition(initial, "push c0 r1", .applied, after))
        XCTAssertTrue(why.contains("c0") && why.contains("entry 0"), why)
    }

    func testRootScreenStableCatchesSetOfCoveredEntryZero() {
        // `set` with a second stack entry replaces that one, not entry 0.
        let before = build(["push c0 r1"])
        let after = state([nav(0, stack: [scr(1), scr(1)])])
        let why = reason(.rootScreenStable, transition(before, "set c0 r1", .applied, after))
        XCTAssertTrue(why.contains("c0"), why)
    }

    func testRootScreenStableCatchesChangeOfAnotherCoordinator() {
        let before = build(["start c0 navigation sheet r0"])
        let after = state([nav(0, children: [1], stack: [scr(0)], modals: [modal(.sheet, kid(1))]),
                           nav(1, parent: 0, stack: [scr(1)])])
        let why = reason(.rootScreenStable, transition(before, "setRoot c0 r0", .applied, after))
        XCTAssertTrue(why.contains("c1"), why)
    }

    /// An action allows at most one coordinator's entry 0 to change: with the allowed one
    /// first among several changes, the next one is named.
    func testRootScreenStableNamesTheFirstChangeTheActionDoesNotAllow() {
        let before = build(["start c0 navigation sheet r0", "start c1 navigation sheet r0"])
        var after = before
        for k in 0..<3 { after.coordinators[k].stack[0] = scr(1) }
        XCTAssertEqual(reason(.rootScreenStable, transition(before, "setRoot c0 r1", .applied, after)),
                       "setRoot c0 r1 changed entry 0 of c1 from r0 to r1")
        XCTAssertEqual(reason(.rootScreenStable, transition(before, "setRoot c1 r1", .applied, after)),
                       "setRoot c1 r1 changed entry 0 of c0 from r0 to r1")
        XCTAssertEqual(reason(.rootScreenStable, transition(before, "setRoot c2 r1", .applied, after)),
                       "setRoot c2 r1 changed entry 0 of c0 from r0 to r1")
    }

    // MARK: force-presentation-on-top

    func testForcePresentationOnTopCatchesPresentationOnHiddenPage() {
        let before = tabModel.initialState()
        let after = State(coordinators: [tab(0, pages: [(0, 1), (1, 2)], current: 0),
                                         nav(1, parent: 0, stack: [scr(0)]),
                                         nav(2, parent: 0, children: [3], stack: [scr(0)], modals: [modal(.sheet, kid(3))]),
                                         nav(3, parent: 2, initial: 1, stack: [scr(1)])], root: C(0))
        let why = reason(.forcePresentationOnTop, transition(before, "forcePresentation navigation sheet r1", .applied, after))
        XCTAssertTrue(why.contains("c3") && why.contains("c1"), why)
    }

    func testForcePresentationOnTopCatchesNothingCreated() {
        let why = reason(.forcePresentationOnTop, transition(initial, "forcePresentation navigation sheet r1", .applied, initial))
        XCTAssertTrue(why.contains("created no coordinator"), why)
    }

    // MARK: restart-resets

    func testRestartResetsCatchesKeptStack() {
        let before = build(["push c0 r1"])
        let why = reason(.restartResets, transition(before, "restart c0", .applied, before))
        XCTAssertTrue(why.contains("c0"), why)
    }

    func testRestartResetsCatchesKeptModalOnRestartApp() {
        let before = build(["present c0 r1 fullScreen"])
        let why = reason(.restartResets, transition(before, "restartApp", .applied, before))
        XCTAssertTrue(why.contains("c0"), why)
    }

    func testRestartResetsCatchesTabKeepingPageCoordinatorsOrBadges() {
        let before = build(["setBadge c0 p1 1"], model: tabModel)
        let keptBadge = reason(.restartResets, transition(before, "restart c0", .applied, before))
        XCTAssertTrue(keptBadge.contains("c0"), keptBadge)
        let init0 = tabModel.initialState()
        let keptPages = reason(.restartResets, transition(init0, "restart c0", .applied, init0))
        XCTAssertTrue(keptPages.contains("c1") || keptPages.contains("c0"), keptPages)
    }

    func testRestartResetsCatchesWrongInitialRoute() {
        let before = build(["start c0 navigation sheet r1", "push c1 r0"])
        let after = state([nav(0, children: [1], stack: [scr(0)], modals: [modal(.sheet, kid(1))]),
                           nav(1, parent: 0, initial: 1, stack: [scr(0)])])
        let why = reason(.restartResets, transition(before, "restart c1", .applied, after))
        XCTAssertTrue(why.contains("c1"), why)
    }
}
