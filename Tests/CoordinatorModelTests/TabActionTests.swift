import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// Tab actions of docs/SEMANTICS.md §4: select, setPages, setBadge, tabPopToRoot.
final class TabActionTests: XCTestCase {
    let start = tabModel.initialState()
    let wide = wideTabModel.initialState()

    func testInitialTabState() {
        assertState(start, [tab(0, pages: [(0, 1), (1, 2)], current: 0),
                            nav(1, parent: 0, stack: [scr(0)]), nav(2, parent: 0, stack: [scr(0)])])
        XCTAssertEqual(start.top(), C(1))
    }

    // MARK: select

    func testSelectChangesCurrentPage() {
        let st = applied(start, "select c0 p1", model: tabModel)
        assertState(st.state, [tab(0, pages: [(0, 1), (1, 2)], current: 1),
                               nav(1, parent: 0, stack: [scr(0)]), nav(2, parent: 0, stack: [scr(0)])])
        assertEvents(st, [])
        XCTAssertEqual(st.state.top(), C(2))
    }

    func testSelectOfPresentedTab() {
        let s = build(["start c0 tab sheet r0"])
        let st = applied(s, "select c1 p1")
        XCTAssertEqual(st.state[C(1)]?.tab?.current, P(1))
    }

    func testSelectRefusedNotFound() {
        assertRefused(wide, "select c0 p2", .notFound, model: wideTabModel)
        assertRefused(build(["setPages c0 [p0]"], model: tabModel), "select c0 p1", .notFound, model: tabModel)
    }

    func testSelectRefusedInvalidPage() { assertRefused(start, "select c0 p2", .invalid, model: tabModel) }
    func testSelectRefusedNoSuchCoordinator() { assertRefused(start, "select c3 p0", .noSuchCoordinator, model: tabModel) }
    func testSelectRefusedOnNavigation() { assertRefused(start, "select c1 p0", .unsupported, model: tabModel) }

    // MARK: setPages

    func testSetPagesDroppingCurrentPage() {
        let s = build(["setBadge c0 p0 4", "setBadge c0 p1 2", "start c1 navigation push r1"], model: tabModel)
        let st = applied(s, "setPages c0 [p1]", model: tabModel)
        assertState(st.state, [tab(0, pages: [(1, 2)], current: 1, badges: [(1, 2)]),
                               nav(2, parent: 0, stack: [scr(0)])])
        assertEvents(st, [(1, .cancelled), (3, .cancelled)])
    }

    func testSetPagesDroppingCurrentMakesFirstNewPageCurrent() {
        let st = applied(wide, "setPages c0 [p2, p1]", model: wideTabModel)
        assertState(st.state, [tab(0, pages: [(2, 3), (1, 2)], current: 2),
                               nav(2, parent: 0, stack: [scr(0)]), nav(3, parent: 0, stack: [scr(0)])])
        assertEvents(st, [(1, .cancelled)])
    }

    func testSetPagesDropsSeveralPagesAndTheirBadges() {
        let s = build(["setPages c0 [p1,p0]", "setBadge c0 p0 1", "setBadge c0 p1 -1"], model: wideTabModel)
        let st = applied(s, "setPages c0 [p2]", model: wideTabModel)
        assertState(st.state, [tab(0, pages: [(2, 3)], current: 2), nav(3, parent: 0, stack: [scr(0)])])
        assertEvents(st, [(2, .cancelled), (1, .cancelled)])
    }

    func testSetPagesKeepsCoordinatorsAndCurrentOfKeptPages() {
        let s = build(["select c0 p1", "push c2 r1", "setBadge c0 p0 7"], model: tabModel)
        let st = applied(s, "setPages c0 [p1,p0]", model: tabModel)
        assertState(st.state, [tab(0, pages: [(1, 2), (0, 1)], current: 1, badges: [(0, 7)]),
                               nav(1, parent: 0, stack: [scr(0)]), nav(2, parent: 0, stack: [scr(0), scr(1)])])
        assertEvents(st, [])
    }

    func testSetPagesCreatesNewPageCoordinatorsInNewPageOrder() {
        let s = build(["setPages c0 [p0]"], model: wideTabModel)
        let st = applied(s, "setPages c0 [p2,p0,p1]", model: wideTabModel)
        assertState(st.state, [tab(0, pages: [(2, 3), (0, 1), (1, 4)], current: 0),
                               nav(1, parent: 0, stack: [scr(0)]), nav(3, parent: 0, stack: [scr(0)]),
                               nav(4, parent: 0, stack: [scr(0)])])
        assertEvents(st, [])
    }

    func testSetPagesWithGivenCurrent() {
        let st = applied(start, "setPages c0 [p0,p1] p1", model: tabModel)
        XCTAssertEqual(st.state[C(0)]?.tab?.current, P(1))
        XCTAssertEqual(st.state[C(0)]?.tab?.pageCoordinators, [C(1), C(2)])
    }

    func testSetPagesRefusedInvalidLists() {
        assertRefused(start, "setPages c0 []", .invalid, model: tabModel)
        assertRefused(start, "setPages c0 [p0,p0]", .invalid, model: tabModel)
        assertRefused(start, "setPages c0 [p0,p2]", .invalid, model: tabModel)
        assertRefused(start, "setPages c0 [p0] p5", .invalid, model: tabModel)
    }

    func testSetPagesRefusedCurrentNotInPages() {
        assertRefused(start, "setPages c0 [p0] p1", .notFound, model: tabModel)
    }

    func testSetPagesRefusedOnNavigation() { assertRefused(start, "setPages c1 [p0]", .unsupported, model: tabModel) }
    func testSetPagesRefusedNoSuchCoordinator() { assertRefused(start, "setPages c5 [p0]", .noSuchCoordinator, model: tabModel) }

    // MARK: setBadge

    func testSetBadgeSetsReplacesAndRemoves() {
        let s1 = applied(start, "setBadge c0 p1 3", model: tabModel).state
        XCTAssertEqual(s1[C(0)]?.tab?.badges, [TabState.Badge(page: P(1), value: 3)])
        let s2 = applied(s1, "setBadge c0 p0 -2", model: tabModel).state
        XCTAssertEqual(s2[C(0)]?.tab?.badges, [TabState.Badge(page: P(0), value: -2), TabState.Badge(page: P(1), value: 3)])
        let s3 = applied(s2, "setBadge c0 p1 5", model: tabModel).state
        XCTAssertEqual(s3[C(0)]?.tab?.badge(for: P(1)), 5)
        let s4 = applied(s3, "setBadge c0 p0 nil", model: tabModel)
        assertState(s4.state, [tab(0, pages: [(0, 1), (1, 2)], current: 0, badges: [(1, 5)]),
                               nav(1, parent: 0, stack: [scr(0)]), nav(2, parent: 0, stack: [scr(0)])])
        assertEvents(s4, [])
    }

    func testSetBadgeNilWithoutBadgeChangesNothing() {
        XCTAssertEqual(applied(start, "setBadge c0 p0 nil", model: tabModel).state, start)
    }

    func testSetBadgeRefusedNotFound() {
        assertRefused(build(["setPages c0 [p1]"], model: tabModel), "setBadge c0 p0 1", .notFound, model: tabModel)
    }

    func testSetBadgeRefusedInvalidPage() { assertRefused(start, "setBadge c0 p4 1", .invalid, model: tabModel) }
    func testSetBadgeRefusedOnNavigation() { assertRefused(start, "setBadge c2 p0 1", .unsupported, model: tabModel) }
    func testSetBadgeRefusedNoSuchCoordinator() { assertRefused(start, "setBadge c3 p0 1", .noSuchCoordinator, model: tabModel) }

    // MARK: tabPopToRoot

    func testTabPopToRootPopsOnlyTheCurrentPage() {
        let s = build(["push c1 r1", "start c1 navigation push r0", "push c2 r1"], model: tabModel)
        let st = applied(s, "tabPopToRoot c0", model: tabModel)
        assertState(st.state, [tab(0, pages: [(0, 1), (1, 2)], current: 0),
                               nav(1, parent: 0, stack: [scr(0)]), nav(2, parent: 0, stack: [scr(0), scr(1)])])
        assertEvents(st, [(3, .cancelled)])
    }

    func testTabPopToRootFollowsTheSelectedPage() {
        let s = build(["push c1 r1", "push c2 r1", "select c0 p1"], model: tabModel)
        let st = applied(s, "tabPopToRoot c0", model: tabModel)
        XCTAssertEqual(st.state[C(1)]?.stack, [scr(0), scr(1)])
        XCTAssertEqual(st.state[C(2)]?.stack, [scr(0)])
    }

    func testTabPopToRootRefusedOnNavigation() { assertRefused(start, "tabPopToRoot c1", .unsupported, model: tabModel) }
    func testTabPopToRootRefusedNoSuchCoordinator() { assertRefused(start, "tabPopToRoot c9", .noSuchCoordinator, model: tabModel) }
}
