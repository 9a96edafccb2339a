import AppNavFuzz
import NavFuzzTesting
import XCTest

final class AppConformanceTests: XCTestCase {
    func testConformsInProcess() async {
        await assertConformance(TemplateAdapter(makeFlow: { ScreenFlow() }))
    }

    func testConformsInAChildProcess() async {
        await assertConformance(TemplateAdapter(makeFlow: { ScreenFlow() }), options: Verifier.Options(runIn: .childProcess))
    }
}
