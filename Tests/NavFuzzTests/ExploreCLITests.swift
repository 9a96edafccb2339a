@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit
import XCTest

/// End-to-end: the built executable's exit codes, report and output for `explore`.
final class ExploreCLITests: XCTestCase {
    func testHealthyExplorationExitsZeroAndWritesAValidReport() throws {
        let dir = try CLI.temporaryDirectory()
        let report = dir.appendingPathComponent("r.xml").path
        let r = try CLI.run(["explore", "--preset", "ci", "--max-depth", "2", "--junit", report])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("all 12 invariants hold"), r.stdout)
        let parsed = try JUnitReader.read(path: report)
        XCTAssertEqual(parsed.suites.map(\.name), ["explore.ci"])
        XCTAssertEqual(parsed.suites[0].tests, 12 + SometimesProperty.all.count)
        XCTAssertEqual(parsed.suites[0].failures, 0)
        if FileManager.default.fileExists(atPath: CLI.schema) {
            XCTAssertEqual(try JUnitSchema.validationErrors(xml: report, schema: CLI.schema), [])
        }
    }

    func testInjectedFaultExitsOneWithShortestTraceInOutputAndReport() throws {
        let dir = try CLI.temporaryDirectory()
        let report = dir.appendingPathComponent("r.xml").path
        let r = try CLI.run(["explore", "--preset", "small", "--max-depth", "3", "--fault", "swipe-leaves-child", "--junit", report])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("no-orphan-children (state) violated"), r.stdout)
        XCTAssertTrue(r.stdout.contains("1. start c0 navigation sheet r0"), r.stdout)
        XCTAssertTrue(r.stdout.contains("2. userSwipeDismiss"), r.stdout)
        let suite = try XCTUnwrap(JUnitReader.read(path: report).suites.first)
        let failed = suite.cases.filter { $0.outcome.isFailed }.map(\.name)
        XCTAssertEqual(failed, ["no-orphan-children"])
        if FileManager.default.fileExists(atPath: CLI.schema) {
            XCTAssertEqual(try JUnitSchema.validationErrors(xml: report, schema: CLI.schema), [])
        }
    }

    /// A dialect is explored like the strict model, says so in the report, and reaches other
    /// states; a name that is not one is one line, exit 2.
    func testADialectIsExploredAndNamed() throws {
        let dir = try CLI.temporaryDirectory()
        let report = dir.appendingPathComponent("r.xml").path
        let r = try CLI.run(["explore", "--preset", "small", "--max-depth", "3", "--dialect", "stack-on-top-layer,dismiss-nothing-applies",
                             "--junit", report])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let suite = try XCTUnwrap(JUnitReader.read(path: report).suites.first)
        XCTAssertEqual(suite.properties.first { $0.name == "dialect" }?.value, "stack-on-top-layer,dismiss-nothing-applies")
        let strict = try CLI.run(["explore", "--preset", "small", "--max-depth", "3", "--junit", dir.appendingPathComponent("s.xml").path])
        XCTAssertNotEqual(Self.refused(r.stdout), Self.refused(strict.stdout), "the dialect refuses less: " + r.stdout + strict.stdout)
        try assertBadInput(["explore", "--dialect", "flowstacks"], mentions: "--dialect takes strict, or options joined by commas: ")
    }

    /// A launch is explored from its launch child and named in the report; a failure found
    /// under it is saved with its `launch:` line, which `replay` reads back; a launch that is
    /// not one is one line, exit 2.
    func testALaunchIsExploredSavedAndReplayed() throws {
        let dir = try CLI.temporaryDirectory()
        let report = dir.appendingPathComponent("r.xml").path, failures = dir.appendingPathComponent("failures").path
        let r = try CLI.run(["explore", "--preset", "small", "--max-depth", "2", "--launch", "navigation fullScreen r1",
                             "--fault", "launch-child-twice", "--junit", report, "--save-failures", failures])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let suite = try XCTUnwrap(JUnitReader.read(path: report).suites.first)
        XCTAssertEqual(suite.properties.first { $0.name == "launch" }?.value, "navigation fullScreen r1")
        let saved = try FileManager.default.contentsOfDirectory(atPath: failures).filter { $0.hasSuffix(".trace") }
        XCTAssertFalse(saved.isEmpty, r.stdout)
        for name in saved {
            let text = try String(contentsOfFile: failures + "/" + name, encoding: .utf8)
            XCTAssertTrue(text.contains("\nlaunch: navigation fullScreen r1\n"), text)
            // The saved file replays, and fails while the fault is on.
            let replayed = try CLI.run(["replay", failures + "/" + name, "--junit", dir.appendingPathComponent("replay.xml").path])
            XCTAssertEqual(replayed.status, 1, replayed.stdout + replayed.stderr)
            XCTAssertTrue(replayed.stdout.contains("restartApp"), replayed.stdout)
        }
        try assertBadInput(["explore", "--launch", "navigation push r1"], mentions: "--launch takes 'KIND STYLE ROUTE' with a modal style")
        try assertBadInput(["explore", "--routes", "1", "--launch", "navigation sheet r1"], mentions: "launch route r1 is outside the route alphabet")
    }

    /// A printed replay command starts NavFuzz the way it was started: `swift run NavFuzz` from a
    /// debug build, `swift run -c release NavFuzz` from a release build, else the program.
    func testReplayCommandsReproduceTheInvocation() throws {
        let dir = try CLI.temporaryDirectory()
        let places = [(".build/release/NavFuzz", "replay: swift run -c release NavFuzz replay "),
                      ("bin/navfuzz", "replay: \(dir.path)/bin/navfuzz replay ")]
        for (place, expected) in places {
            let copy = dir.appendingPathComponent(place)
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: CLI.products.appendingPathComponent("NavFuzz"), to: copy)
            let process = Process()
            process.executableURL = copy
            process.arguments = ["explore", "--preset", "small", "--fault", "back-leaves-child", "--max-depth", "2",
                                 "--junit", dir.appendingPathComponent("r.xml").path]
            process.currentDirectoryURL = dir
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertTrue(text.contains(expected), "\(place): \(text)")
        }
        let debug = try CLI.run(["explore", "--preset", "small", "--fault", "back-leaves-child", "--max-depth", "2",
                                 "--junit", dir.appendingPathComponent("d.xml").path])
        XCTAssertTrue(debug.stdout.contains("replay: swift run NavFuzz replay "), debug.stdout)
    }

    /// The "(N refused)" figure of a run's output.
    static func refused(_ text: String) -> Int? {
        let words = text.split(whereSeparator: \.isWhitespace)
        return words.indices.dropFirst().first { words[$0].hasPrefix("refused)") }.flatMap { Int(words[$0 - 1].filter(\.isNumber)) }
    }

    /// `explore --shard I/N` splits one preset's states; `merge` counts the distinct states of
    /// all shards from their states files, exactly one run's, and says how many overlapped.
    func testShardedExplorationMergesToTheDistinctCount() throws {
        let dir = try CLI.temporaryDirectory()
        let job = ["explore", "--preset", "small", "--max-depth", "3"]
        let whole = dir.appendingPathComponent("whole.xml").path
        XCTAssertEqual(try CLI.run(job + ["--junit", whole]).status, 0)
        func properties(_ path: String) throws -> [String: String] {
            let suite = try XCTUnwrap(JUnitReader.read(path: path).suites.first)
            return Dictionary(uniqueKeysWithValues: suite.properties.map { ($0.name, $0.value) })
        }
        // A report in a directory not made yet: the states go there too.
        let fresh = dir.appendingPathComponent("new/dir/r.xml").path
        XCTAssertEqual(try CLI.run(job + ["--shard", "0/2", "--junit", fresh]).status, 0)
        XCTAssertNotNil(ShardStates.read(path: dir.appendingPathComponent("new/dir/r.explore.small.states").path))
        for split in ["prefix", "ownership"] {
            var parts: [String] = []
            for i in 0..<3 {
                let part = dir.appendingPathComponent("\(split)-\(i).xml").path
                let r = try CLI.run(job + ["--shard", "\(i)/3", "--split", split, "--junit", part])
                XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
                XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(split)-\(i).explore.small.states").path))
                parts.append(part)
            }
            let merged = dir.appendingPathComponent("merged-\(split).xml").path
            let m = try CLI.run(["merge", merged] + parts)
            XCTAssertEqual(m.status, 0, m.stdout + m.stderr)
            let w = try properties(whole), p = try properties(merged)
            for key in ["states", "transitions", "refused", "depth", "complete"] { XCTAssertEqual(p[key], w[key], "\(split): \(key)") }
            let found = try parts.map { Int(try properties($0)["states"] ?? "") ?? 0 }.reduce(0, +)
            XCTAssertEqual(Int(p["overlap"] ?? ""), found - (Int(w["states"] ?? "") ?? 0))
            XCTAssertNil(p["states-file"])
            XCTAssertTrue(m.stdout.contains("explore.small: 2,602 distinct states"), m.stdout)
        }
        // A states file that is missing, or of another run: refused, nothing written.
        let out = dir.appendingPathComponent("out.xml").path
        try FileManager.default.removeItem(atPath: dir.appendingPathComponent("prefix-1.explore.small.states").path)
        try assertBadInput(["merge", out] + (0..<3).map { dir.appendingPathComponent("prefix-\($0).xml").path }, mentions: "missing or not a states file")
        try FileManager.default.copyItem(atPath: dir.appendingPathComponent("ownership-1.explore.small.states").path,
                                         toPath: dir.appendingPathComponent("prefix-1.explore.small.states").path)
        try assertBadInput(["merge", out] + (0..<3).map { dir.appendingPathComponent("prefix-\($0).xml").path }, mentions: "holds 2602 states but")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        // What a shard cannot do.
        try assertBadInput(job + ["--shard", "0/2", "--expect-states", "2602"], mentions: "--expect-states pins the count of the whole exploration")
        try assertBadInput(job + ["--split", "ownership"], mentions: "--split splits the states among shards")
        try assertBadInput(job + ["--shard", "0/2", "--junit", "/dev/stdout"], mentions: "--junit must name a file")
        // Shards of another depth are another run.
        let other = dir.appendingPathComponent("other.xml").path
        _ = try CLI.run(["explore", "--preset", "small", "--max-depth", "2", "--shard", "1/3", "--junit", other])
        try assertBadInput(["merge", out, dir.appendingPathComponent("ownership-0.xml").path, other,
                            dir.appendingPathComponent("ownership-2.xml").path], mentions: "ran with max-depth 3 in")
        // So are shards of another preset, domain or fuzzing.
        for (extra, said) in [(["--multiple"], "ran with multiple false in"), (["--styles", "sheet"], "ran with styles sheet,fullScreen in"),
                              (["--kinds", "navigation"], "ran with kinds navigation,tab,redirection in")] {
            _ = try CLI.run(job + extra + ["--shard", "1/3", "--split", "ownership", "--junit", other])
            try assertBadInput(["merge", out, dir.appendingPathComponent("ownership-0.xml").path, other,
                                dir.appendingPathComponent("ownership-2.xml").path], mentions: said)
        }
        _ = try CLI.run(["explore", "--preset", "small-tab", "--max-depth", "3", "--shard", "1/3", "--split", "ownership", "--junit", other])
        try assertBadInput(["merge", out, dir.appendingPathComponent("ownership-0.xml").path, other,
                            dir.appendingPathComponent("ownership-2.xml").path], mentions: "is a shard of 'NavFuzz explore --depth 3 --preset small-tab --split ownership' but")
        let fuzz = ["fuzz", "--preset", "small", "--walks", "20", "--walk-length", "5"]
        let swarm = dir.appendingPathComponent("swarm.xml").path, plain = dir.appendingPathComponent("plain.xml").path
        XCTAssertEqual(try CLI.run(fuzz + ["--shard", "0/2", "--junit", swarm]).status, 0)
        XCTAssertEqual(try CLI.run(fuzz + ["--no-swarm", "--shard", "1/2", "--junit", plain]).status, 0)
        try assertBadInput(["merge", out, swarm, plain], mentions: "suite fuzz.small ran with swarm true in")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// One rule for a `sometimes` property never reached (docs/SEMANTICS.md §5.3), as in
    /// verify: a whole run fails it; one that cannot come about within the bounds is skipped
    /// with the reason; a shard leaves it to `merge`, which fails it when no shard reached it.
    func testASometimesPropertyNeverReachedFailsInExploreAndFuzz() throws {
        let dir = try CLI.temporaryDirectory()
        func cases(_ path: String) throws -> [String: JUnitCase.Outcome] {
            Dictionary(uniqueKeysWithValues: try JUnitReader.read(path: path).suites.flatMap(\.cases).map { ($0.name, $0.outcome) })
        }
        let short = ["explore", "--preset", "small", "--max-depth", "1"]
        let whole = dir.appendingPathComponent("whole.xml").path
        let r = try CLI.run(short + ["--junit", whole])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("— never reached, so not tested: two-modal-levels"), r.stdout)
        var outcome = try cases(whole)
        XCTAssertEqual(outcome["two-modal-levels"], .failure(message: "two-modal-levels: never reached, so the run did not test it",
                                                              type: "sometimes", text: "two-modal-levels: never reached, so the run did not test it"))
        XCTAssertEqual(outcome["three-entry-stack"], .skipped(message: "three-entry-stack: cannot come about in this run: stacks hold at most 2 entries"))
        XCTAssertEqual(outcome["swipe-ends-a-child"], .passed)
        var parts: [String] = []
        for i in 0..<2 {
            let part = dir.appendingPathComponent("part-\(i).xml").path
            let p = try CLI.run(short + ["--shard", "\(i)/2", "--junit", part])
            XCTAssertEqual(p.status, 0, "a shard cannot decide alone: \(p.stdout)")
            XCTAssertEqual(try cases(part)["two-modal-levels"],
                           .skipped(message: "two-modal-levels: not reached by this shard; NavFuzz merge decides it on every shard"))
            parts.append(part)
        }
        let merged = dir.appendingPathComponent("merged.xml").path
        XCTAssertEqual(try CLI.run(["merge", merged] + parts).status, 1)
        outcome = try cases(merged)
        XCTAssertTrue(outcome["two-modal-levels"]?.isFailure == true, "\(outcome)")
        XCTAssertEqual(outcome["three-entry-stack"]?.isSkipped, true)
        let deeper = try CLI.run(["explore", "--preset", "small", "--max-depth", "2", "--junit", whole])
        XCTAssertEqual(deeper.status, 0, deeper.stdout)
        let walks = try CLI.run(["fuzz", "--preset", "small", "--walks", "1", "--walk-length", "1", "--junit", whole])
        XCTAssertEqual(walks.status, 1, walks.stdout)
        XCTAssertTrue(try cases(whole)["two-modal-levels"]?.isFailure == true)
    }

    func testPinnedStateCountFailsWhenItDiffers() throws {
        let dir = try CLI.temporaryDirectory()
        let ok = try CLI.run(["explore", "--preset", "small", "--max-depth", "2", "--expect-states", "302",
                              "--junit", dir.appendingPathComponent("a.xml").path])
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        let bad = try CLI.run(["explore", "--preset", "small", "--max-depth", "2", "--expect-states", "303",
                               "--junit", dir.appendingPathComponent("b.xml").path])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stdout.contains("expected 303 distinct states, found 302"), bad.stdout)
    }

    func testMaxStatesStopsWithAPartialReport() throws {
        let dir = try CLI.temporaryDirectory()
        let report = dir.appendingPathComponent("r.xml").path
        let r = try CLI.run(["explore", "--preset", "ci", "--max-states", "500", "--junit", report])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("PARTIAL: --max-states 500 reached"), r.stdout)
        let suite = try XCTUnwrap(JUnitReader.read(path: report).suites.first)
        XCTAssertTrue(suite.cases.contains { $0.name == "complete" && $0.outcome.isSkipped })
        // Skipped cases (this one, and the sometimes properties never reached) are not counted
        // as passed on the console.
        let total = suite.cases.count, failed = suite.cases.filter { $0.outcome.isFailed }.count
        let skipped = suite.cases.filter { $0.outcome.isSkipped }.count
        XCTAssertTrue(r.stdout.contains("\(total - failed - skipped) passed, \(failed) failed, \(skipped) skipped"), r.stdout)
    }

    /// Clients that add case times up (GitLab, Jenkins, junitparser) get the suite's time.
    func testCaseTimesAddUpToTheSuiteTime() throws {
        let dir = try CLI.temporaryDirectory()
        let report = dir.appendingPathComponent("r.xml").path
        let r = try CLI.run(["explore", "--preset", "small", "--max-depth", "3", "--junit", report])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let suite = try XCTUnwrap(JUnitReader.read(path: report).suites.first)
        XCTAssertGreaterThan(suite.cases.count, 10)
        XCTAssertEqual(suite.cases.reduce(0) { $0 + $1.time }, suite.time, accuracy: 0.001 * Double(suite.cases.count) + 0.001)
    }
}
