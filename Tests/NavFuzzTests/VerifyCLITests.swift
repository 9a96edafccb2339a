import Foundation
import NavFuzzKit
import XCTest

/// End-to-end: `NavFuzz verify` against the sample library's driver.
final class VerifyCLITests: XCTestCase {
    var driver: String { CLI.products.appendingPathComponent("SampleDriver").path }

    func testTheSampleConformsAndAMutantIsCaughtThroughTheCorpus() throws {
        let dir = try CLI.temporaryDirectory()
        let ok = try CLI.run(["verify", "--driver", driver, "--corpus", "Corpus", "--depth", "2", "--walks", "20",
                              "--junit", dir.appendingPathComponent("ok.xml").path])
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertTrue(ok.stdout.contains("all 16 checks hold"), ok.stdout)

        let report = dir.appendingPathComponent("mutant.xml").path
        let bad = try CLI.run(["verify", "--driver", "\(driver) --mutant back-leaves-child", "--corpus", "Corpus",
                               "--depth", "0", "--walks", "0", "--junit", report])
        XCTAssertEqual(bad.status, 1, bad.stdout + bad.stderr)
        let suite = try XCTUnwrap(JUnitReader.read(path: report).suites.first)
        let failed = Set(suite.cases.filter { $0.outcome.isFailed }.map(\.name))
        XCTAssertTrue(failed.contains("no-orphan-children"), "\(failed)")
        XCTAssertEqual(suite.tests, 16)
    }

    func testADriverThatCannotStartIsBadInput() throws {
        let r = try CLI.run(["verify", "--driver", "/nonexistent/driver", "--junit",
                             try CLI.temporaryDirectory().appendingPathComponent("r.xml").path])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("NavFuzz: error: the driver '/nonexistent/driver' could not be verified"), r.stderr)
    }
}
