import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// The canonical form of docs/SEMANTICS.md §2: same screen structure ⇔ same encoding, whatever the ids.
final class CanonicalFormTests: XCTestCase {

    func assertSame(_ a: State, _ b: State, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.canonicalEncoding(), b.canonicalEncoding(), "\n\(a)\n---\n\(b)", file: file, line: line)
        XCTAssertEqual(a.canonicalized(), b.canonicalized(), file: file, line: line)
        XCTAssertTrue(a.isSameState(as: b), file: file, line: line)
    }

    func assertDifferent(_ a: State, _ b: State, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotEqual(a.canonicalEncoding(), b.canonicalEncoding(), "\n\(a)\n---\n\(b)", file: file, line: line)
        XCTAssertFalse(a.isSameState(as: b), file: file, line: line)
    }

    // MARK: same state

    func testCreationOrderOfPushedAndPresentedChildDoesNotMatter() {
        let a = build(["start c0 navigation push r0", "start c0 navigation sheet r1"])
        let b = build(["start c0 navigation sheet r1", "start c0 navigation push r0"])
        XCTAssertNotEqual(a, b, "the raw states use different ids")
        assertSame(a, b)
    }

    /// A children list is a set with repeats: its order does not matter, a repeat and a
    /// dangling id do (states a fault or a driver may give).
    func testChildrenListOrderDoesNotMatterButItsRepeatsDo() {
        func state(_ children: [Int]) -> State {
            State(coordinators: [nav(0, children: children, stack: [scr(0), kid(1)], modals: [modal(.sheet, kid(2))]),
                                 nav(1, parent: 0, stack: [scr(0)]), nav(2, parent: 0, stack: [scr(1)])], root: C(0))
        }
        assertSame(state([1, 2, 1, 9]), state([9, 1, 2, 1]))
        assertSame(state([2, 1, 1, 9]), state([1, 9, 2, 1]))
        assertDifferent(state([1, 2, 1, 9]), state([1, 2, 9]))
        assertDifferent(state([1, 2, 1, 9]), state([1, 2, 2, 9]))
        assertDifferent(state([1, 2]), state([1, 2, 9]))
    }

    func testFinishedChildLeavesNoTraceInTheCanonicalForm() {
        let a = build(["start c0 navigation push r0", "start c0 navigation sheet r1", "finishFlow c1"])
        let b = build(["start c0 navigation sheet r1"])
        assertSame(a, b)
    }

    func testTabRebuiltBySetPagesIsTheInitialTab() {
        let a = build(["setPages c0 [p1]", "setPages c0 [p0,p1]", "select c0 p0"], model: tabModel)
        XCTAssertEqual(a[C(0)]?.tab?.pageCoordinators, [C(3), C(2)])
        assertSame(a, tabModel.initialState())
    }

    func testNestedChildrenCreatedInAnotherOrder() {
        let a = build(["start c0 tab sheet r0", "start c2 navigation push r1", "start c3 redirection sheet r0"])
        let b = build(["start c0 navigation push r0", "start c0 tab sheet r0", "finishFlow c1",
                       "start c4 redirection sheet r0", "start c3 navigation push r1"])
        assertSame(a, b)
    }

    func testRouteOfAStartedTabIsIgnored() {
        assertSame(build(["start c0 tab sheet r1"]), build(["start c0 tab sheet r0"]))
    }

    func testCanonicalizedRenumbersInHostingPreorder() {
        let s = build(["start c0 navigation sheet r1", "start c0 navigation push r0", "start c2 navigation push r1"])
        // Hosting order: stack first (c2, then its pushed c3), then modals (c1).
        let c = s.canonicalized()
        assertState(c, [nav(0, children: [1, 3], stack: [scr(0), kid(1)], modals: [modal(.sheet, kid(3))]),
                        nav(1, parent: 0, children: [2], stack: [scr(0), kid(2)]),
                        nav(2, parent: 1, initial: 1, stack: [scr(1)]),
                        nav(3, parent: 0, initial: 1, stack: [scr(1)])])
        XCTAssertEqual(c.nextID, 4)
    }

    // MARK: different states

    func testInitialRouteIsObservable() {
        let a = build(["start c0 navigation sheet r1", "setRoot c1 r0"])
        let b = build(["start c0 navigation sheet r0"])
        XCTAssertEqual(a[C(1)]?.stack, b[C(1)]?.stack)
        assertDifferent(a, b)
    }

    func testCurrentPageIsObservable() {
        assertDifferent(build(["select c0 p1"], model: tabModel), tabModel.initialState())
    }

    func testPageOrderIsObservable() {
        assertDifferent(build(["setPages c0 [p1,p0]", "select c0 p0"], model: tabModel), tabModel.initialState())
    }

    func testBadgeIsObservable() {
        let t = tabModel.initialState()
        assertDifferent(build(["setBadge c0 p1 1"], model: tabModel), t)
        assertDifferent(build(["setBadge c0 p1 1"], model: tabModel), build(["setBadge c0 p1 2"], model: tabModel))
        assertDifferent(build(["setBadge c0 p1 1"], model: tabModel), build(["setBadge c0 p0 1"], model: tabModel))
    }

    func testModalStyleIsObservable() {
        assertDifferent(build(["present c0 r1 sheet"]), build(["present c0 r1 fullScreen"]))
        assertDifferent(build(["start c0 navigation sheet r1"]), build(["start c0 navigation detents r1"]))
    }

    func testKindIsObservable() {
        assertDifferent(build(["start c0 navigation sheet r1"]), build(["start c0 redirection sheet r1"]))
    }

    func testHostingIsObservable() {
        assertDifferent(build(["start c0 navigation push r1"]), build(["start c0 navigation sheet r1"]))
        assertDifferent(build(["push c0 r1"]), build(["present c0 r1 sheet"]))
    }

    func testStackContentIsObservable() {
        assertDifferent(build(["push c0 r1"]), build(["push c0 r0"]))
        assertDifferent(build(["push c0 r1"]), navModel.initialState())
    }

    // MARK: decoding

    func testDecodingGivesTheCanonicalizedState() {
        let states = [navModel.initialState(), tabModel.initialState(),
                      build(["start c0 navigation sheet r1", "start c0 navigation push r0", "start c2 tab fullScreen r0",
                             "setBadge c3 p1 -5", "select c3 p1", "finishFlow c1"]),
                      build(["setPages c0 [p1,p0] p0", "start c2 redirection overlay r1", "present c0 r1 custom"], model: tabModel)]
        for s in states {
            let bytes = s.canonicalEncoding()
            XCTAssertEqual(State(canonicalEncoding: bytes), s.canonicalized(), "\(s)")
            XCTAssertEqual(State(canonicalEncoding: bytes)?.canonicalEncoding(), bytes)
        }
    }

    /// States whose canonical numbers are their ids are written without the walk that numbers
    /// them; the bytes must be those the walk gives. Stepped from decoded states, as exploration
    /// steps, and from states in creation order, under every fault, to depth 3.
    func testNumberingInOrderWritesWhatTheWalkWrites() {
        var inOrder = 0, walked = 0
        func check(_ s: State) {
            var fast: [UInt8] = [], general: [UInt8] = []
            let taken = s.encodeCanonical(into: &fast, numberingInOrder: true)
            XCTAssertFalse(s.encodeCanonical(into: &general, numberingInOrder: false))
            XCTAssertEqual(fast, general, "\(s)")
            if taken { inOrder += 1 } else { walked += 1 }
        }
        for preset in [Preset.small, .smallTab] {
            for fault in [nil] + Fault.allCases.map(Optional.some) {
                let model = Model(configuration: preset.configuration, fault: fault)
                var frontier = [model.initialState()], actions: [Action] = []
                for _ in 0..<3 {
                    var next: [State] = []
                    for state in frontier {
                        let decoded = State(canonicalEncoding: state.canonicalEncoding())!
                        actions.removeAll()
                        preset.domain.actions(in: state, into: &actions)
                        for action in actions {
                            let after = model.step(state, action).state
                            check(after)
                            check(model.step(decoded, action).state)
                            if after != state, preset.bounds.contains(after), next.count < 40 { next.append(after) }
                        }
                    }
                    frontier = next
                }
            }
        }
        // Numbered in order, with children listed out of order and a tab's pages.
        check(State(coordinators: [nav(0, children: [2, 1], stack: [scr(0), kid(1), kid(2)]), nav(1, parent: 0, stack: [scr(0)]),
                                   nav(2, parent: 0, stack: [scr(1)])], root: C(0)))
        check(tabModel.initialState())
        // Broken states: a dangling parent, a child listed more often than there are
        // coordinators, a dangling child entry, an unreachable coordinator, a repeated id.
        check(State(coordinators: [nav(0, children: [1], stack: [scr(0), kid(1)]), nav(1, parent: 7, stack: [scr(0)])], root: C(0)))
        check(State(coordinators: [nav(0, children: [1, 1, 1], stack: [scr(0), kid(1)]), nav(1, parent: 0, stack: [scr(0)])], root: C(0)))
        check(State(coordinators: [nav(0, children: [1], stack: [scr(0), kid(1)]), nav(1, parent: 0, stack: [scr(0), kid(2)])], root: C(0)))
        check(State(coordinators: [nav(0, stack: [scr(0)]), nav(1, parent: 0, stack: [scr(0)])], root: C(0)))
        check(State(coordinators: [nav(0, children: [1], stack: [scr(0), kid(1)]), nav(1, parent: 0, stack: [scr(0)]), nav(1, stack: [scr(1)])], root: C(0)))
        XCTAssertGreaterThan(inOrder, walked, "most successors of decoded states are numbered in order")
        XCTAssertGreaterThan(walked, 1_000)
    }

    func testGarbageDoesNotDecode() {
        let good = build(["start c0 navigation sheet r1"]).canonicalEncoding()
        XCTAssertNotNil(State(canonicalEncoding: good))
        XCTAssertNil(State(canonicalEncoding: []))
        XCTAssertNil(State(canonicalEncoding: [0xFF, 0xFF, 0xFF]))
        XCTAssertNil(State(canonicalEncoding: Array(good.dropLast())), "truncated")
        XCTAssertNil(State(canonicalEncoding: good + [0]), "trailing byte")
        var badKind = navModel.initialState().canonicalEncoding()
        badKind[3] = 9  // count, root, id, kind
        XCTAssertNil(State(canonicalEncoding: badKind), "kind 9")
    }
}
