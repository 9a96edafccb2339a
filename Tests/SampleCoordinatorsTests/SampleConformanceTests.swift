@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// The sample library conforms to the model, in process and through its driver.
final class SampleConformanceTests: XCTestCase {
    func testSampleConformsInProcess() {
        // The defaults: swarm walks on both root kinds, small and small-tab explored to depth 3.
        let result = verifyConformance(SampleSystem())
        XCTAssertTrue(result.passed, result.failureMessage)
        XCTAssertGreaterThan(result.exploredStates, 4000)
        XCTAssertEqual(result.walks, 2 * Verifier.Options().walks)
        XCTAssertTrue(result.text.contains("PASS: all 17 checks held"), result.text)
    }
}
