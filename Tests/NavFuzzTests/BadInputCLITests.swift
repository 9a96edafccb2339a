import Foundation
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
