import Foundation
import NavFuzzJUnit
import XCTest

/// Every kind of bad input: one line on stderr naming what and where, exit 2, no backtrace,
/// and an earlier report at the same path left intact.
final class BadInputCLITests: XCTestCase {
    func testUnknownCommand() throws { try assertBadInput(["frobnicate"], mentions: "unknown command 'frobnicate'") }
    func testUnknownFlag() throws { try assertBadInput(["explore", "--frob"], mentions: "unknown option '--frob'") }
    func testBadNumber() throws { try assertBadInput(["explore", "--workers", "many"], mentions: "--workers") }
    func testMissingValue() throws { try assertBadInput(["explore", "--max-depth"], mentions: "--max-depth needs a value") }
    func testUnknownPreset() throws { try assertBadInput(["explore", "--preset", "huge"], mentions: "--preset") }
    func testUnknownFault() throws { try assertBadInput(["explore", "--fault", "nope"], mentions: "no fault 'nope'") }
    func testShardOutOfRange() throws { try assertBadInput(["explore", "--shard", "3/3"], mentions: "--shard") }
    func testBazelShardOutOfRange() throws {
        try assertBadInput(["explore"], mentions: "TEST_SHARD_INDEX", environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "5"])
    }

    /// The job without a command promises one line too: its note comes after its options.
    func testABadOptionOfTheJobIsOneLine() throws {
        let dir = try CLI.temporaryDirectory()
        try assertBadInput(["--frobnicate"], in: dir, mentions: "unknown option '--frobnicate' (see 'NavFuzz --help')")
        try assertBadInput(["--walks", "x"], in: dir, mentions: "--walks")
        try assertBadInput(["stray"], in: dir, mentions: "unknown command 'stray'")
    }

    /// Bazel sets both variables; one alone is said, not passed over.
    func testAShardIndexWithoutATotalIsRefused() throws {
        try assertBadInput(["explore"], mentions: "TEST_SHARD_INDEX=1 is set but TEST_TOTAL_SHARDS is not",
                           environment: ["TEST_SHARD_INDEX": "1"])
        try assertBadInput(["explore", "--shard", "0/2"], mentions: "TEST_SHARD_INDEX=1 is set but TEST_TOTAL_SHARDS is not",
                           environment: ["TEST_SHARD_INDEX": "1"])
    }

    /// `--shard` and Bazel's variables take the same shards: up to 10,000, digits only.
    func testTheFlagAndBazelShareOneLimit() throws {
        try assertBadInput(["explore", "--shard", "0/20000"], mentions: "--shard takes I/N with 0 <= I < N <= 10000, not '0/20000'")
        try assertBadInput(["explore"], mentions: "TEST_TOTAL_SHARDS=20000 and TEST_SHARD_INDEX=0 do not name a shard",
                           environment: ["TEST_TOTAL_SHARDS": "20000", "TEST_SHARD_INDEX": "0"])
        try assertBadInput(["explore", "--shard", "+0/2"], mentions: "--shard")
        try assertBadInput(["explore"], mentions: "TEST_TOTAL_SHARDS", environment: ["TEST_TOTAL_SHARDS": "+2", "TEST_SHARD_INDEX": "0"])
        let dir = try CLI.temporaryDirectory()
        try "# navfuzz-corpus 1\npush c0 r1\nexpect: holds\n".write(to: dir.appendingPathComponent("ok.trace"), atomically: true, encoding: .utf8)
        for (args, environment) in [(["--shard", "9999/10000"], [:]), ([], ["TEST_TOTAL_SHARDS": "10000", "TEST_SHARD_INDEX": "9999"])] {
            let r = try CLI.run(["replay", "ok.trace", "--junit", "r.xml"] + args, in: dir, environment: environment)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("(shard 9999/10000)"), r.stdout)
        }
    }

    /// One spelling per meaning across commands, the old ones kept: an error names the flag as
    /// it was typed, and both spellings are the same run (`merge` takes them as one).
    func testOldSpellingsAreAliasesNamedAsTyped() throws {
        try assertBadInput(["explore", "--max-depth", "x"], mentions: "--max-depth takes a whole number from 0 to 1000 or 'none', not 'x'")
        try assertBadInput(["explore", "--depth", "x"], mentions: "--depth takes a whole number from 0 to 1000 or 'none', not 'x'")
        try assertBadInput(["--explore", "huge"], in: try CLI.temporaryDirectory(), mentions: "--explore takes preset names")
        try assertBadInput(["verify", "--driver", "x", "--preset", "huge"], mentions: "--preset takes preset names (small, small-tab, ci, "
                           + "ci-tab, deep, transitions, transitions-ci, launch, start-page, view-root), not 'huge'")
        let dir = try CLI.temporaryDirectory()
        var commands: [String] = []
        for depth in ["--depth", "--max-depth"] {
            let r = try CLI.run(["explore", "--presets", "small", depth, "2", "--junit", "\(depth).xml"], in: dir)
            XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
            let suite = try XCTUnwrap(JUnitReader.read(path: dir.appendingPathComponent("\(depth).xml").path).suites.first)
            XCTAssertEqual(suite.name, "explore.small")
            commands += suite.properties.filter { $0.name == "command" }.map(\.value)
        }
        XCTAssertEqual(commands, ["NavFuzz explore --depth 2 --preset small", "NavFuzz explore --depth 2 --preset small"])
    }

    /// A flag that would change nothing is refused, not ignored: a verification drives one
    /// implementation one call at a time.
    func testVerifyRefusesWorkers() throws {
        try assertBadInput(["verify", "--driver", "x", "--workers", "4"], mentions: "--workers 4 does not apply to a verification")
        XCTAssertFalse(try CLI.run(["verify", "--help"]).stdout.contains("--workers"))
    }

    /// The help says each thing once, and fuzz and verify start from the same seed.
    func testHelpSaysTheExitCodesOnceAndTheSeedsAgree() throws {
        let help = try CLI.run(["--help"]).stdout
        XCTAssertEqual(help.components(separatedBy: "Exit codes").count - 1, 1, help)
        let fuzz = try CLI.run(["fuzz", "--help"]).stdout, verify = try CLI.run(["verify", "--help"]).stdout
        func seed(_ text: String) -> String? {
            guard let line = text.split(separator: "\n").first(where: { $0.contains("--seed N") }),
                  let start = line.range(of: "default: ") else { return nil }
            let rest: Substring = line[start.upperBound...]
            return rest.split(separator: ")").first.map(String.init)
        }
        XCTAssertEqual(seed(fuzz), "0", fuzz)
        XCTAssertEqual(seed(verify), "0", verify)
    }

    func testConflictingOptions() throws {
        try assertBadInput(["explore", "--expect-states", "5", "--max-states", "3"], mentions: "conflicts with --max-states")
        try assertBadInput(["explore", "--shard", "0/2"], mentions: "conflicts with TEST_TOTAL_SHARDS",
                           environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "0"])
    }

    func testMalformedCorpusFileNamesFileLineAndColumn() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("bad.trace")
        try "# navfuzz-corpus 1\nroot: sideways\nexpect: holds\n".write(to: file, atomically: true, encoding: .utf8)
        try assertBadInput(["replay", file.path], mentions: "\(file.path):2:")
    }

    /// A corpus folder NavFuzz may not enter (no x bit, or no r bit) is bad input naming it,
    /// never a folder skipped: a corpus not replayed must not look like one that passed. As
    /// nobody, since root enters every folder.
    func testACorpusFolderThatCannotBeEnteredIsBadInput() throws {
        let dir = try CLI.temporaryDirectory()
        let inner = dir.appendingPathComponent("c/locked")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let ok = "# navfuzz-corpus 1\npush c0 r1\nexpect: holds\n"
        try ok.write(to: dir.appendingPathComponent("c/ok.trace"), atomically: true, encoding: .utf8)
        try ok.write(to: inner.appendingPathComponent("hidden.trace"), atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(dir.appendingPathComponent("c").path, 0o777), 0)
        defer { _ = chmod(inner.path, 0o755) }
        for (mode, error) in [(mode_t(0o666), "Permission denied"), (mode_t(0o333), "Permission denied")] {
            XCTAssertEqual(chmod(inner.path, mode), 0)
            let r = try CLI.runAsNobody(["replay", "c", "--junit", "r.xml"], in: dir)
            XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("NavFuzz: error: c/locked"), r.stderr)
            XCTAssertTrue(r.stderr.contains("cannot read it: \(error)"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.xml").path))
        }
        XCTAssertEqual(chmod(inner.path, 0o755), 0)
        XCTAssertEqual(try CLI.runAsNobody(["replay", "c", "--junit", "r.xml"], in: dir).status, 0)
    }

    func testUnwritableReportPathLeavesEarlierReportAndFailsBeforeWork() throws {
        // A report path under a regular file cannot be created, even by root.
        let dir = try CLI.temporaryDirectory()
        let blocker = dir.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        try assertBadInput(["explore", "--preset", "ci", "--junit", blocker.appendingPathComponent("r.xml").path],
                           mentions: blocker.path)
        XCTAssertEqual(try String(contentsOf: blocker, encoding: .utf8), "x")
    }

    func testReportPathThatIsADirectory() throws {
        let dir = try CLI.temporaryDirectory()
        try assertBadInput(["explore", "--junit", dir.path], mentions: "is a directory")
    }
}
