import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// Coordinator actions of docs/SEMANTICS.md §4: start, finishFlow, forcePresentation, restartApp, redirect.
final class CoordinatorActionTests: XCTestCase {
    let start = navModel.initialState()

    // MARK: start

    func testStartPushedNavigationChild() {
        let st = applied(start, "start c0 navigation push r1")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0), kid(1)]),
                               nav(1, parent: 0, initial: 1, stack: [scr(1)])])
        assertEvents(st, [])
        XCTAssertEqual(st.state.top(), C(1))
    }

    func testStartPresentedRedirectionChild() {
        let st = applied(build(["push c0 r1"]), "start c0 redirection sheet r1")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0), scr(1)], modals: [modal(.sheet, kid(1))]),
                               redir(1, parent: 0, initial: 1, stack: [scr(1)])])
    }

    func testStartTabChildSetsUpPagesAndIgnoresRoute() {
        let st = applied(start, "start c0 tab fullScreen r1")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0)], modals: [modal(.fullScreen, kid(1))]),
                               tab(1, parent: 0, pages: [(0, 2), (1, 3)], current: 0),
                               nav(2, parent: 1, stack: [scr(0)]), nav(3, parent: 1, stack: [scr(0)])])
        XCTAssertEqual(st.state.top(), C(2))
    }

    func testStartFromTabAndRedirectionWithModalStyle() {
        let t = applied(tabModel.initialState(), "start c0 navigation detents r1", model: tabModel).state
        XCTAssertEqual(t[C(0)]?.modals, [modal(.detents, kid(3))])
        XCTAssertEqual(t[C(3)], nav(3, parent: 0, initial: 1, stack: [scr(1)]))
        let r = applied(build(["start c0 redirection sheet r0"]), "start c1 navigation overlay r1").state
        XCTAssertEqual(r[C(1)]?.modals, [modal(.overlay, kid(2))])
        XCTAssertEqual(r[C(1)]?.children, [C(2)])
    }

    func testStartNeverReusesIds() {
        let s = build(["start c0 navigation sheet r0", "finishFlow c1"])
        let st = applied(s, "start c0 navigation sheet r1")
        XCTAssertNil(st.state[C(1)])
        XCTAssertEqual(st.state[C(2)]?.parent, C(0))
        XCTAssertEqual(st.state[C(0)]?.modals, [modal(.sheet, kid(2))])
    }

    func testStartPushRefusedOnTab() {
        assertRefused(tabModel.initialState(), "start c0 navigation push r0", .unsupported, model: tabModel)
    }

    func testStartPushRefusedOnRedirection() {
        assertRefused(build(["start c0 redirection sheet r0"]), "start c1 navigation push r0", .unsupported)
    }

    func testStartTabWithPushRefused() { assertRefused(start, "start c0 tab push r0", .unsupported) }
    func testStartRefusedInvalidRoute() { assertRefused(start, "start c0 navigation sheet r2", .invalid) }
    func testStartRefusedNoSuchCoordinator() { assertRefused(start, "start c1 navigation sheet r0", .noSuchCoordinator) }

    // MARK: finishFlow

    func testFinishFlowOfPresentedChild() {
        let s = build(["start c0 navigation sheet r1", "push c1 r0"])
        let st = applied(s, "finishFlow c1")
        assertState(st.state, [nav(0, stack: [scr(0)])])
        assertEvents(st, [(1, .finished)])
    }

    func testFinishFlowOfPushedChildRemovesEntriesAboveAndKeepsModals() {
        let s = build(["push c0 r1", "start c0 navigation push r1", "push c0 r0",
                       "start c0 navigation push r0", "present c0 r1 sheet"])
        // c0 stack [r0, r1, c1, r0, c2], modals [sheet r1].
        let st = applied(s, "finishFlow c1")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1)], modals: [modal(.sheet, scr(1))])])
        assertEvents(st, [(1, .finished), (2, .cancelled)])
    }

    func testFinishFlowBelowAnotherModalRemovesHostingModalAndEverythingAbove() {
        let s = build(["push c0 r1", "present c0 r0 sheet", "start c0 navigation fullScreen r1",
                       "start c1 navigation push r0", "present c0 r1 sheet", "start c0 navigation sheet r0"])
        // c0 modals [sheet r0, fullScreen c1, sheet r1, sheet c3]; c1 pushes c2.
        let st = applied(s, "finishFlow c1")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1)], modals: [modal(.sheet, scr(0))])])
        assertEvents(st, [(1, .finished), (2, .cancelled), (3, .cancelled)])
    }

    func testFinishFlowOfNestedChildLeavesGrandparentAlone() {
        let s = build(["start c0 navigation sheet r0", "start c1 navigation push r1", "push c1 r0"])
        let st = applied(s, "finishFlow c2")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0)], modals: [modal(.sheet, kid(1))]),
                               nav(1, parent: 0, stack: [scr(0)])])
        assertEvents(st, [(2, .finished)])
    }

    func testFinishFlowOfTabPageClimbsToTheTab() {
        let s = build(["present c0 r1 sheet", "start c0 tab fullScreen r0", "start c2 navigation push r1"])
        // c1 tab presented with pages c2, c3; c2 pushes c4.
        let st = applied(s, "finishFlow c2")
        assertState(st.state, [nav(0, stack: [scr(0)], modals: [modal(.sheet, scr(1))])])
        assertEvents(st, [(1, .finished), (2, .finished), (3, .cancelled), (4, .cancelled)])
    }

    func testFinishFlowOfPageOfRootTabRefusedIsRoot() {
        assertRefused(tabModel.initialState(), "finishFlow c1", .isRoot, model: tabModel)
        assertRefused(tabModel.initialState(), "finishFlow c2", .isRoot, model: tabModel)
    }

    func testFinishFlowOfRootRefusedIsRoot() {
        assertRefused(build(["push c0 r1"]), "finishFlow c0", .isRoot)
        assertRefused(tabModel.initialState(), "finishFlow c0", .isRoot, model: tabModel)
    }

    func testFinishFlowRefusedNoSuchCoordinator() { assertRefused(start, "finishFlow c1", .noSuchCoordinator) }

    // MARK: forcePresentation

    func testForcePresentationPresentsOnTheRoot() {
        let st = applied(build(["push c0 r1"]), "forcePresentation navigation sheet r1")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0), scr(1)], modals: [modal(.sheet, kid(1))]),
                               nav(1, parent: 0, initial: 1, stack: [scr(1)])])
        XCTAssertEqual(st.state.top(), C(1))
    }

    func testForcePresentationLandsOnTheDeepestTop() {
        let s = build(["start c0 navigation sheet r0", "start c1 navigation push r1"])
        XCTAssertEqual(s.top(), C(2))
        let st = applied(s, "forcePresentation redirection fullScreen r0")
        XCTAssertEqual(st.state[C(2)]?.modals, [modal(.fullScreen, kid(3))])
        XCTAssertEqual(st.state[C(3)], redir(3, parent: 2, stack: [scr(0)]))
        XCTAssertEqual(st.state[C(0)]?.modals, [modal(.sheet, kid(1))])
        XCTAssertEqual(st.state.top(), C(3))
    }

    func testForcePresentationOnModalScreenOwnerPresentsThere() {
        // A presented screen is owned by its presenter: the deep link lands on that presenter.
        let s = build(["start c0 navigation sheet r0", "present c1 r1 sheet"])
        let st = applied(s, "forcePresentation navigation sheet r0")
        XCTAssertEqual(st.state[C(1)]?.modals, [modal(.sheet, scr(1)), modal(.sheet, kid(2))])
        XCTAssertEqual(st.state.top(), C(2))
    }

    func testForcePresentationWithTabRootLandsOnCurrentPage() {
        let st = applied(tabModel.initialState(), "forcePresentation navigation sheet r1", model: tabModel)
        assertState(st.state, [tab(0, pages: [(0, 1), (1, 2)], current: 0),
                               nav(1, parent: 0, children: [3], stack: [scr(0)], modals: [modal(.sheet, kid(3))]),
                               nav(2, parent: 0, stack: [scr(0)]),
                               nav(3, parent: 1, initial: 1, stack: [scr(1)])])
        XCTAssertEqual(st.state.top(), C(3))
    }

    func testForcePresentationWithTabRootAfterSelectLandsOnSelectedPage() {
        let s = build(["select c0 p1"], model: tabModel)
        let st = applied(s, "forcePresentation redirection fullScreen r0", model: tabModel)
        XCTAssertEqual(st.state[C(2)]?.modals, [modal(.fullScreen, kid(3))])
        XCTAssertEqual(st.state[C(1)]?.modals, [])
        XCTAssertEqual(st.state.top(), C(3))
    }

    func testForcePresentationOfTabTopIsItsCurrentPage() {
        let st = applied(start, "forcePresentation tab sheet r0")
        XCTAssertEqual(st.state[C(1)]?.kind, .tab)
        XCTAssertEqual(st.state.top(), C(2))
    }

    func testForcePresentationRefusedWithPush() { assertRefused(start, "forcePresentation navigation push r0", .unsupported) }
    func testForcePresentationRefusedInvalidRoute() { assertRefused(start, "forcePresentation navigation sheet r3", .invalid) }

    // MARK: restartApp

    func testRestartAppRestartsTheRoot() {
        let s = build(["push c0 r1", "start c0 navigation push r1", "start c0 tab sheet r0"])
        let st = applied(s, "restartApp")
        XCTAssertEqual(st, navModel.step(s, act("restart c0")))
        assertState(st.state, [nav(0, stack: [scr(0)])])
        assertEvents(st, [(1, .cancelled), (2, .cancelled), (3, .cancelled), (4, .cancelled)])
    }

    func testRestartAppOfTabRoot() {
        let s = build(["select c0 p1", "setBadge c0 p0 2", "start c1 navigation sheet r1"], model: tabModel)
        let st = applied(s, "restartApp", model: tabModel)
        assertState(st.state, [tab(0, pages: [(0, 4), (1, 5)], current: 0),
                               nav(4, parent: 0, stack: [scr(0)]), nav(5, parent: 0, stack: [scr(0)])])
        assertEvents(st, [(1, .cancelled), (2, .cancelled), (3, .cancelled)])
    }

    // MARK: redirect

    func testRedirectPushesOnParent() {
        let st = applied(build(["start c0 redirection push r1"]), "redirect c1 r0 push")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0), kid(1), scr(0)]),
                               redir(1, parent: 0, initial: 1, stack: [scr(1)])])
        assertEvents(st, [])
    }

    func testRedirectPresentsOnParent() {
        let st = applied(build(["start c0 redirection sheet r1"]), "redirect c1 r0 fullScreen")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0)],
                                   modals: [modal(.sheet, kid(1)), modal(.fullScreen, scr(0))]),
                               redir(1, parent: 0, initial: 1, stack: [scr(1)])])
    }

    func testRedirectPresentsOnTabParent() {
        let s = build(["start c0 redirection sheet r1"], model: tabModel)
        let st = applied(s, "redirect c3 r0 sheet", model: tabModel)
        XCTAssertEqual(st.state[C(0)]?.modals, [modal(.sheet, kid(3)), modal(.sheet, scr(0))])
    }

    func testRedirectPushOnTabParentRefusalPassesThrough() {
        let s = build(["start c0 redirection sheet r1"], model: tabModel)
        assertRefused(s, "redirect c3 r0 push", .unsupported, model: tabModel)
    }

    func testRedirectFromNonRedirectionRefused() {
        assertRefused(build(["start c0 navigation sheet r1"]), "redirect c1 r0 sheet", .unsupported)
        assertRefused(start, "redirect c0 r0 sheet", .unsupported)
    }

    func testRedirectRefusedInvalidRoute() {
        assertRefused(build(["start c0 redirection sheet r1"]), "redirect c1 r2 sheet", .invalid)
    }

    func testRedirectRefusedNoSuchCoordinator() { assertRefused(start, "redirect c1 r0 sheet", .noSuchCoordinator) }
}
