import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// User (environment) actions of docs/SEMANTICS.md §4: back, swipe-down, tapping a tab.
final class UserActionTests: XCTestCase {
    let start = navModel.initialState()
    let tabStart = tabModel.initialState()

    // MARK: userBack

    func testBackPopsTheVisibleStack() {
        let st = applied(build(["push c0 r1"]), "userBack")
        assertState(st.state, [nav(0, stack: [scr(0)])])
        assertEvents(st, [])
    }

    func testBackPopsThePresentedChildsStackNotTheRoots() {
        let s = build(["push c0 r1", "start c0 navigation sheet r0", "push c1 r1"])
        let st = applied(s, "userBack")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0), scr(1)], modals: [modal(.sheet, kid(1))]),
                               nav(1, parent: 0, stack: [scr(0)])])
    }

    func testBackAtPushedChildsRootRemovesTheChild() {
        let s = build(["push c0 r1", "start c0 navigation push r1", "start c1 navigation sheet r0", "dismiss c1"])
        let st = applied(s, "userBack")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1)])])
        assertEvents(st, [(1, .cancelled)])
    }

    func testBackAtNestedPushedChildsRootRemovesOnlyTheInnerChild() {
        let s = build(["start c0 navigation push r1", "start c1 navigation push r0"])
        let st = applied(s, "userBack")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0), kid(1)]),
                               nav(1, parent: 0, initial: 1, stack: [scr(1)])])
        assertEvents(st, [(2, .cancelled)])
    }

    func testBackOnTabPagePopsThatPage() {
        let s = build(["push c1 r1"], model: tabModel)
        let st = applied(s, "userBack", model: tabModel)
        XCTAssertEqual(st.state[C(1)]?.stack, [scr(0)])
    }

    func testBackRefusedAtRootScreen() { assertRefused(start, "userBack", .noBack) }

    func testBackRefusedAtPresentedChildsRoot() {
        assertRefused(build(["start c0 navigation sheet r1"]), "userBack", .noBack)
    }

    func testBackRefusedOnModalScreen() {
        assertRefused(build(["push c0 r1", "present c0 r0 sheet"]), "userBack", .noBack)
    }

    func testBackRefusedAtTabPageRoot() {
        assertRefused(build(["push c2 r1"], model: tabModel), "userBack", .noBack, model: tabModel)
    }

    // MARK: userSwipeDismiss

    func testSwipeDismissesPresentedScreen() {
        let st = applied(build(["push c0 r1", "present c0 r1 sheet"]), "userSwipeDismiss")
        assertState(st.state, [nav(0, stack: [scr(0), scr(1)])])
        assertEvents(st, [])
    }

    func testSwipeDownOfPresentedChildEndsIt() {
        let s = build(["start c0 navigation sheet r1", "push c1 r0", "start c1 navigation push r1"])
        let st = applied(s, "userSwipeDismiss")
        assertState(st.state, [nav(0, stack: [scr(0)])])
        assertEvents(st, [(1, .cancelled), (2, .cancelled)])
    }

    func testSwipeRemovesTheTopmostModalOnTheWayDown() {
        let s = build(["start c0 navigation fullScreen r0", "present c1 r1 detents"])
        let st = applied(s, "userSwipeDismiss")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0)], modals: [modal(.fullScreen, kid(1))]),
                               nav(1, parent: 0, stack: [scr(0)])])
    }

    func testSwipeRefusedWhenTopmostModalIsFullScreenEvenAboveASheet() {
        let s = build(["start c0 navigation sheet r0", "present c1 r1 fullScreen"])
        assertRefused(s, "userSwipeDismiss", .notDismissible)
    }

    func testSwipeRefusedForNonSwipeableStyles() {
        for style in ["fullScreen", "overlay", "custom"] {
            assertRefused(build(["present c0 r1 \(style)"]), "userSwipeDismiss", .notDismissible)
        }
    }

    func testSwipeRefusedNothingPresented() { assertRefused(start, "userSwipeDismiss", .nothingPresented) }

    func testSwipeIgnoresModalsOfHiddenTabPages() {
        // p1's coordinator presents a sheet, but p0 is showing: nothing presented on the way down.
        assertRefused(build(["present c2 r1 sheet"], model: tabModel), "userSwipeDismiss", .nothingPresented, model: tabModel)
    }

    // MARK: userSelectTab

    func testSelectTabOnRootTab() {
        let st = applied(tabStart, "userSelectTab p1", model: tabModel)
        assertState(st.state, [tab(0, pages: [(0, 1), (1, 2)], current: 1),
                               nav(1, parent: 0, stack: [scr(0)]), nav(2, parent: 0, stack: [scr(0)])])
        assertEvents(st, [])
    }

    func testSelectTabWithPushedChildOnThePage() {
        let st = applied(build(["start c1 navigation push r1"], model: tabModel), "userSelectTab p1", model: tabModel)
        XCTAssertEqual(st.state[C(0)]?.tab?.current, P(1))
    }

    func testSelectTabActsOnTheLastTabOnTheWayDown() {
        let s = build(["start c1 tab fullScreen r0"], model: tabModel)
        let st = applied(s, "userSelectTab p1", model: tabModel)
        XCTAssertEqual(st.state[C(3)]?.tab?.current, P(1))
        XCTAssertEqual(st.state[C(0)]?.tab?.current, P(0))
    }

    func testSelectTabOfPresentedTab() {
        let st = applied(build(["start c0 tab sheet r0"]), "userSelectTab p1")
        XCTAssertEqual(st.state[C(1)]?.tab?.current, P(1))
    }

    func testSelectTabRefusedWithoutTab() { assertRefused(start, "userSelectTab p0", .noTabBar) }

    func testSelectTabRefusedWhenAModalCoversTheTab() {
        assertRefused(build(["present c0 r1 sheet"], model: tabModel), "userSelectTab p1", .noTabBar, model: tabModel)
        assertRefused(build(["present c1 r1 sheet"], model: tabModel), "userSelectTab p1", .noTabBar, model: tabModel)
        assertRefused(build(["start c1 navigation fullScreen r1"], model: tabModel), "userSelectTab p1", .noTabBar, model: tabModel)
    }

    func testSelectTabRefusedNotFound() {
        assertRefused(build(["setPages c0 [p0]"], model: tabModel), "userSelectTab p1", .notFound, model: tabModel)
    }

    func testSelectTabRefusedInvalidBeforeNoTabBar() { assertRefused(start, "userSelectTab p2", .invalid) }
}
