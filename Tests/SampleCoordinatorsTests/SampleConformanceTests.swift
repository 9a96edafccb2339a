import CoordinatorModel
import NavFuzzKit
import SampleCoordinators
import XCTest

/// The sample library conforms to the model, in process and through its driver.
final class SampleConformanceTests: XCTestCase {
    func testSampleConformsInProcess() {
        // The defaults: small and small-tab explored to depth 3, 200 walks of 40 actions on each.
        let result = verifyConformance(SampleSystem())
        XCTAssertTrue(result.passed, result.failureMessage)
        XCTAssertGreaterThan(result.report.exploredStates, 4000)
        XCTAssertEqual(result.report.walks, 400)
        XCTAssertTrue(result.report.text.contains("PASS: all 16 checks held"), result.report.text)
    }
}
