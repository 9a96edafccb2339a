import Foundation
import NavFuzzJUnit
import XCTest

/// `NavFuzz validate`: recordings of an app's navigation, written here by hand in the format
/// docs/VALIDATE.md gives, checked against the model as a CI job runs it.
final class ValidateCLITests: XCTestCase {
    static let header = #"{"navfuzz-recording":1,"configuration":{"routes":2,"pages":2,"initialPages":["p0","p1"],"root":"navigation"}}"#
    static let sheet = #"{"n":1,"action":"start c0 navigation sheet r0","outcome":"applied","events":[]}"#
    /// The swipe down ends the sheet's flow, which the app reports.
    static let good = [header, sheet, #"{"n":2,"action":"userSwipeDismiss","outcome":"applied","events":[{"coordinator":1,"result":"cancelled"}]}"#]
    /// The app's library says nothing of the flow the swipe ended.
    static let silent = [header, sheet, #"{"n":2,"action":"userSwipeDismiss","outcome":"applied","events":[]}"#]

    func write(_ lines: [String], _ name: String, in dir: URL, newline: Bool = true) throws {
        let file = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + (newline ? "\n" : "")).write(to: file, atomically: true, encoding: .utf8)
    }

    func testEachRecordingIsACaseAndADivergenceFailsTheRun() throws {
        let dir = try CLI.temporaryDirectory()
        try write(Self.good, "recordings/good.jsonl", in: dir)
        let passing = try CLI.run(["validate", "recordings", "--junit", "report.xml"], in: dir)
        XCTAssertEqual(passing.status, 0, passing.stdout + passing.stderr)
        XCTAssertTrue(passing.stdout.contains("validate: 1 recording, 2 events checked"), passing.stdout)

        try write(Self.silent, "recordings/ui-tests/silent.jsonl", in: dir)
        let failing = try CLI.run(["validate", "recordings", "--junit", "report.xml"], in: dir)
        XCTAssertEqual(failing.status, 1, failing.stdout + failing.stderr)
        let suite = try XCTUnwrap(JUnitReader.read(path: dir.appendingPathComponent("report.xml").path).suites.first)
        XCTAssertEqual(suite.name, "validate")
        XCTAssertEqual(suite.cases.map(\.name), ["recordings/good.jsonl", "recordings/ui-tests/silent.jsonl"])
        XCTAssertFalse(suite.cases[0].outcome.isFailed)
        guard case .failure(let message, _, let text) = suite.cases[1].outcome else { return XCTFail("\(suite.cases[1].outcome)") }
        XCTAssertEqual(message, "snapshot-conforms: the model's events are completed(c1, cancelled), the implementation's none (line 3)")
        // The shortest model trace, as a regression test to run against the user's adapter.
        XCTAssertTrue(text.contains(#"await expectConformance(MyAdapter(), options: .replaying(["#), text)
        XCTAssertTrue(failing.stdout.contains("found by the recording recordings/ui-tests/silent.jsonl, line 3"), failing.stdout)
    }

    func testARecordingThatCannotBeReadIsAnErrorAfterTheOthersAreChecked() throws {
        let dir = try CLI.temporaryDirectory()
        try write(Self.good, "good.jsonl", in: dir)
        try write(Self.silent, "silent.jsonl", in: dir)
        try write([Self.header, #"{"n":1,"action":"push c0 r1","outc"#], "cut.jsonl", in: dir, newline: false)
        try "stale".write(to: dir.appendingPathComponent("report.xml"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["validate", "good.jsonl", "cut.jsonl", "silent.jsonl", "--junit", "report.xml"], in: dir)
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        let lines = run.stderr.split(separator: "\n")
        XCTAssertEqual(lines.last, "NavFuzz: error: cut.jsonl:2: the recording ends in the middle of a line (cut short while it was written?)",
                       run.stderr)
        XCTAssertFalse(run.stderr.contains("Fatal error") || run.stderr.contains("backtrace"), run.stderr)
        // Every recording is reported, the stale report replaced: the one that cannot be read
        // is an error, not a pass, and the divergence after it is still found.
        let suite = try XCTUnwrap(JUnitReader.read(path: dir.appendingPathComponent("report.xml").path).suites.first)
        XCTAssertEqual(suite.cases.map(\.name), ["good.jsonl", "cut.jsonl", "silent.jsonl"])
        XCTAssertEqual(suite.cases.map(\.outcome.isFailed), [false, true, true])
        guard case .error = suite.cases[1].outcome else { return XCTFail("\(suite.cases[1].outcome)") }
    }

    func testPathsThatNameNoRecordingStopTheRunBeforeItStarts() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        for (args, expected) in [(["validate"], "NavFuzz: error: 'validate' needs a recording or a directory of recordings (for example NavFuzz validate Recordings)"),
                                 (["validate", "missing.jsonl"], "NavFuzz: error: missing.jsonl: no such file or directory (see docs/VALIDATE.md)"),
                                 (["validate", "empty"], "NavFuzz: error: empty: no recordings (.jsonl files) under it (see docs/VALIDATE.md)")] {
            let run = try CLI.run(args + ["--junit", "report.xml"], in: dir)
            XCTAssertEqual(run.status, 2, "\(args)")
            XCTAssertEqual(run.stderr.split(separator: "\n").first.map(String.init), expected, run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("report.xml").path))
        }
    }

    func testAProjectFileNamesItsRecordings() throws {
        let dir = try CLI.temporaryDirectory()
        try write(Self.good, "UITestRecordings/a.jsonl", in: dir)
        try #"{ "navfuzz": 1, "recordings": "UITestRecordings", "junit": "report.xml" }"#
            .write(to: dir.appendingPathComponent("navfuzz.json"), atomically: true, encoding: .utf8)
        let passing = try CLI.run([], in: dir)
        XCTAssertEqual(passing.status, 0, passing.stdout + passing.stderr)
        XCTAssertTrue(passing.stdout.contains("validating 1 recordings"), passing.stdout)
        try write(Self.silent, "UITestRecordings/b.jsonl", in: dir)
        let failing = try CLI.run([], in: dir)
        XCTAssertEqual(failing.status, 1, failing.stdout + failing.stderr)
        let report = try JUnitReader.read(path: dir.appendingPathComponent("report.xml").path)
        XCTAssertEqual(report.suites.map(\.name), ["validate"])
        XCTAssertEqual(report.suites[0].cases.filter(\.outcome.isFailed).map(\.name), ["UITestRecordings/b.jsonl"])
    }
}
