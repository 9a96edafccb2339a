import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// The five state invariants of docs/SEMANTICS.md §5 catch hand-made broken states and accept sound ones.
final class StateInvariantTests: XCTestCase {

    /// The reason `invariant` gives for `coordinators` (root c0), failing the test when it holds.
    func reason(_ invariant: Invariant, _ coordinators: [Coordinator], root: Int = 0,
                file: StaticString = #filePath, line: UInt = #line) -> String {
        let state = State(coordinators: coordinators, root: C(root))
        let why = invariant.violation(in: state)
        XCTAssertNotNil(why, "\(invariant.name) should catch this state", file: file, line: line)
        var direct: [Int: String] = [:]
        Invariant.checkAll(state) { direct[$0] = $1 }
        XCTAssertEqual(direct[Invariant.all.firstIndex { $0.name == invariant.name } ?? -1], why,
                       "checkAll should report \(invariant.name) at its index", file: file, line: line)
        return why ?? ""
    }

    func assertHolds(_ state: State, file: StaticString = #filePath, line: UInt = #line) {
        for inv in Invariant.stateInvariants {
            XCTAssertNil(inv.violation(in: state), "\(inv.name) on\n\(state)", file: file, line: line)
        }
    }

    func testAllStateInvariantsHoldOnSoundStates() {
        assertHolds(navModel.initialState())
        assertHolds(tabModel.initialState())
        assertHolds(build(["push c0 r1", "start c0 navigation push r1", "start c1 tab sheet r0",
                           "setBadge c2 p1 1", "start c3 redirection fullScreen r1", "present c5 r0 sheet"]))
    }

    // MARK: tree-consistent

    func testTreeConsistentCatchesRootWithParent() {
        let why = reason(.treeConsistent, [nav(0, parent: 1, children: [1], stack: [scr(0), kid(1)]),
                                           nav(1, parent: 0, children: [0], stack: [scr(0)])])
        XCTAssertTrue(why.contains("c0"), why)
    }

    func testTreeConsistentCatchesDuplicateChild() {
        let why = reason(.treeConsistent, [nav(0, children: [1, 1], stack: [scr(0), kid(1)]),
                                           nav(1, parent: 0, stack: [scr(0)])])
        XCTAssertTrue(why.contains("c1"), why)
        XCTAssertTrue(why.contains("twice"), why)
    }

    func testTreeConsistentCatchesParentNotListingChild() {
        let why = reason(.treeConsistent, [nav(0, stack: [scr(0)], modals: [modal(.sheet, kid(1))]),
                                           nav(1, parent: 0, stack: [scr(0)])])
        XCTAssertTrue(why.contains("c1"), why)
    }

    func testTreeConsistentCatchesCycle() {
        let why = reason(.treeConsistent, [nav(0, stack: [scr(0)]),
                                           nav(1, parent: 2, children: [2], stack: [scr(0), kid(2)]),
                                           nav(2, parent: 1, children: [1], stack: [scr(0), kid(1)])])
        XCTAssertTrue(why.contains("c1") || why.contains("c2"), why)
        XCTAssertTrue(why.contains("cycle"), why)
    }

    func testTreeConsistentClimbsEachChainOnceAndStillCatchesACycleBesideIt() {
        // c0 → c1 → c2 → c3 reach the root (c3's climb stops at the already known c2);
        // c4 and c5 are each other's parent and never reach it.
        let why = reason(.treeConsistent, [nav(0, children: [1], stack: [scr(0), kid(1)]),
                                           nav(1, parent: 0, children: [2], stack: [scr(0), kid(2)]),
                                           nav(2, parent: 1, children: [3], stack: [scr(0), kid(3)]),
                                           nav(3, parent: 2, stack: [scr(0)]),
                                           nav(4, parent: 5, children: [5], stack: [scr(0), kid(5)]),
                                           nav(5, parent: 4, children: [4], stack: [scr(0), kid(4)])])
        XCTAssertEqual(why, "c4 does not reach the root through its parents (a cycle)")
    }

    func testTreeConsistentCatchesAChainThatStopsBelowTheRoot() {
        let why = reason(.treeConsistent, [nav(0, children: [1], stack: [scr(0), kid(1)]),
                                           nav(1, parent: 0, stack: [scr(0)]),
                                           nav(3, parent: 4, stack: [scr(0)]),
                                           nav(4, children: [3], stack: [scr(0), kid(3)])])
        XCTAssertEqual(why, "c3 does not reach the root through its parents (a cycle)")
    }

    // MARK: no-orphan-children

    func testNoOrphanChildrenCatchesUnhostedChild() {
        let why = reason(.noOrphanChildren, [nav(0, children: [1], stack: [scr(0)]),
                                             nav(1, parent: 0, stack: [scr(0)])])
        XCTAssertTrue(why.contains("c1"), why)
        XCTAssertTrue(why.contains("orphan"), why)
    }

    func testNoOrphanChildrenCatchesDeadHostedChild() {
        let why = reason(.noOrphanChildren, [nav(0, stack: [scr(0), kid(4)])])
        XCTAssertTrue(why.contains("c4"), why)
    }

    func testNoOrphanChildrenCatchesAChildHostedByAnotherCoordinator() {
        let why = reason(.noOrphanChildren, [nav(0, children: [1, 2], stack: [scr(0), kid(1)], modals: [modal(.sheet, kid(2))]),
                                             nav(1, parent: 0, stack: [scr(0), kid(2)]),
                                             nav(2, parent: 0, stack: [scr(0)])])
        XCTAssertEqual(why, "c1 hosts c2, which is not its child")
    }

    func testNoOrphanChildrenCountsHostingsOverTabPagesStacksAndModals() {
        let why = reason(.noOrphanChildren, [tab(0, children: [1, 2, 3], pages: [(0, 1), (1, 2)], current: 0,
                                                 modals: [modal(.sheet, kid(2))]),
                                             nav(1, parent: 0, stack: [scr(0)]),
                                             nav(2, parent: 0, stack: [scr(0)]),
                                             nav(3, parent: 0, stack: [scr(0)])])
        XCTAssertEqual(why, "c2 is hosted 2 times by c0")
    }

    func testNoOrphanChildrenCatchesChildHostedTwice() {
        let why = reason(.noOrphanChildren, [nav(0, children: [1], stack: [scr(0), kid(1)], modals: [modal(.sheet, kid(1))]),
                                             nav(1, parent: 0, stack: [scr(0)])])
        XCTAssertTrue(why.contains("c1"), why)
    }

    // MARK: stack-shape

    func testStackShapeCatchesEmptyNavigationStack() {
        let why = reason(.stackShape, [nav(0, stack: [])])
        XCTAssertTrue(why.contains("c0"), why)
    }

    func testStackShapeCatchesChildAtEntryZero() {
        let why = reason(.stackShape, [nav(0, children: [1], stack: [scr(0)], modals: [modal(.sheet, kid(1))]),
                                       nav(1, parent: 0, children: [2], stack: [kid(2)]),
                                       nav(2, parent: 1, stack: [scr(0)])])
        XCTAssertTrue(why.contains("c1"), why)
    }

    func testStackShapeCatchesRedirectionWithTwoScreens() {
        let why = reason(.stackShape, [nav(0, children: [1], stack: [scr(0)], modals: [modal(.sheet, kid(1))]),
                                       redir(1, parent: 0, stack: [scr(0), scr(1)])])
        XCTAssertTrue(why.contains("c1"), why)
    }

    func testStackShapeCatchesTabWithStackAndPushModal() {
        var t = tab(0, pages: [(0, 1)], current: 0)
        t.stack = [scr(0)]
        XCTAssertTrue(reason(.stackShape, [t, nav(1, parent: 0, stack: [scr(0)])]).contains("c0"))
        let why = reason(.stackShape, [nav(0, stack: [scr(0)], modals: [modal(.push, scr(1))])])
        XCTAssertTrue(why.contains("c0") && why.contains("push"), why)
    }

    // MARK: tab-consistent

    func testTabConsistentCatchesCurrentOutsidePages() {
        let why = reason(.tabConsistent, [tab(0, pages: [(0, 1), (1, 2)], current: 2),
                                          nav(1, parent: 0, stack: [scr(0)]), nav(2, parent: 0, stack: [scr(0)])])
        XCTAssertTrue(why.contains("c0"), why)
    }

    func testTabConsistentCatchesBadgeOfMissingPage() {
        let why = reason(.tabConsistent, [tab(0, pages: [(0, 1)], current: 0, badges: [(1, 1)]),
                                          nav(1, parent: 0, stack: [scr(0)])])
        XCTAssertTrue(why.contains("c0") && why.contains("p1"), why)
    }

    func testTabConsistentCatchesRepeatedPageAndMissingPageCoordinator() {
        XCTAssertTrue(reason(.tabConsistent, [tab(0, pages: [(0, 1), (0, 2)], current: 0),
                                              nav(1, parent: 0, stack: [scr(0)]), nav(2, parent: 0, stack: [scr(0)])])
            .contains("c0"))
        var t = tab(0, children: [1], pages: [(0, 1), (1, 2)], current: 0)
        t.tab?.pageCoordinators = [C(1)]
        XCTAssertTrue(reason(.tabConsistent, [t, nav(1, parent: 0, stack: [scr(0)])]).contains("c0"))
    }

    func testTabConsistentCatchesNavigationWithPages() {
        var c = nav(0, stack: [scr(0)])
        c.tab = TabState(pages: [P(0)], current: P(0), pageCoordinators: [])
        XCTAssertTrue(reason(.tabConsistent, [c]).contains("c0"))
    }

    // MARK: top-defined

    func testTopDefinedCatchesDanglingTopEntry() {
        let why = reason(.topDefined, [nav(0, stack: [scr(0), kid(3)])])
        XCTAssertTrue(why.contains("descend"), why)
    }

    func testTopDefinedCatchesPresentedChildWithEmptyStack() {
        let why = reason(.topDefined, [nav(0, children: [1], stack: [scr(0)], modals: [modal(.sheet, kid(1))]),
                                       nav(1, parent: 0, stack: [])])
        XCTAssertTrue(why.contains("descend"), why)
    }

    func testTopDefinedCatchesTabWithoutPageCoordinator() {
        var t = tab(0, children: [], pages: [(0, 1)], current: 0)
        t.tab?.pageCoordinators = []
        _ = reason(.topDefined, [t])
    }
}
