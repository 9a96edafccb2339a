@_spi(Engine) import NavFuzzKit
import Foundation
import NavFuzzTesting
import SampleCoordinators
import Testing
import XCTest

/// The helpers with a synchronous adapter, the sample library's: a bug is recorded at the
/// caller's line under both frameworks, and a correct library records nothing.
@Suite struct SynchronousAdapterHelperTests {
    @Test func aMutantIsRecordedAtTheCallersLine() async {
        let line = #line + 2
        await withKnownIssue {
            await expectConformance(SampleSystem(mutant: .swipeLeavesChild), options: Verifier.Options(depth: 2, walks: 20))
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.map(\.rawValue).joined().contains("no-orphan-children")
        }
    }

    @Test func theSampleConforms() async {
        let result = await expectConformance(SampleSystem(), options: Verifier.Options(depth: 2, walks: 20))
        #expect(result?.passed == true)
    }
}

final class SynchronousAdapterXCTestHelperTests: XCTestCase {
    private var caught: [Int]?
    private var messages: [String] = []

    #if os(Linux)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if caught != nil, description.contains("no-orphan-children") { caught!.append(lineNumber); messages.append(description) } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #else
    override func record(_ issue: XCTIssue) {
        if caught != nil, issue.compactDescription.contains("no-orphan-children") {
            caught!.append(issue.sourceCodeContext.location?.lineNumber ?? 0)
            messages.append(issue.compactDescription)
        } else {
            super.record(issue)
        }
    }
    #endif

    func testAMutantIsRecordedAtTheCallersLine() async {
        caught = []
        let line = #line + 1
        await assertConformance(SampleSystem(mutant: .swipeLeavesChild), options: Verifier.Options(depth: 2, walks: 20))
        let lines = caught!
        caught = nil
        XCTAssertFalse(lines.isEmpty)
        XCTAssertEqual(Set(lines), [line])
    }

    /// `expectConformance` in an XCTest test: Swift Testing would drop its issues there, so
    /// XCTest records them, each naming the caller's line.
    func testExpectConformanceInAnXCTestTestFailsIt() async {
        caught = []
        messages = []
        let line = #line + 1
        await expectConformance(SampleSystem(mutant: .swipeLeavesChild), options: Verifier.Options(depth: 2, walks: 20))
        let found = messages
        caught = nil
        XCTAssertFalse(found.isEmpty, "the failure was recorded")
        XCTAssertTrue(found.allSatisfy { $0.contains("TestingHelperTests.swift:\(line): ") }, "\(found)")
        XCTAssertTrue(found.allSatisfy { $0.contains("assertConformance") }, "the regression test printed for XCTest")
    }
}

/// The helpers print a run's notes and what it skipped, on a pass as on a failure: a run that
/// checked less than one thinks never looks like any other.
final class HelperNotesTests: XCTestCase {
    /// What `body` writes to standard output.
    private func standardOutput(_ body: () async -> Void) async throws -> String {
        let path = NSTemporaryDirectory() + "navfuzz-out-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        fflush(nil)
        let saved = dup(1)
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        dup2(file, 1)
        close(file)
        await body()
        fflush(nil)
        dup2(saved, 1)
        close(saved)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    func testAPassingRunThroughADriverPrintsItsNotesAndWhatItSkipped() async throws {
        guard let driver = DriverTests.sampleDriver else { throw XCTSkip("SampleDriver is not built next to the tests") }
        var result: VerificationReport?
        let line = #line + 2
        let out = try await standardOutput {
            result = await assertConformance(driver: .command("'\(driver)' --top-layer-push"), options: Verifier.Options(depth: 2, walks: 10))
        }
        XCTAssertEqual(result?.passed, true, result?.failureMessage ?? "")
        XCTAssertTrue(out.contains("NavFuzz (TestingHelperTests.swift:\(line)): note: not offered where the implementation said so"), out)
        // A synchronous adapter's calls never overlap: its driver says so, and nothing is skipped.
        XCTAssertFalse(out.contains("SKIPPED"), out)

        // A driver that does not say whether its calls overlap has the phase skipped, and printed.
        let skippedLine = #line + 2
        let skipped = try await standardOutput {
            result = await assertConformance(driver: .command("exec python3 '\(PythonDriverTests.driver)'"), options: Verifier.Options(depth: 1, walks: 5))
        }
        XCTAssertEqual(result?.passed, true, result?.failureMessage ?? "")
        XCTAssertTrue(skipped.contains("NavFuzz (TestingHelperTests.swift:\(skippedLine)): SKIPPED overlapping-calls: not run: the driver's handshake does not say"), skipped)
    }
}
