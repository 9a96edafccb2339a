import SUIStyleAdapter
import NavFuzzKit
import NavFuzzTesting
import XCTest

// docs/VERIFY.md §3 quotes this file.

final class NavigationConformanceTests: XCTestCase {
    func testCoordinatorsConformToTheModel() async {
        await assertConformance(SUICoordinatorSystem(), options: Verifier.Options(depth: 2))
    }

    func testNoOrphanChildrenAfterUserSwipeDismiss() async {
        await assertConformance(SUICoordinatorSystem(), options: .replaying([
            "start c0 navigation sheet r0",
            "userSwipeDismiss",
        ]))
    }
}
