import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// Router actions of docs/SEMANTICS.md §4 on a target coordinator: effects, events and every refusal.
final class RouterActionTests: XCTestCase {
    let start = navModel.initialState()

    // MARK: push

    func testPushAppendsScreen() {
        let st = applied(start, "push c0 r1")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1)])])
        assertEvents(st, [])
    }

    func testPushOntoPushedChildsParentKeepsChildBelow() {
        let s = build(["start c0 navigation push r1"])
        let st = applied(s, "push c0 r0")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0), kid(1), scr(0)]),
                               nav(1, parent: 0, initial: 1, stack: [scr(1)])])
    }

    func testPushRefusedInvalidRoute() { assertRefused(start, "push c0 r2", .invalid) }
    func testPushRefusedNoSuchCoordinator() { assertRefused(start, "push c3 r1", .noSuchCoordinator) }
    func testPushRefusedOnTab() { assertRefused(tabModel.initialState(), "push c0 r1", .unsupported, model: tabModel) }

    func testPushRefusedOnRedirection() {
        assertRefused(build(["start c0 redirection sheet r1"]), "push c1 r0", .unsupported)
    }

    func testCheckOrderInvalidBeforeNoSuchCoordinator() {
        assertRefused(start, "push c9 r7", .invalid)
    }

    // MARK: pop

    func testPopRemovesTopScreen() {
        let st = applied(build(["push c0 r1", "push c0 r0"]), "pop c0")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1)])])
        assertEvents(st, [])
    }

    func testPopOfPushedChildEndsItsSubtree() {
        let s = build(["start c0 navigation push r1", "start c1 navigation sheet r0"])
        let st = applied(s, "pop c0")
        assertState(st.state, [nav(0, stack: [scr(0)])])
        assertEvents(st, [(1, .cancelled), (2, .cancelled)])
    }

    func testPopRefusedAtRoot() { assertRefused(start, "pop c0", .atRoot) }
    func testPopRefusedNoSuchCoordinator() { assertRefused(start, "pop c9", .noSuchCoordinator) }
    func testPopRefusedOnTab() { assertRefused(tabModel.initialState(), "pop c0", .unsupported, model: tabModel) }

    func testPopRefusedOnRedirection() {
        assertRefused(build(["start c0 redirection sheet r1"]), "pop c1", .unsupported)
    }

    func testPopUnsupportedBeforeAtRoot() {
        // A tab has an empty stack: the kind check comes before the atRoot precondition.
        assertRefused(build(["start c0 tab sheet r0"]), "pop c1", .unsupported)
    }

    // MARK: popToRoot

    func testPopToRootRemovesEverythingAboveEntryZero() {
        let s = build(["push c0 r1", "start c0 navigation push r0", "push c0 r1", "present c0 r1 sheet"])
        let st = applied(s, "popToRoot c0")
        assertState(st.state, [nav(0, stack: [scr(0)], modals: [modal(.sheet, scr(1))])])
        assertEvents(st, [(1, .cancelled)])
    }

    func testPopToRootAtRootChangesNothing() {
        let st = applied(start, "popToRoot c0")
        XCTAssertEqual(st.state, start)
        assertEvents(st, [])
    }

    func testPopToRootRefusedNoSuchCoordinator() { assertRefused(start, "popToRoot c1", .noSuchCoordinator) }

    func testPopToRootRefusedOnRedirection() {
        assertRefused(build(["start c0 redirection fullScreen r0"]), "popToRoot c1", .unsupported)
    }

    // MARK: popTo

    func testPopToRemovesAboveTopmostMatchingScreen() {
        let s = build(["push c0 r1", "push c0 r0", "push c0 r1", "start c0 navigation push r1"])
        let st = applied(s, "popTo c0 r0")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1), scr(0)])])
        assertEvents(st, [(1, .cancelled)])
    }

    func testPopToTopmostScreenChangesNothing() {
        let s = build(["push c0 r1"])
        let st = applied(s, "popTo c0 r1")
        XCTAssertEqual(st.state, s)
    }

    func testPopToRefusedNotFound() { assertRefused(build(["push c0 r0"]), "popTo c0 r1", .notFound) }

    func testPopToIgnoresChildEntries() {
        // A pushed child started with r1 is not a screen entry r1.
        assertRefused(build(["start c0 navigation push r1"]), "popTo c0 r1", .notFound)
    }

    func testPopToRefusedInvalidRoute() { assertRefused(start, "popTo c0 r4", .invalid) }
    func testPopToRefusedNoSuchCoordinator() { assertRefused(start, "popTo c2 r0", .noSuchCoordinator) }
    func testPopToRefusedOnTab() { assertRefused(tabModel.initialState(), "popTo c0 r0", .unsupported, model: tabModel) }

    // MARK: setRoot

    func testSetRootReplacesWholeStackAndKeepsModals() {
        let s = build(["push c0 r1", "start c0 navigation push r0", "present c0 r1 sheet"])
        let st = applied(s, "setRoot c0 r1")
        assertState(st.state, [nav(0, stack: [scr(1)], modals: [modal(.sheet, scr(1))])])
        assertEvents(st, [(1, .cancelled)])
    }

    func testSetRootOnRedirectionKeepsInitialRoute() {
        let st = applied(build(["start c0 redirection sheet r1"]), "setRoot c1 r0")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0)], modals: [modal(.sheet, kid(1))]),
                               redir(1, parent: 0, initial: 1, stack: [scr(0)])])
    }

    func testSetRootRefusedOnTab() { assertRefused(tabModel.initialState(), "setRoot c0 r1", .unsupported, model: tabModel) }
    func testSetRootRefusedInvalidRoute() { assertRefused(start, "setRoot c0 r2", .invalid) }
    func testSetRootRefusedNoSuchCoordinator() { assertRefused(start, "setRoot c1 r0", .noSuchCoordinator) }

    // MARK: replaceRoot

    func testReplaceRootChangesOnlyEntryZero() {
        let s = build(["push c0 r1", "start c0 navigation push r0", "present c0 r0 sheet"])
        let st = applied(s, "replaceRoot c0 r1")
        assertState(st.state, [nav(0, children: [1], stack: [scr(1), scr(1), kid(1)], modals: [modal(.sheet, scr(0))]),
                               nav(1, parent: 0, stack: [scr(0)])])
        assertEvents(st, [])
    }

    func testReplaceRootOnRedirection() {
        let st = applied(build(["start c0 redirection push r1"]), "replaceRoot c1 r0")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0), kid(1)]),
                               redir(1, parent: 0, initial: 1, stack: [scr(0)])])
    }

    func testReplaceRootRefusedOnTab() {
        assertRefused(tabModel.initialState(), "replaceRoot c0 r1", .unsupported, model: tabModel)
    }
    func testReplaceRootRefusedInvalidRoute() { assertRefused(start, "replaceRoot c0 r3", .invalid) }
    func testReplaceRootRefusedNoSuchCoordinator() { assertRefused(start, "replaceRoot c4 r0", .noSuchCoordinator) }

    // MARK: present

    func testPresentAppendsModalsInOrder() {
        let st = applied(build(["present c0 r1 sheet"]), "present c0 r0 fullScreen")
        assertState(st.state, [nav(0, stack: [scr(0)], modals: [modal(.sheet, scr(1)), modal(.fullScreen, scr(0))])])
        assertEvents(st, [])
    }

    func testPresentOnTabAndRedirection() {
        let t = applied(tabModel.initialState(), "present c0 r1 overlay", model: tabModel).state
        XCTAssertEqual(t[C(0)]?.modals, [modal(.overlay, scr(1))])
        let r = applied(build(["start c0 redirection push r0"]), "present c1 r1 custom").state
        XCTAssertEqual(r[C(1)]?.modals, [modal(.custom, scr(1))])
        XCTAssertEqual(r[C(1)]?.stack, [scr(0)])
    }

    func testPresentRefusedWithPushStyle() { assertRefused(start, "present c0 r0 push", .unsupported) }
    func testPresentRefusedInvalidRoute() { assertRefused(start, "present c0 r2 sheet", .invalid) }
    func testPresentRefusedNoSuchCoordinator() { assertRefused(start, "present c1 r0 sheet", .noSuchCoordinator) }

    // MARK: dismiss

    func testDismissRemovesTopModalAndEndsItsChildSubtree() {
        let s = build(["present c0 r1 sheet", "start c0 navigation fullScreen r0", "start c1 navigation push r1"])
        let st = applied(s, "dismiss c0")
        assertState(st.state, [nav(0, stack: [scr(0)], modals: [modal(.sheet, scr(1))])])
        assertEvents(st, [(1, .cancelled), (2, .cancelled)])
    }

    func testDismissRemovesOnlyOneOfSeveral() {
        let st = applied(build(["present c0 r0 sheet", "present c0 r1 sheet"]), "dismiss c0")
        XCTAssertEqual(st.state[C(0)]?.modals, [modal(.sheet, scr(0))])
    }

    func testDismissRefusedNothingPresented() { assertRefused(start, "dismiss c0", .nothingPresented) }

    func testDismissOfPresentedChildWithNothingPresentedDoesNotDismissTheChild() {
        // "Dismiss only when presented": the UIKit habit of dismissing the caller is refused.
        assertRefused(build(["start c0 navigation sheet r1"]), "dismiss c1", .nothingPresented)
    }

    func testDismissRefusedNoSuchCoordinator() { assertRefused(start, "dismiss c1", .noSuchCoordinator) }

    // MARK: dismissAll

    func testDismissAllEmptiesModalsAndEndsChildren() {
        let s = build(["push c0 r1", "present c0 r1 sheet", "start c0 redirection fullScreen r0", "present c0 r0 overlay"])
        let st = applied(s, "dismissAll c0")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1)])])
        assertEvents(st, [(1, .cancelled)])
    }

    func testDismissAllWithNothingPresentedChangesNothing() {
        let st = applied(start, "dismissAll c0")
        XCTAssertEqual(st.state, start)
        assertEvents(st, [])
    }

    func testDismissAllRefusedNoSuchCoordinator() { assertRefused(start, "dismissAll c1", .noSuchCoordinator) }

    // MARK: close

    func testCloseDismissesWhenSomethingIsPresented() {
        let st = applied(build(["push c0 r1", "present c0 r0 sheet"]), "close c0")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1)])])
    }

    func testClosePopsWhenNothingIsPresented() {
        let s = build(["start c0 navigation push r1"])
        let st = applied(s, "close c0")
        assertState(st.state, [nav(0, stack: [scr(0)])])
        assertEvents(st, [(1, .cancelled)])
    }

    func testCloseRefusedNothingToCloseAtRoot() { assertRefused(start, "close c0", .nothingToClose) }

    func testCloseRefusedNothingToCloseOnTabAndRedirection() {
        assertRefused(tabModel.initialState(), "close c0", .nothingToClose, model: tabModel)
        assertRefused(build(["start c0 redirection sheet r0"]), "close c1", .nothingToClose)
    }

    func testCloseRefusedNoSuchCoordinator() { assertRefused(start, "close c1", .noSuchCoordinator) }

    // MARK: set

    func testSetReplacesTopModalScreenKeepingStyle() {
        let st = applied(build(["push c0 r0", "present c0 r0 sheet", "present c0 r0 fullScreen"]), "set c0 r1")
        assertState(st.state, [nav(0, stack: [scr(0), scr(0)],
                                   modals: [modal(.sheet, scr(0)), modal(.fullScreen, scr(1))])])
    }

    func testSetReplacingPresentedChildEndsIt() {
        let s = build(["start c0 navigation sheet r0", "start c1 navigation push r1"])
        let st = applied(s, "set c0 r1")
        assertState(st.state, [nav(0, stack: [scr(0)], modals: [modal(.sheet, scr(1))])])
        assertEvents(st, [(1, .cancelled), (2, .cancelled)])
    }

    func testSetReplacesTopStackEntry() {
        let st = applied(build(["push c0 r0"]), "set c0 r1")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1)])])
    }

    func testSetReplacingPushedChildEndsIt() {
        let st = applied(build(["start c0 navigation push r1"]), "set c0 r0")
        assertState(st.state, [nav(0, stack: [scr(0), scr(0)])])
        assertEvents(st, [(1, .cancelled)])
    }

    func testSetOfOnlyEntryReplacesEntryZero() {
        let st = applied(start, "set c0 r1")
        assertState(st.state, [nav(0, stack: [scr(1)])])
    }

    func testSetOnRedirectionReplacesItsScreen() {
        let st = applied(build(["start c0 redirection sheet r0"]), "set c1 r1")
        XCTAssertEqual(st.state[C(1)]?.stack, [scr(1)])
        XCTAssertEqual(st.state[C(1)]?.initialRoute, R(0))
    }

    func testSetOnTabWithModalReplacesTheModal() {
        let s = build(["present c0 r0 detents"], model: tabModel)
        let st = applied(s, "set c0 r1", model: tabModel)
        XCTAssertEqual(st.state[C(0)]?.modals, [modal(.detents, scr(1))])
    }

    func testSetRefusedOnTabWithoutModal() {
        assertRefused(tabModel.initialState(), "set c0 r1", .unsupported, model: tabModel)
    }
    func testSetRefusedInvalidRoute() { assertRefused(start, "set c0 r2", .invalid) }
    func testSetRefusedNoSuchCoordinator() { assertRefused(start, "set c1 r0", .noSuchCoordinator) }

    // MARK: none

    func testNoneChangesNothing() {
        let s = build(["push c0 r1", "present c0 r0 sheet"])
        let st = applied(s, "none c0")
        XCTAssertEqual(st.state, s)
        assertEvents(st, [])
    }

    func testNoneRefusedNoSuchCoordinator() { assertRefused(start, "none c1", .noSuchCoordinator) }

    // MARK: multiple

    func testMultipleAppliesPartsInOrder() {
        let st = applied(start, "multiple c0 [push r1, present r0 sheet, push r0, set r1]")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1), scr(0)], modals: [modal(.sheet, scr(1))])])
    }

    func testMultipleCollectsEventsOfEveryPart() {
        let s = build(["start c0 navigation push r0", "start c0 navigation sheet r1"])
        let st = applied(s, "multiple c0 [dismiss, pop, push r1]")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1)])])
        assertEvents(st, [(1, .cancelled), (2, .cancelled)])
    }

    func testMultipleIsAtomicWhenSecondPartIsRefused() {
        let s = build(["start c0 navigation push r1"])
        // `pop` applies (and would end c1), `dismiss` has nothing to dismiss: nothing happens at all.
        assertRefused(s, "multiple c0 [pop, dismiss]", .nothingPresented)
        assertRefused(start, "multiple c0 [push r1, pop, pop, pop]", .atRoot)
    }

    func testMultiplePartUnsupportedPassesThrough() {
        assertRefused(tabModel.initialState(), "multiple c0 [present r0 sheet, push r1]", .unsupported, model: tabModel)
    }

    func testMultipleWithPartOnAnotherTargetIsInvalid() {
        let s = build(["start c0 navigation push r1"])
        let a = Action.multiple(C(0), [.push(C(0), R(1)), .push(C(1), R(0))])
        let st = navModel.step(s, a)
        XCTAssertEqual(st.outcome, .refused(.invalid))
        XCTAssertEqual(st.state, s)
        XCTAssertTrue(st.events.isEmpty)
    }

    func testMultipleWithNonRouterPartIsInvalid() {
        for part in [Action.restart(C(0)), .start(C(0), .navigation, .sheet, R(0)), .multiple(C(0), [.none(C(0))]),
                     .finishFlow(C(0))] {
            let st = navModel.step(start, .multiple(C(0), [part]))
            XCTAssertEqual(st.outcome, .refused(.invalid), "\(part)")
            XCTAssertEqual(st.state, start)
        }
    }

    func testMultipleEmptyOrWithInvalidArgumentIsInvalid() {
        assertRefused(start, "multiple c0 []", .invalid)
        assertRefused(start, "multiple c0 [push r1, push r5]", .invalid)
        assertRefused(start, "multiple c7 []", .invalid)
    }

    func testMultipleRefusedNoSuchCoordinator() { assertRefused(start, "multiple c3 [push r1]", .noSuchCoordinator) }

    // MARK: restart

    func testRestartOfRootResetsStackModalsAndChildren() {
        let s = build(["push c0 r1", "start c0 navigation push r0", "present c0 r1 fullScreen",
                       "start c0 tab sheet r0", "start c1 redirection sheet r1"])
        // c1 pushed (with c5 presented), c2 tab presented with pages c3, c4.
        let st = applied(s, "restart c0")
        assertState(st.state, [nav(0, stack: [scr(0)])])
        assertEvents(st, [(1, .cancelled), (2, .cancelled), (3, .cancelled), (4, .cancelled), (5, .cancelled)])
    }

    func testRestartReturnsToTheInitialRoute() {
        let s = build(["start c0 navigation sheet r1", "push c1 r0", "setRoot c1 r0", "present c1 r0 sheet"])
        let st = applied(s, "restart c1")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0)], modals: [modal(.sheet, kid(1))]),
                               nav(1, parent: 0, initial: 1, stack: [scr(1)])])
        assertEvents(st, [])
    }

    func testRestartOfRedirection() {
        let s = build(["start c0 redirection sheet r1", "set c1 r0", "start c1 navigation sheet r0"])
        let st = applied(s, "restart c1")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0)], modals: [modal(.sheet, kid(1))]),
                               redir(1, parent: 0, initial: 1, stack: [scr(1)])])
        assertEvents(st, [(2, .cancelled)])
    }

    func testRestartOfTabCreatesFreshPageCoordinators() {
        let s = build(["setPages c0 [p1]", "setBadge c0 p1 3", "present c0 r0 sheet", "push c2 r1"], model: tabModel)
        let st = applied(s, "restart c0", model: tabModel)
        assertState(st.state, [tab(0, pages: [(0, 3), (1, 4)], current: 0),
                               nav(3, parent: 0, stack: [scr(0)]), nav(4, parent: 0, stack: [scr(0)])])
        assertEvents(st, [(2, .cancelled)])
    }

    func testRestartOfInitialTabStillReplacesPageCoordinators() {
        let s = tabModel.initialState()
        let st = applied(s, "restart c0", model: tabModel)
        assertState(st.state, [tab(0, pages: [(0, 3), (1, 4)], current: 0),
                               nav(3, parent: 0, stack: [scr(0)]), nav(4, parent: 0, stack: [scr(0)])])
        assertEvents(st, [(1, .cancelled), (2, .cancelled)])
    }

    func testRestartRefusedNoSuchCoordinator() { assertRefused(start, "restart c1", .noSuchCoordinator) }
}
