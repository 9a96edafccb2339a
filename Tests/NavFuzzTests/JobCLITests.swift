import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit
import XCTest

/// End-to-end: fuzzing, replay, shrinking, sharding and merging through the built executable.
final class JobCLITests: XCTestCase {
    /// Drops what depends on the clock: `1.23 s`, `4.5K steps/s`, `in 0.01 s`.
    func withoutTimings(_ s: String) -> String {
        s.replacingOccurrences(of: #"[0-9.]+ s\b"#, with: "T", options: .regularExpression)
            .replacingOccurrences(of: #"[0-9.]+[KM]? (steps|states|transitions)/s"#, with: "R", options: .regularExpression)
            .replacingOccurrences(of: #"\S*/failures/"#, with: "F/", options: .regularExpression)
            .replacingOccurrences(of: #"\S*\.html(#failure-[0-9]+)?"#, with: "H", options: .regularExpression)
    }

    func testFuzzFailureNamesInvariantSeedShrunkTraceAndReplayCommand() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["fuzz", "--preset", "fuzz", "--fault", "back-leaves-child", "--seed", "7", "--walks", "200",
                             "--junit", dir.appendingPathComponent("r.xml").path])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("no-orphan-children (state) violated"), r.stdout)
        XCTAssertTrue(r.stdout.contains("of seed 7"), r.stdout)
        XCTAssertTrue(r.stdout.contains("shrunk from"), r.stdout)
        XCTAssertTrue(r.stdout.contains("1. start c0 navigation push r0"), r.stdout)
        XCTAssertTrue(r.stdout.contains("2. userBack"), r.stdout)
        // The replay command it prints reproduces the failure.
        let line = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.hasPrefix("replay: swift run NavFuzz replay ") })
        let path = String(line.dropFirst("replay: swift run NavFuzz replay ".count)).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
        let again = try CLI.run(["replay", path, "--junit", dir.appendingPathComponent("replay.xml").path])
        XCTAssertEqual(again.status, 1, again.stdout + again.stderr)
        XCTAssertTrue(again.stdout.contains("no-orphan-children"), again.stdout)
        // And the pictures of its steps lie next to the report, in a page named after it.
        let page = try String(contentsOf: dir.appendingPathComponent("r.html"), encoding: .utf8)
        XCTAssertTrue(r.stdout.contains("picture: \(dir.appendingPathComponent("r.html").path)#failure-1"), r.stdout)
        XCTAssertTrue(page.contains("<code>no-orphan-children</code>") && page.contains("found by fuzz.fuzz"), page)
        XCTAssertTrue(page.contains("<span class=\"action\">userBack</span>"), page)
        // A report written to a device has no page beside it.
        let quiet = try CLI.run(["replay", path, "--junit", "/dev/null"])
        XCTAssertEqual(quiet.status, 1)
        XCTAssertFalse(quiet.stdout.contains("picture:"), quiet.stdout)
    }

    func testJSONTraceFormatGivesOneJSONObjectPerCounterexampleOnStdout() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["explore", "--preset", "small", "--max-depth", "2", "--fault", "pop-removes-root",
                             "--trace-format", "json", "--junit", dir.appendingPathComponent("r.xml").path])
        XCTAssertEqual(r.status, 1, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertFalse(lines.isEmpty)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            XCTAssertNotNil(object?["property"], String(line))
            XCTAssertNotNil(object?["replay"], String(line))
            XCTAssertNotNil(object?["steps"], String(line))
        }
        XCTAssertTrue(r.stderr.contains("report: "), r.stderr)
    }

    func testSameSeedGivesSameOutputWithOneOrManyWorkers() throws {
        let dir = try CLI.temporaryDirectory()
        func run(_ workers: String) throws -> String {
            let r = try CLI.run(["fuzz", "--preset", "fuzz-tab", "--fault", "dismiss-wrong-level", "--seed", "99", "--walks", "300",
                                 "--workers", workers, "--junit", dir.appendingPathComponent("w\(workers).xml").path])
            XCTAssertEqual(r.status, 1, r.stderr)
            return withoutTimings(r.stdout).replacingOccurrences(of: "w\(workers).xml", with: "W")
        }
        let one = try run("1")
        XCTAssertEqual(one, try run("3"))
        XCTAssertTrue(one.contains("modal-discipline"), one)
    }

    func testCorpusReplaysAndMalformedLineNamesFileLineColumn() throws {
        let dir = try CLI.temporaryDirectory()
        let ok = try CLI.run(["replay", "Corpus", "--junit", dir.appendingPathComponent("a.xml").path])
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        let bad = dir.appendingPathComponent("bad.trace")
        try "# navfuzz-corpus 1\nroot: navigation\npush c0 x9\nexpect: holds\n".write(to: bad, atomically: true, encoding: .utf8)
        let earlier = dir.appendingPathComponent("b.xml")
        try "earlier".write(to: earlier, atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", bad.path, "--junit", earlier.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("\(bad.path):3:9: expected a route"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssertEqual(try String(contentsOf: earlier, encoding: .utf8), "earlier")
        let missing = try CLI.run(["replay", dir.appendingPathComponent("nope").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no such file or directory"), missing.stderr)
    }

    func testShrinkReducesALongFailingTraceToTheMinimum() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("long.trace")
        let noise = (0..<30).map { $0 % 3 == 0 ? "push c0 r1" : ($0 % 3 == 1 ? "present c0 r0 fullScreen" : "dismissAll c0") }
        let text = (["# navfuzz-corpus 1", "root: navigation", "fault: swipe-leaves-child"] + noise
            + ["start c0 navigation sheet r1", "push c0 r0", "userSwipeDismiss", "expect: holds"]).joined(separator: "\n") + "\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let r = try CLI.run(["shrink", file.path])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("shrunk 33 steps to 2"), r.stdout)
        XCTAssertTrue(r.stdout.contains("saved: "), r.stdout)
    }

    /// Shards deal out corpus files, presets and walks; merged, they equal the whole job.
    func testShardedRunsMergeToTheUnshardedReport() throws {
        let dir = try CLI.temporaryDirectory()
        let job = ["--explore", "small,ci,ci-tab", "--max-depth", "2", "--walks", "60"]
        let whole = dir.appendingPathComponent("whole.xml").path
        let w = try CLI.run(job + ["--junit", whole])
        XCTAssertEqual(w.status, 0, w.stdout + w.stderr)
        var parts: [String] = []
        for i in 0..<3 {
            let part = dir.appendingPathComponent("part\(i).xml").path
            let r = try CLI.run(job + ["--shard", "\(i)/3", "--junit", part])
            XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
            parts.append(part)
        }
        let merged = dir.appendingPathComponent("merged.xml").path
        let m = try CLI.run(["merge", merged] + parts)
        XCTAssertEqual(m.status, 0, m.stdout + m.stderr)
        func outcomes(_ path: String) throws -> [String] {
            try JUnitReader.read(path: path).suites.flatMap { s in s.cases.map { "\(s.name) \($0.classname) \($0.name) \($0.outcome.isFailed)" } }.sorted()
        }
        XCTAssertEqual(try outcomes(merged), try outcomes(whole))
        XCTAssertGreaterThan(try outcomes(whole).count, 60)
        // Counts of work are totalled, as the whole run's.
        func walks(_ path: String) throws -> String? {
            try JUnitReader.read(path: path).suites.first { $0.name == "fuzz.fuzz" }?.properties.first { $0.name == "walks" }?.value
        }
        XCTAssertEqual(try walks(merged), try walks(whole))

        // Not every shard once: refused before anything is written.
        try assertBadInput(["merge", merged, parts[0], parts[2]], mentions: "shard 1/3 is missing: 2 of 3 reports given")
        try assertBadInput(["merge", merged, parts[0], parts[1], parts[1], parts[2]], mentions: "are both shard 1/3")
        let two = dir.appendingPathComponent("two.xml").path
        _ = try CLI.run(job + ["--shard", "0/2", "--junit", two])
        try assertBadInput(["merge", merged, parts[0], two], mentions: "is shard 0/2 but")
        let faulted = dir.appendingPathComponent("fault.xml").path
        _ = try CLI.run(["fuzz", "--walks", "20", "--fault", "swipe-leaves-child", "--shard", "1/2", "--junit", faulted])
        let plain = dir.appendingPathComponent("plain.xml").path
        _ = try CLI.run(["fuzz", "--walks", "20", "--shard", "0/2", "--junit", plain])
        try assertBadInput(["merge", merged, plain, faulted], mentions: "ran with fault none in")
        if FileManager.default.fileExists(atPath: CLI.schema) {
            XCTAssertEqual(try JUnitSchema.validationErrors(xml: merged, schema: CLI.schema), [])
        }
    }

    /// In a log, each activity's result is printed as it ends, and a heartbeat says what is
    /// still running (every 10 s; here every 0.2 s).
    func testALogShowsProgress() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["--explore", "ci", "--max-depth", "3", "--walks", "400", "--junit", dir.appendingPathComponent("r.xml").path],
                            environment: ["NAVFUZZ_HEARTBEAT": "0.2"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("done: ok  corpus: "), r.stderr)
        XCTAssertTrue(r.stderr.contains("done: ok  explore.ci: "), r.stderr)
        XCTAssertTrue(r.stderr.contains(" still running, "), r.stderr)
        let order = ["done: ok  corpus", "done: ok  explore.ci", "done: ok  fuzz.fuzz:"].map { r.stderr.range(of: $0)?.lowerBound }
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), "results come as the activities end")
        XCTAssertEqual(order.compactMap { $0 }.count, 3, r.stderr)
    }

    /// Ant's layout: each suite in a file of its own with `<testsuite>` as the root, as Ant's
    /// junitreport reads them; the same suites and counts as the one report, each valid.
    func testOneFilePerSuite() throws {
        let dir = try CLI.temporaryDirectory()
        let report = dir.appendingPathComponent("r.xml").path, perSuite = dir.appendingPathComponent("ant")
        let r = try CLI.run(["--explore", "ci", "--max-depth", "2", "--walks", "50", "--junit", report, "--junit-per-suite", perSuite.path])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let whole = try JUnitReader.read(path: report).suites
        let files = try FileManager.default.contentsOfDirectory(atPath: perSuite.path).sorted()
        XCTAssertEqual(files, whole.map { "TEST-\($0.name).xml" }.sorted())
        for suite in whole {
            let path = perSuite.appendingPathComponent("TEST-\(suite.name).xml").path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(text.contains("<testsuite name=") && !text.contains("<testsuites"), text)
            let alone = try JUnitReader.read(path: path).suites
            XCTAssertEqual(alone.map(\.name), [suite.name])
            XCTAssertEqual(alone.first?.tests, suite.tests)
            XCTAssertEqual(alone.first?.failures, suite.failures)
            if FileManager.default.fileExists(atPath: CLI.schema) {
                XCTAssertEqual(try JUnitSchema.validationErrors(xml: path, schema: CLI.schema), [], path)
            }
        }
    }

    func testBazelShardingVariables() throws {
        let dir = try CLI.temporaryDirectory()
        let out = dir.appendingPathComponent("bazel.xml").path
        let status = dir.appendingPathComponent("status").path
        let r = try CLI.run(["--explore", "none", "--walks", "10"],
                            environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "1",
                                          "TEST_SHARD_STATUS_FILE": status, "XML_OUTPUT_FILE": out])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: status))
        let suites = try JUnitReader.read(path: out).suites
        XCTAssertEqual(suites.first { $0.name == "fuzz.fuzz" }?.properties.first { $0.name == "shard" }?.value, "1/2")
    }

    /// Escape codes and control characters reach the failure text through a file path; the
    /// report still validates and carries none of them.
    func testHostileTextInFailuresStillGivesAValidReport() throws {
        let dir = try CLI.temporaryDirectory()
        let nasty = dir.appendingPathComponent("red\u{1B}[31mdir\u{07}bell")
        try FileManager.default.createDirectory(at: nasty, withIntermediateDirectories: true)
        let file = nasty.appendingPathComponent("x.trace")
        try "# navfuzz-corpus 1\nroot: navigation\nfault: pop-removes-root\npop c0\nexpect: holds\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let report = dir.appendingPathComponent("r.xml").path
        let r = try CLI.run(["replay", nasty.path, "--junit", report])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertFalse(xml.contains("\u{1B}") || xml.contains("\u{07}"))
        if FileManager.default.fileExists(atPath: CLI.schema) {
            XCTAssertEqual(try JUnitSchema.validationErrors(xml: report, schema: CLI.schema), [])
        }
    }
}
