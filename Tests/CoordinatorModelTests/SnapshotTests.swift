import Foundation
import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// The JSON snapshot of a state: round trip, and errors that name the malformed field.
final class SnapshotTests: XCTestCase {

    let rich = build(["push c0 r1", "start c0 navigation push r1", "start c0 tab fullScreen r0", "setBadge c2 p1 -4",
                      "select c2 p1", "start c4 redirection sheet r1", "present c1 r0 detents"])

    func roundTrip(_ s: Snapshot) throws -> Snapshot {
        try JSONDecoder().decode(Snapshot.self, from: try JSONEncoder().encode(s))
    }

    func testJSONRoundTrip() throws {
        for state in [navModel.initialState(), tabModel.initialState(), rich] {
            let snap = Snapshot(state)
            XCTAssertEqual(try roundTrip(snap), snap)
        }
    }

    func testSnapshotStateIsTheState() throws {
        for state in [navModel.initialState(), tabModel.initialState(), rich] {
            XCTAssertEqual(try Snapshot(state).state(), state, "\(state)")
            XCTAssertEqual(try roundTrip(Snapshot(state)).state(), state)
        }
    }

    func testSnapshotOfStateWithEndedCoordinatorsKeepsTheStructure() throws {
        let s = build(["start c0 navigation sheet r0", "start c0 navigation sheet r1", "dismiss c0"])
        let back = try Snapshot(s).state()
        XCTAssertEqual(back.coordinators, s.coordinators)
        XCTAssertEqual(back.root, s.root)
        XCTAssertTrue(back.isSameState(as: s))
    }

    func testSnapshotFields() {
        let snap = Snapshot(rich)
        XCTAssertEqual(snap.root, 0)
        XCTAssertEqual(snap.coordinators.map(\.id), [0, 1, 2, 3, 4, 5])
        let c0 = snap.coordinators[0]
        XCTAssertEqual(c0.kind, "navigation")
        XCTAssertNil(c0.parent)
        XCTAssertEqual(c0.stack, ["r0", "r1", "c1"])
        XCTAssertEqual(c0.modals, [Snapshot.ModalNode(style: "fullScreen", entry: "c2")])
        XCTAssertEqual(snap.coordinators[1].initialRoute, "r1")
        XCTAssertEqual(snap.coordinators[1].modals, [Snapshot.ModalNode(style: "detents", entry: "r0")])
        let t = snap.coordinators[2]
        XCTAssertEqual(t.kind, "tab")
        XCTAssertNil(t.initialRoute)
        XCTAssertEqual(t.stack, [])
        XCTAssertEqual(t.tab, Snapshot.TabNode(pages: ["p0", "p1"], current: "p1", badges: ["p1": -4], pageCoordinators: [3, 4]))
        XCTAssertEqual(snap.coordinators[5].kind, "redirection")
        XCTAssertEqual(snap.coordinators[5].parent, 4)
    }

    func testDecodesHandWrittenJSON() throws {
        let json = """
            {"root": 0, "coordinators": [
              {"id": 0, "kind": "navigation", "children": [1], "initialRoute": "r0",
               "stack": ["r0"], "modals": [{"style": "sheet", "entry": "c1"}]},
              {"id": 1, "kind": "navigation", "parent": 0, "children": [], "initialRoute": "r1",
               "stack": ["r1"], "modals": []}]}
            """
        let snap = try JSONDecoder().decode(Snapshot.self, from: Data(json.utf8))
        XCTAssertEqual(try snap.state(), build(["start c0 navigation sheet r1"]))
    }

    // MARK: malformed fields

    func assertError(_ mutate: (inout Snapshot) -> Void, names field: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        var snap = Snapshot(rich)
        mutate(&snap)
        XCTAssertThrowsError(try snap.state(), file: file, line: line) { error in
            guard let e = error as? SnapshotError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertTrue(e.description.hasPrefix(field + ":"), "\(e.description) should name \(field)", file: file, line: line)
        }
    }

    func testBadStackEntry() { assertError({ $0.coordinators[0].stack[1] = "x1" }, names: "coordinators[0].stack[1]") }
    func testBadKind() { assertError({ $0.coordinators[1].kind = "window" }, names: "coordinators[1].kind") }
    func testBadInitialRoute() { assertError({ $0.coordinators[1].initialRoute = "r" }, names: "coordinators[1].initialRoute") }
    func testBadModalStyle() { assertError({ $0.coordinators[0].modals[0].style = "popover" }, names: "coordinators[0].modals[0].style") }
    func testBadModalEntry() { assertError({ $0.coordinators[1].modals[0].entry = "q" }, names: "coordinators[1].modals[0].entry") }
    func testBadPage() { assertError({ $0.coordinators[2].tab?.pages[1] = "page1" }, names: "coordinators[2].tab.pages[1]") }
    func testBadCurrentPage() { assertError({ $0.coordinators[2].tab?.current = "r0" }, names: "coordinators[2].tab.current") }
    func testBadBadgePage() { assertError({ $0.coordinators[2].tab?.badges = ["x": 1] }, names: "coordinators[2].tab.badges") }
    func testRouteOutOfRange() { assertError({ $0.coordinators[0].stack[0] = "r300" }, names: "coordinators[0].stack[0]") }

    func testMissingFieldFailsToDecode() {
        let json = #"{"root": 0, "coordinators": [{"id": 0, "kind": "navigation", "children": []}]}"#
        XCTAssertThrowsError(try JSONDecoder().decode(Snapshot.self, from: Data(json.utf8)))
    }
}
