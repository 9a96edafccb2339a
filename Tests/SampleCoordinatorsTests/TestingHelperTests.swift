@_spi(Engine) import NavFuzzKit
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

    #if os(Linux)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if caught != nil, description.contains("no-orphan-children") { caught!.append(lineNumber) } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #else
    override func record(_ issue: XCTIssue) {
        if caught != nil, issue.compactDescription.contains("no-orphan-children") {
            caught!.append(issue.sourceCodeContext.location?.lineNumber ?? 0)
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
}
