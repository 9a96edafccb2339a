import CoordinatorModel
import NavFuzzTesting
import XCTest

/// The same checks under XCTest.
final class RoutesXCTests: XCTestCase {
    func testRoutesConformToTheModel() async {
        await assertConformance(RoutesSystem())
    }

    /// Every `sometimes` state a routes array can show is reached, and none it cannot is asked for.
    func testTheRunLooksOnlyWhereTheLibraryCanGo() {
        let report = verifyConformance(RoutesSystem())
        XCTAssertEqual(report.unreached, [], report.text)
        XCTAssertTrue(report.notes.contains("small-tab: skipped; the implementation offers no tab root"), report.text)
    }
}
