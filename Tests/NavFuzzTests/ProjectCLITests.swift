import Foundation
import NavFuzzJUnit
import XCTest

/// `NavFuzz` with no command in a user's package: the project file names what to verify.
final class ProjectCLITests: XCTestCase {
    var driver: String { CLI.products.appendingPathComponent("SampleDriver").path }

    func project(_ systems: String, extra: String = "") -> String {
        """
        // a user's project file
        {
          "navfuzz": 1,
          "systems": [\(systems)],
          "presets": ["small"], "depth": 2, "walks": 20,  // a quick run
          "junit": "reports/navfuzz.xml"\(extra)
        }
        """
    }

    /// The end-to-end run: exit 1 with the mutant's failure in the report, 0 without it, one
    /// suite per system; 2 on a malformed file.
    func testAProjectFileIsTheJob() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("navfuzz.json")
        try project(#"{"name": "app", "driver": "\#(driver) --mutant swipe-leaves-child"}"#).write(to: file, atomically: true, encoding: .utf8)
        let bad = try CLI.run([], in: dir)
        XCTAssertEqual(bad.status, 1, bad.stdout + bad.stderr)
        XCTAssertTrue(bad.stdout.contains("verifying app"), bad.stdout)
        let report = try JUnitReader.read(path: dir.appendingPathComponent("reports/navfuzz.xml").path)
        XCTAssertEqual(report.suites.map(\.name), ["verify.app"])
        XCTAssertTrue(report.suites[0].cases.contains { $0.name == "no-orphan-children" && $0.outcome.isFailed })
        let saved = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("reports/failures").path)
        XCTAssertFalse(saved.isEmpty, "failures are saved next to the report")
        // Under GitHub Actions each failure is an annotation on the project file, which the
        // repository holds (the trace it was saved as is a build artifact), and so is its
        // file= attribute.
        let annotated = try CLI.run(["--junit-file-attributes"], in: dir, environment: ["GITHUB_ACTIONS": "true"])
        let annotations = annotated.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        XCTAssertTrue(annotations.contains { $0.hasPrefix("::error file=navfuzz.json,line=1,title=NavFuzz verify.app%3A no-orphan-children::no-orphan-children: ") },
                      annotated.stdout)
        XCTAssertFalse(annotated.stdout.contains("file=reports/"), annotated.stdout)
        let linked = try JUnitReader.read(path: dir.appendingPathComponent("reports/navfuzz.xml").path).suites[0].cases
        XCTAssertEqual(Set(linked.filter { $0.outcome.isFailed }.map(\.file)), ["navfuzz.json"])
        XCTAssertEqual(Set(linked.filter { !$0.outcome.isFailed }.map(\.file)), [nil])
        XCTAssertFalse(bad.stdout.contains("::error"), "only under GitHub Actions")

        try project(#"{"name": "app", "driver": "\#(driver)"}, {"name": "again", "driver": "\#(driver)", "timeout": 10}"#)
            .write(to: file, atomically: true, encoding: .utf8)
        let good = try CLI.run([], in: dir)
        XCTAssertEqual(good.status, 0, good.stdout + good.stderr)
        XCTAssertEqual(try JUnitReader.read(path: dir.appendingPathComponent("reports/navfuzz.xml").path).suites.map(\.name),
                       ["verify.app", "verify.again"])

        try "{\"navfuzz\": 1, \"systems\": [{\"driver\": 3}]}".write(to: file, atomically: true, encoding: .utf8)
        try assertBadInput([], in: dir, mentions: "navfuzz.json: systems[0].driver: expected a non-empty string, found 3")
    }

    /// A system that cannot be verified is an error case in its suite and exit 2, after the
    /// other systems ran: their failures are reported, and no earlier report stands for the run.
    func testASystemThatCannotBeVerifiedIsAnErrorAndTheOthersStillRun() throws {
        let dir = try CLI.temporaryDirectory()
        try project(#"{"name": "gone", "driver": "/nonexistent/driver"}, {"name": "app", "driver": "\#(driver) --mutant swipe-leaves-child"}"#)
            .write(to: dir.appendingPathComponent("navfuzz.json"), atomically: true, encoding: .utf8)
        let path = dir.appendingPathComponent("reports/navfuzz.xml").path
        try FileManager.default.createDirectory(atPath: dir.appendingPathComponent("reports").path, withIntermediateDirectories: true)
        try "<testsuites/>".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try CLI.run([], in: dir)
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("NavFuzz: error: the driver '/nonexistent/driver' could not be verified: the driver exited with status 127 during the handshake (see docs/DRIVER-PROTOCOL.md)\n"), run.stderr)
        let suites = try JUnitReader.read(path: path).suites
        XCTAssertEqual(suites.map(\.name), ["verify.gone", "verify.app"])
        XCTAssertEqual(suites[0].cases.map(\.name), ["verified"], "nothing of the system that did not run reads as held")
        XCTAssertTrue(suites[0].cases[0].outcome.isError, "\(suites[0].cases[0].outcome)")
        XCTAssertTrue(suites[1].cases.contains { $0.name == "no-orphan-children" && $0.outcome.isFailed })
    }

    /// Each verification option is declared once: every top-level key the file takes is in
    /// docs/PROJECT.md and is a flag of `verify` (a switch that turns a default off is `--no-`),
    /// and a key and its flag refuse the same values.
    func testEachOptionIsAKeyAndAFlagWithOneRange() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("navfuzz.json")
        try project(#"{"driver": "x"}"#, extra: #", "colour": "red""#).write(to: file, atomically: true, encoding: .utf8)
        let unknown = try CLI.run([], in: dir).stderr
        let listed = try XCTUnwrap(unknown.range(of: "(keys: ").map { unknown[$0.upperBound...].prefix { $0 != ")" } }, unknown)
        let keys = listed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(keys.contains("overlapDepth"), unknown)
        let docs = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/PROJECT.md"), encoding: .utf8)
        let help = try CLI.run(["verify", "--help"]).stdout
        for key in keys {
            XCTAssertTrue(docs.contains("| `\(key)` |"), "docs/PROJECT.md does not list '\(key)'")
            guard !["navfuzz", "systems", "corpus", "recordings", "junit", "failures"].contains(key) else { continue }
            let flag = key.reduce(into: "") { out, c in out += c.isUppercase ? "-" + c.lowercased() : String(c) }
            XCTAssertTrue(help.contains("  --\(flag) ") || help.contains("  --no-\(flag) ") || help.contains("  --\(flag)\n"),
                          "'\(key)' has no flag in verify --help")
        }
        for (key, flag, value, range) in [("depth", "--depth", "13", "0 to 12"), ("overlapCalls", "--overlap-calls", "4", "2 to 3"),
                                          ("timeout", "--timeout", "3601", "up to 3600")] {
            try #"{"navfuzz": 1, "systems": [{"driver": "x"}], "\#(key)": \#(value)}"#.write(to: file, atomically: true, encoding: .utf8)
            try assertBadInput([], in: dir, mentions: range)
            try assertBadInput(["verify", "--driver", "x", flag, value], mentions: range)
        }
    }

    /// The file's `startupTimeout` bounds each driver's handshake (never below `timeout`); a
    /// system's own comes first.
    func testStartupTimeoutsOfTheFileAndOfASystem() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("navfuzz.json")
        let slow = "sleep 1; exec '\(driver)'"
        try project(#"{"name": "slow", "driver": "\#(slow)"}"#, extra: #", "startupTimeout": 0.3, "timeout": 0.2"#)
            .write(to: file, atomically: true, encoding: .utf8)
        let cut = try CLI.run([], in: dir)
        XCTAssertEqual(cut.status, 2, cut.stdout + cut.stderr)
        XCTAssertTrue(cut.stderr.contains("did not answer the handshake within 300 ms"), cut.stderr)
        try project(#"{"name": "slow", "driver": "\#(slow)", "startupTimeout": 10}"#, extra: #", "startupTimeout": 0.3, "timeout": 0.2"#)
            .write(to: file, atomically: true, encoding: .utf8)
        let waited = try CLI.run([], in: dir)
        XCTAssertEqual(waited.status, 0, waited.stdout + waited.stderr)
    }

    /// Each way a project file can be wrong is one line naming the key path.
    func testBadKeysAreNamedByTheirPath() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("navfuzz.json")
        let cases: [(String, String)] = [
            ("{", "navfuzz.json: not JSON"),
            (#"{"navfuzz": 2, "systems": []}"#, "navfuzz.json: navfuzz: expected 1"),
            (project("", extra: ""), "navfuzz.json: systems: expected a non-empty array"),
            (project(#"{"drvier": "x"}"#), "navfuzz.json: systems[0].drvier: unknown key (keys: name, driver, connect, baseline, timeout, startupTimeout)"),
            (#"{"navfuzz": 1, "systems": [{"driver": "x"}], "depth": 40}"#, "navfuzz.json: depth: expected a whole number from 0 to 12, found 40"),
            (#"{"navfuzz": 1, "systems": [{"driver": "x"}], "presets": ["smal"]}"#, "navfuzz.json: presets[0]: no preset 'smal'"),
            (project(#"{"driver": "x"}"#, extra: #", "depth": 3"#), "navfuzz.json: depth: given twice"),
            (project(#"{"driver": "x", "baseline": "none.baseline"}"#), "navfuzz.json: systems[0].baseline: "),
            (project(#"{"name": "a", "driver": "x"}, {"name": "a", "driver": "y"}"#), "navfuzz.json: systems[1].name: 'a' names two systems"),
            (project(#"{"driver": "x"}"#, extra: #", "colour": "red""#), "navfuzz.json: colour: unknown key"),
            (project(#"{"driver": "x"}"#, extra: #", "startupTimeout": 0"#),
             "navfuzz.json: startupTimeout: expected seconds above 0 and up to 3600, found 0"),
            (project(#"{"connect": 0}"#), "navfuzz.json: systems[0].connect: expected a port from 1 to 65535, found 0"),
            (project(#"{"driver": "x", "connect": 7001}"#), "navfuzz.json: systems[0]: has both 'driver' and 'connect'"),
            (project(#"{"name": "a"}"#), "navfuzz.json: systems[0].driver: missing: the command that starts the driver (or 'connect'"),
            (project(#"{"driver": "x", "startupTimeout": "slow"}"#),
             "navfuzz.json: systems[0].startupTimeout: expected seconds above 0 and up to 3600, found \"slow\""),
            (project(#"{"driver": "x"}"#, extra: #", "launch": "navigation push r1""#),
             "navfuzz.json: launch: column 12: expected a modal style (sheet, detents, fullScreen, overlay, custom), found 'push'"),
        ]
        for (text, message) in cases {
            try text.write(to: file, atomically: true, encoding: .utf8)
            try assertBadInput([], in: dir, mentions: message)
        }
    }

    /// `NavFuzz init` writes a file that reads, and never writes over one; without a project
    /// file the job says it is NavFuzz's own self-check.
    func testInitWritesAStartingFile() throws {
        let dir = try CLI.temporaryDirectory()
        let wrote = try CLI.run(["init"], in: dir)
        XCTAssertEqual(wrote.status, 0, wrote.stderr)
        let text = try String(contentsOf: dir.appendingPathComponent("navfuzz.json"), encoding: .utf8)
        XCTAssertTrue(text.contains("\"driver\": \".build/release/AppDriver\""), text)
        try assertBadInput(["init"], in: dir, mentions: "navfuzz.json exists; NavFuzz init leaves it as it is")
        // The starting file reads: what fails is the driver it names, which is not built here.
        let run = try CLI.run([], in: dir)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("the driver '.build/release/AppDriver' could not be verified"), run.stderr)

        let empty = try CLI.temporaryDirectory()
        let selfCheck = try CLI.run(["--explore", "none", "--walks", "1", "--corpus", "/nonexistent"], in: empty)
        XCTAssertTrue(selfCheck.stderr.hasPrefix("NavFuzz: no navfuzz.json here: checking NavFuzz's own model"), selfCheck.stderr)
    }
}
