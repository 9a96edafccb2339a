import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// Each position class of docs/SEMANTICS.md §5.4, and a state with every other position that
/// must not say it.
final class PositionTests: XCTestCase {
    func positions(_ texts: [String], _ call: String, model: Model = navModel) -> [Position] {
        Position.of(act(call), in: build(texts, model: model))
    }

    func testChildrenOnAStack() {
        let three = Array(repeating: "start c0 navigation push r1", count: 3)
        XCTAssertEqual(positions(["start c0 navigation push r1"], "finishFlow c1"), [.onlyChild])
        XCTAssertEqual(positions(three, "finishFlow c1"), [.firstChild])
        XCTAssertEqual(positions(three, "finishFlow c2"), [.middleChild])
        XCTAssertEqual(positions(three, "pop c3"), [.lastChild])
        XCTAssertEqual(positions(["start c0 navigation push r1", "push c0 r1"], "finishFlow c1"), [.onlyChild, .underScreens])
        XCTAssertEqual(positions(["push c0 r1", "start c0 navigation push r1"], "restart c1"), [.onlyChild, .overScreens])
        XCTAssertEqual(positions(["start c0 navigation push r1"], "push c0 r1"), [], "the root is hosted nowhere")
    }

    func testModalLevels() {
        let three = Array(repeating: "start c0 navigation sheet r1", count: 3)
        XCTAssertEqual(positions(["start c0 navigation sheet r1"], "finishFlow c1"), [.onlyModal])
        XCTAssertEqual(positions(three, "finishFlow c1"), [.lowestModal])
        XCTAssertEqual(positions(three, "dismiss c2"), [.middleModal])
        XCTAssertEqual(positions(three, "finishFlow c3"), [.topModal])
    }

    func testPagesAndEntries() {
        XCTAssertEqual(positions([], "push c1 r1", model: tabModel), [.currentPage])
        XCTAssertEqual(positions([], "push c2 r1", model: tabModel), [.otherPage])
        XCTAssertEqual(positions([], "select c0 p1", model: tabModel), [.otherPage])
        XCTAssertEqual(positions(["select c0 p1"], "setBadge c0 p1 1", model: tabModel), [.currentPage])
        XCTAssertEqual(positions(["push c0 r1"], "popTo c0 r1"), [.onlyEntry])
        XCTAssertEqual(positions(["push c0 r1", "push c0 r1"], "popTo c0 r1"), [.repeatedEntry])
        XCTAssertEqual(positions(["push c0 r1"], "popTo c0 r0"), [.onlyEntry])
        XCTAssertEqual(Position.of(.multiple(C(1), [.push(C(1), R(1))]), in: build(["start c0 navigation push r1"])), [])
    }
}
