@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit
import XCTest

final class CoordinatorIDsTests: XCTestCase {
    private final class Node {}

    /// Ids follow first sight, stay while the object lives, never keep it alive, and are not
    /// inherited by a new object at a reused address.
    func testIdsAreFirstSeenStableAndWeak() {
        var ids = CoordinatorIDs()
        let a = Node(), b = Node()
        XCTAssertEqual(ids.id(of: b), 0)
        XCTAssertEqual(ids.id(of: a), 1)
        XCTAssertEqual(ids.id(of: b), 0)
        XCTAssertTrue(ids.object(CoordinatorID(1), as: Node.self) === a)

        weak var gone: Node?
        var seen: Set<Int> = []
        for _ in 0..<50 {
            let temporary = Node()
            gone = temporary
            seen.insert(ids.id(of: temporary))
        }
        XCTAssertNil(gone, "ids held an object")
        XCTAssertEqual(seen.count, 50, "a new object took the id of a released one")
        XCTAssertNil(ids.object(2))

        ids.removeAll()
        XCTAssertEqual(ids.id(of: a), 0)
    }

    private final class Linked { var next: [Linked] = [] }

    /// Each object once, the root first, through cycles and shared children.
    func testReachableVisitsEachObjectOnce() {
        let root = Linked(), a = Linked(), b = Linked(), unreached = Linked()
        root.next = [a, b]; a.next = [b, root]; b.next = [a]; unreached.next = [root]
        let seen = CoordinatorIDs.reachable(from: root) { $0.next }
        XCTAssertEqual(seen.count, 3)
        XCTAssertTrue(seen.first === root)
        XCTAssertFalse(seen.contains { $0 === unreached })
    }

    func testEndedCoordinatorsBecomeEvents() {
        XCTAssertEqual(Completion.ended(before: [0, 1, 2, 3], after: [0, 2], finished: [3]),
                       [Completion(CoordinatorID(1), .cancelled), Completion(CoordinatorID(3), .finished)])
        XCTAssertEqual(Completion.ended(before: [0], after: [0, 1]), [])
    }
}
