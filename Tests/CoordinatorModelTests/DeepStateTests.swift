@_spi(Engine) import CoordinatorModel
import Foundation
import XCTest

/// A state as deep as a driver cares to make (a chain of 100,000 pushed flows) is walked,
/// checked and printed without overflowing the thread's stack, and printed in linear size.
final class DeepStateTests: XCTestCase {
    static func chain(_ n: Int) -> State {
        let coordinators = (0..<n).map { i in
            Coordinator(id: CoordinatorID(i), kind: .navigation, parent: i == 0 ? nil : CoordinatorID(i - 1),
                        children: i + 1 < n ? [CoordinatorID(i + 1)] : [], initialRoute: Route(0),
                        stack: [.screen(Route(0))] + (i + 1 < n ? [.child(CoordinatorID(i + 1))] : []), modals: [], tab: nil)
        }
        return State(coordinators: coordinators, root: CoordinatorID(0))
    }

    func testADeepStateIsWalkedCheckedAndPrinted() {
        let n = 100_000
        let state = Self.chain(n)
        XCTAssertEqual(state.canonicalOrder().count, n)
        XCTAssertEqual(state.subtree(of: CoordinatorID(0)).count, n)
        XCTAssertTrue(state.isInSubtree(CoordinatorID(n - 1), of: CoordinatorID(0)))
        for invariant in Invariant.all where invariant.kind == .state {
            XCTAssertNil(invariant.violation(in: state), invariant.name)
        }
        let text = state.description
        XCTAssertEqual(text.split(separator: "\n").count, n)
        XCTAssertLessThan(text.utf8.count, 160 * n, "the printed tree grows linearly")
        XCTAssertTrue(text.contains("[depth 99999] c99999 navigation (push) stack [r0]   <- visible"), String(text.suffix(300)))
    }
}
