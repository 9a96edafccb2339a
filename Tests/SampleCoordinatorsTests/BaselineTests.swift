@_spi(Engine) import CoordinatorModel
@_spi(Engine) @testable import NavFuzzKit
import SampleCoordinators
import XCTest

/// A baseline accepts known differences, exactly those, so that they hide nothing else
/// (docs/VERIFY.md §7).
final class BaselineTests: XCTestCase {
    let options = Verifier.Options(presets: [.small], depth: 2, walks: 0, distinct: 1)

    func entries(_ text: String) throws -> Baseline { try Baseline(parsing: text, file: "known.baseline") }

    /// One failure per check hides the second bug; accepting the first shows the second, and
    /// the first is reported as expected, with its trace.
    func testAnAcceptedDifferenceNoLongerHidesAnother() throws {
        let plain = Verifier.verify(TwoBugsSystem(), options: options)
        XCTAssertEqual(plain.failures(.snapshotConforms).map { $0.trace.map(\.description) }, [["present c0 r0 fullScreen"]], plain.text)

        var accepting = options
        accepting.baseline = try entries("snapshot-conforms * trace *fullScreen*   # covers are shown as sheets\n")
        let report = Verifier.verify(TwoBugsSystem(), options: accepting)
        XCTAssertEqual(report.failures(.snapshotConforms).map { $0.trace.map(\.description) }, [["push c0 r0", "pop c0"]], report.text)
        XCTAssertEqual(report.expected.map(\.entry.trace), ["*fullScreen*"])
        XCTAssertEqual(report.expected.first?.trace.map(\.description), ["present c0 r0 fullScreen"])
        XCTAssertTrue(report.text.contains("expected (baseline line 1: snapshot-conforms * trace *fullScreen*): the state differs"), report.text)
        XCTAssertEqual(report.staleBaseline, [])
        XCTAssertNotNil(report.failure(.invariant("modal-discipline")), "an entry accepts its own check only")
    }

    /// A known failure that leaves the implementation where the model is (a wrong event on
    /// every push) no longer ends its path: the bug behind it on the same path (a pop that says
    /// its flow finished, which needs a push first), is found.
    func testASecondBugBehindABaselinedOneOnItsPathIsFound() throws {
        var deeper = Verifier.Options(presets: [.small], depth: 3, walks: 0, distinct: 1)
        deeper.positions = false
        let popBug = { (f: ConformanceFailure) in f.trace.map(\.description) == ["push c0 r0", "pop c0"] }
        let plain = Verifier.verify(BugsOnOnePath(), options: deeper)
        XCTAssertFalse(plain.failures.contains(where: popBug), "without the baseline every path ends at its first push: \(plain.text)")
        XCTAssertNotNil(plain.failure(.snapshotConforms), plain.text)

        var accepting = deeper
        accepting.baseline = try entries("""
            snapshot-conforms push reason *completed(c0, cancelled)*
            completion-exactly-once push
            """)
        let report = Verifier.verify(BugsOnOnePath(), options: accepting)
        XCTAssertTrue(report.failures.contains(where: popBug), report.text)
        XCTAssertEqual(report.expected.first?.trace.map(\.description), ["push c0 r0"], report.text)
        XCTAssertTrue(report.baselineLines.first?.contains("reason *completed(c0, cancelled)*") == true, report.text)
    }

    /// An entry scoped by its reason matches that failure only: another failure of the same
    /// check at the same action kind is still reported.
    func testAnEntryScopedByItsReasonMatchesThatFailureOnly() throws {
        var accepting = options
        accepting.baseline = try entries("snapshot-conforms * reason *events*\n")
        let report = Verifier.verify(TwoBugsSystem(), options: accepting)
        XCTAssertEqual(report.failures(.snapshotConforms).map { $0.trace.map(\.description) }, [["present c0 r0 fullScreen"]], report.text)
        XCTAssertThrowsError(try entries("snapshot-conforms * reason\n"))
        XCTAssertThrowsError(try entries("snapshot-conforms * because x\n"))
        XCTAssertEqual(try entries("no-crash push trace *; push c0 r1 reason *Fatal*\n").entries.first?.description,
                       "no-crash push trace *; push c0 r1 reason *Fatal*")
    }

    /// Everything accepted: nothing fails, and the run says what it accepted.
    func testEveryDifferenceAcceptedLeavesNoFailure() throws {
        var accepting = options
        accepting.baseline = try entries("""
            snapshot-conforms pop
            refusal-changes-nothing pop
            snapshot-conforms * trace *fullScreen*
            modal-discipline *
            """)
        let report = Verifier.verify(TwoBugsSystem(), options: accepting)
        XCTAssertEqual(report.failures.map(\.check), [], report.text)
        XCTAssertEqual(report.expected.count, 4, report.text)
    }

    /// A trace pattern narrows an entry to the traces it matches: here the full-screen bug only.
    func testATracePatternAcceptsOnlyWhatItMatches() throws {
        var accepting = options
        accepting.baseline = try entries("snapshot-conforms * trace *fullScreen*")
        let report = Verifier.verify(TwoBugsSystem(), options: accepting)
        XCTAssertEqual(report.failures(.snapshotConforms).map { $0.trace.map(\.description) }, [["push c0 r0", "pop c0"]], report.text)
        XCTAssertEqual(report.expected.map { $0.trace.map(\.description) }, [["present c0 r0 fullScreen"]])
    }

    /// An entry that no longer occurs is named, and does not fail the run; a run that did not
    /// look everywhere says nothing about staleness.
    func testAnEntryThatNoLongerOccursIsNamed() throws {
        var accepting = options
        accepting.walks = 10
        accepting.baseline = try entries("\n# fixed in 2.1\nno-leak finishFlow\n")
        let report = Verifier.verify(SampleSystem(), options: accepting)
        XCTAssertEqual(report.failures.map(\.check), [], report.text)
        XCTAssertEqual(report.staleBaseline.map(\.description), ["no-leak finishFlow"])
        XCTAssertTrue(report.text.contains("baseline line 3: 'no-leak finishFlow' no longer occurs; remove it"), report.text)

        accepting.shard = (0, 2)
        XCTAssertEqual(Verifier.verify(SampleSystem(), options: accepting).staleBaseline, [])
        accepting.shard = (0, 1)
        accepting.walks = 0
        XCTAssertEqual(Verifier.verify(SampleSystem(), options: accepting).staleBaseline, [], "a run without walks did not look everywhere")
    }

    func testGlobs() {
        func glob(_ p: String, _ s: String) -> Bool { Baseline.glob(Array(p.utf8), matches: Array(s.utf8)) }
        XCTAssertTrue(glob("*", ""))
        XCTAssertTrue(glob("push c0 r1; *", "push c0 r1; pop c0"))
        XCTAssertTrue(glob("*pop*", "push c0 r1; pop c0"))
        XCTAssertFalse(glob("pop*", "push c0 r1; pop c0"))
        XCTAssertFalse(glob("*r1", "push c0 r1; pop c0"))
        XCTAssertTrue(glob("a*b*c", "aXbYbZc"))
        XCTAssertFalse(glob(String(repeating: "*a", count: 30) + "b", String(repeating: "a", count: 60)))
    }

    /// Each way a line can be wrong names the file, the line and what is wrong.
    func testBadLinesAreNamed() {
        let cases = [
            ("no-such-check pop", "known.baseline:1: no check named 'no-such-check' (checks: "),
            ("\nsnapshot-conforms shove", "known.baseline:2: no action kind named 'shove' (push, pop, … or *)"),
            ("no-leak pop after x", "known.baseline:1: expected 'trace PATTERN' or 'reason PATTERN' after the action kind, found 'after'"),
            ("no-leak pop trace", "known.baseline:1: expected a pattern after 'trace'"),
            ("no-leak pop trace x reason", "known.baseline:1: expected a pattern after 'reason'"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try Baseline(parsing: text, file: "known.baseline")) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(error)")
            }
        }
        XCTAssertEqual(try Baseline(parsing: "no-leak * trace push c0 r1; *\r\n", file: "x").text, "no-leak * trace push c0 r1; *\n")
    }

    /// An entry built in code with a check that does not exist stops verification.
    func testAnUnknownCheckInCodeIsAnError() {
        var accepting = options
        accepting.baseline = Baseline([Baseline.Entry(check: .invariant("snapshot-conform"))])
        let report = Verifier.verify(SampleSystem(), options: accepting)
        XCTAssertEqual(report.exitCode, 2)
        XCTAssertTrue(report.error?.contains("no check named 'snapshot-conform'") == true, report.text)
    }
}

/// Two bugs on one path: every push reports a completion that did not happen, and every pop
/// says its flow finished (the state is right both times).
private final class BugsOnOnePath: NavigationSystem {
    let inner = SampleSystem()
    var capabilities: Capabilities { inner.capabilities }
    func reset(configuration: Configuration) { inner.reset(configuration: configuration) }
    func observedState() -> State { inner.observedState() }

    func apply(_ action: Action) -> SystemStep {
        var step = inner.apply(action)
        if case .push = action, step.outcome == .applied { step.events.append(Completion(CoordinatorID(0), .cancelled)) }
        if case .pop = action, step.outcome == .applied { step.events.append(Completion(CoordinatorID(0), .finished)) }
        return step
    }
}
