import SUIStyleAdapter
import Foundation
import NavFuzzKit
import NavFuzzTesting
import SUIStyleCoordinators
import XCTest

/// The XCTest helper records each failure at the caller's line; these tests catch the
/// failures instead of failing, and check them.
final class XCTestHelperFailureTests: XCTestCase {
    private var caught: [(message: String, line: Int)]?

    #if os(Linux)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if caught != nil { caught!.append((description, lineNumber)) } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #else
    override func record(_ issue: XCTIssue) {
        if caught != nil { caught!.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0)) } else {
            super.record(issue)
        }
    }
    #endif

    private func catching(_ body: () async -> Void) async -> [(message: String, line: Int)] {
        caught = []
        await body()
        defer { caught = nil }
        return caught!
    }

    func testAFailureIsRecordedAtTheCallersLine() async {
        let line = #line + 2
        let failures = await catching {
            await assertConformance(SUICoordinatorSystem(faults: [.swipeKeepsChild]), options: SwiftTestingHelperFailures.quick)
        }
        XCTAssertFalse(failures.isEmpty)
        XCTAssertEqual(Set(failures.map(\.line)), [line])
        let text = failures.map(\.message).joined()
        XCTAssertTrue(text.contains("no-orphan-children"), text)
        XCTAssertTrue(text.contains("difference (canonical ids"), text)
        XCTAssertTrue(text.contains(HelperTexts.pastedXCTest), text)
    }

    func testAPastedRegressionTestFailsWhileTheBugIsThere() async {
        let failures = await catching {
            await assertConformance(SUICoordinatorSystem(faults: [.swipeKeepsChild]), options: .replaying([
                "start c0 navigation sheet r0",
                "userSwipeDismiss",
            ]))
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.contains("no-orphan-children") == true, "\(failures)")
    }

    func testATrapInTheLibraryIsANoCrashCounterexample() async {
        var result: VerificationReport?
        let failures = await catching {
            result = await assertConformance(SUICoordinatorSystem(faults: [.trapsOnNestedSheet]),
                                             options: SwiftTestingHelperFailures.firstCrash)
        }
        let text = failures.map(\.message).joined()
        XCTAssertTrue(text.contains("no-crash"), text)
        XCTAssertTrue(text.contains("only one sheet can be presented at a time"), text)
        XCTAssertNotNil(result?.failure(.noCrash))
    }

    /// The overlap phase (docs/VERIFY.md §2.4) finds the `pop` that writes the path it read
    /// before its animation, with the shortest interleaving and a pasted test that replays it.
    func testOverlappingCallsAreRecordedWithTheirInterleaving() async {
        let line = #line + 2
        let failures = await catching {
            await assertConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]), options: Verifier.Options(depth: 2))
        }
        XCTAssertEqual(Set(failures.map(\.line)), [line])
        let text = failures.map(\.message).joined()
        // A double tap of `pop`: both read the path before the other's animation ended.
        XCTAssertTrue(text.contains("overlapping calls after push c0 r0:\n    [1] pop c0 started\n    [1] pop c0 suspended at sleep\n    [2] pop c0 started"), text)
        XCTAssertTrue(text.contains("    \"push c0 r0\",\n    ], overlapping: \"pop c0 | pop c0 | start 2, resume 2, resume 1\"))"), text)
    }

    /// A flow that a back swipe ends during the animation that shows it, kept alive by its
    /// completion: `no-leak` after the overlapping calls, with the test that replays them.
    func testAFlowKeptAliveAfterOverlappingCallsFailsNoLeak() async {
        let failures = await catching {
            await assertConformance(SUICoordinatorSystem(faults: LeaksAfterOverlappingCalls.faults), options: LeaksAfterOverlappingCalls.options)
        }
        let text = failures.map(\.message).joined()
        XCTAssertTrue(text.contains("FAIL no-leak: " + KeptFlow.reason), text)
        XCTAssertTrue(text.contains("overlapping calls after the initial state:\n    " + KeptFlow.lines.joined(separator: "\n    ")), text)
        XCTAssertTrue(text.contains("func testNoLeakAfterStart() async {"), text)
        XCTAssertTrue(text.contains(".replaying([], overlapping: \"\(KeptFlow.replay)\""), text)
        let sequential = await catching {
            await assertConformance(SUICoordinatorSystem(faults: LeaksAfterOverlappingCalls.faults), options: Verifier.Options(depth: 2, overlapDepth: -1))
        }
        XCTAssertTrue(sequential.isEmpty, "\(sequential)")
    }

    /// A flow swiped down and kept alive by the library: the default run fails `no-leak`,
    /// with the shortest trace, and nothing found is dropped as a note.
    func testAFlowKeptAliveAfterASwipeDownFailsNoLeakByDefault() async {
        var result: VerificationReport?
        let failures = await catching {
            result = await assertConformance(SUICoordinatorSystem(faults: [.swipeRetainsFlow]))
        }
        let text = failures.map(\.message).joined()
        XCTAssertTrue(text.contains("FAIL no-leak: c1 ended but its object is still alive after 'userSwipeDismiss'"), text)
        XCTAssertEqual(result?.failure(.noLeak)?.trace.map(\.description), ["start c0 navigation sheet r0", "userSwipeDismiss"])
        XCTAssertEqual(result?.failures.allSatisfy { $0.check == .noLeak }, true, text)
        XCTAssertEqual(result?.notes, [], text)
    }

    func testTheFixedLibraryPassesWithOverlaps() async {
        let failures = await catching {
            await assertConformance(SUICoordinatorSystem(), options: OverlappingCalls.overlapsOnly)
        }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
    }
}
