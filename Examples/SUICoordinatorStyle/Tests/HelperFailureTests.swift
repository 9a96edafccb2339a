import SUIStyleAdapter
import Foundation
import NavFuzzKit
import NavFuzzTesting
import SUIStyleCoordinators
import Testing

/// The helpers catch what they are for: the library built with a bug fails, at the caller's
/// line, with the trace, both trees, the difference and a regression test to paste.
@Suite struct SwiftTestingHelperFailures {
    static let quick = Verifier.Options(depth: 2, walks: 20)
    /// Every trap restarts the child process: stop at the first.
    static let firstCrash = Verifier.Options(depth: 2, walks: 20, stopAtFirstFailure: true, runIn: .childProcess)

    @Test func aFailureIsRecordedAtTheCallersLine() async {
        let line = #line + 2
        await withKnownIssue {
            await expectConformance(SUICoordinatorSystem(faults: [.swipeKeepsChild]), options: Self.quick)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
                && text.contains("no-orphan-children") && text.contains("difference (canonical ids")
                && text.contains("model: applied") && text.contains("implementation, its own ids")
                && text.contains(HelperTexts.pastedSwiftTesting)
        }
    }

    /// A flow swiped down and kept alive by the library: the default run fails `no-leak`,
    /// with the shortest trace, and nothing found is dropped as a note.
    @Test func aFlowKeptAliveAfterASwipeDownFailsNoLeakByDefault() async {
        var result: VerificationReport?
        await withKnownIssue {
            result = await expectConformance(SUICoordinatorSystem(faults: [.swipeRetainsFlow]))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("FAIL no-leak: ")
        }
        #expect(result?.failure(.noLeak)?.trace.map(\.description) == ["start c0 navigation sheet r0", "userSwipeDismiss"])
        #expect(result?.failure(.noLeak)?.reason == "c1 ended but its object is still alive after 'userSwipeDismiss'")
        #expect(result?.failures.allSatisfy { $0.check == .noLeak } == true, "\(result?.failureMessage ?? "")")
        #expect(result?.notes == [], "\(result?.notes ?? [])")
    }

    @Test func aPastedRegressionTestFailsWhileTheBugIsThere() async {
        let line = #line + 2
        await withKnownIssue {
            await expectConformance(SUICoordinatorSystem(faults: [.swipeKeepsChild]), options: .replaying([
                "start c0 navigation sheet r0",
                "userSwipeDismiss",
            ]))
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.map(\.rawValue).joined().contains("no-orphan-children")
        }
    }

    @Test func aTrapInTheLibraryIsANoCrashCounterexample() async {
        var result: VerificationReport?
        await withKnownIssue {
            result = await expectConformance(SUICoordinatorSystem(faults: [.trapsOnNestedSheet]), options: Self.firstCrash)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("no-crash") && text.contains("only one sheet can be presented at a time")
        }
        // The suite goes on, with the counterexample in hand.
        let crash = result?.failure(.noCrash)
        #expect(crash != nil)
        #expect(crash.map { $0.trace.count <= 3 } == true, "\(crash?.trace ?? [])")
    }

    @Test func aReplayWithABadActionSaysWhich() async {
        await withKnownIssue {
            await expectConformance(SUICoordinatorSystem(), options: .replaying(["push c0 r0", "jump c0"]))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("replaying: action 2 'jump c0' is not an action")
        }
    }
}

enum HelperTexts {
    /// What a failure of the `swipeKeepsChild` library prints for Swift Testing.
    static let pastedSwiftTesting = """
        @Test func noOrphanChildrenAfterUserSwipeDismiss() async {
            await expectConformance(SUICoordinatorSystem(faults: [.swipeKeepsChild]), options: .replaying([
                "start c0 navigation sheet r0",
                "userSwipeDismiss",
            ]))
        }
        """

    static let pastedXCTest = """
        func testNoOrphanChildrenAfterUserSwipeDismiss() async {
            await assertConformance(SUICoordinatorSystem(faults: [.swipeKeepsChild]), options: .replaying([
                "start c0 navigation sheet r0",
                "userSwipeDismiss",
            ]))
        }
        """
}
