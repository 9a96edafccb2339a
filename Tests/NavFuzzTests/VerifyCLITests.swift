import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit
import XCTest

/// End-to-end: `NavFuzz verify` against the sample library's driver.
final class VerifyCLITests: XCTestCase {
    var driver: String { CLI.products.appendingPathComponent("SampleDriver").path }

    func testTheSampleConformsAndAMutantIsCaughtThroughTheCorpus() throws {
        let dir = try CLI.temporaryDirectory()
        let ok = try CLI.run(["verify", "--driver", driver, "--corpus", "Corpus", "--depth", "2", "--walks", "20",
                              "--junit", dir.appendingPathComponent("ok.xml").path])
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertTrue(ok.stdout.contains("all 17 checks hold"), ok.stdout)

        let report = dir.appendingPathComponent("mutant.xml").path
        let bad = try CLI.run(["verify", "--driver", "\(driver) --mutant back-leaves-child", "--corpus", "Corpus",
                               "--depth", "0", "--walks", "0", "--junit", report])
        XCTAssertEqual(bad.status, 1, bad.stdout + bad.stderr)
        let suite = try XCTUnwrap(JUnitReader.read(path: report).suites.first)
        let failed = Set(suite.cases.filter { $0.outcome.isFailed }.map(\.name))
        XCTAssertTrue(failed.contains("no-orphan-children"), "\(failed)")
        // The 17 checks; a synchronous adapter's driver says its calls never overlap, so
        // nothing is skipped.
        XCTAssertEqual(suite.tests, 17)
        XCTAssertEqual(suite.cases.filter { $0.outcome.isSkipped }.map(\.name), [])
    }

    /// A failure is saved as a corpus file that `verify --corpus` replays: it fails against the
    /// mutant and passes against the fixed driver.
    func testAFailureIsSavedAsACorpusFileThatVerifyReplays() throws {
        let dir = try CLI.temporaryDirectory()
        let saved = dir.appendingPathComponent("failures")
        let found = try CLI.run(["verify", "--driver", "\(driver) --mutant swipe-leaves-child", "--presets", "small", "--depth", "2",
                                 "--walks", "0", "--save-failures", saved.path, "--junit", dir.appendingPathComponent("a.xml").path])
        XCTAssertEqual(found.status, 1, found.stdout + found.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: saved.path).filter { $0.hasSuffix(".trace") }
        XCTAssertEqual(files.count, 1, "\(files)")
        XCTAssertTrue(found.stdout.contains("--corpus \(saved.path)/\(files[0])"), found.stdout)
        let text = try String(contentsOf: saved.appendingPathComponent(files[0]), encoding: .utf8)
        XCTAssertTrue(text.contains("# broke: no-orphan-children"), text)
        let again = try CLI.run(["verify", "--driver", "\(driver) --mutant swipe-leaves-child", "--corpus", saved.path, "--depth", "0",
                                 "--walks", "0", "--junit", dir.appendingPathComponent("b.xml").path])
        XCTAssertEqual(again.status, 1, again.stdout + again.stderr)
        XCTAssertTrue(again.stdout.contains("FAIL no-orphan-children"), again.stdout)
        let fixed = try CLI.run(["verify", "--driver", driver, "--corpus", saved.path, "--depth", "0", "--walks", "0",
                                 "--junit", dir.appendingPathComponent("c.xml").path])
        XCTAssertTrue(fixed.stdout.contains("all 17 checks hold"), fixed.stdout)
    }

    /// A baseline that accepts the mutant's bug makes the run pass, and the console and the
    /// report say what was accepted; a baseline that cannot be read is one line, exit 2.
    func testABaselineAcceptsAKnownBug() throws {
        let dir = try CLI.temporaryDirectory()
        let baseline = dir.appendingPathComponent("known.baseline")
        try "# known: swiping a sheet away leaves its child\nno-orphan-children userSwipeDismiss\nsnapshot-conforms userSwipeDismiss\n"
            .write(to: baseline, atomically: true, encoding: .utf8)
        let report = dir.appendingPathComponent("r.xml").path
        let r = try CLI.run(["verify", "--driver", "\(driver) --mutant swipe-leaves-child", "--presets", "small", "--depth", "2",
                             "--walks", "20", "--baseline", baseline.path, "--junit", report])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("expected (baseline line 2: no-orphan-children userSwipeDismiss): "), r.stderr)
        XCTAssertTrue(r.stdout.contains("2 expected by the baseline"), r.stdout)
        let suite = try XCTUnwrap(JUnitReader.read(path: report).suites.first)
        XCTAssertEqual(suite.failures, 0)

        try "no-orphan-children swipe\n".write(to: baseline, atomically: true, encoding: .utf8)
        try assertBadInput(["verify", "--driver", driver, "--baseline", baseline.path],
                           mentions: "--baseline: \(baseline.path):1: no action kind named 'swipe'")
        try assertBadInput(["verify", "--driver", driver, "--baseline", dir.appendingPathComponent("none").path],
                           mentions: "none: cannot read the file")
    }

    /// `--launch` reaches the driver's reset: the sample driver declares launches and builds
    /// the root alone, so its first state differs from the model's, which shows the launch
    /// child; the report names the launch. A driver that does not declare launches starts
    /// nothing: exit 2, never a pass. A launch that is not one is one line, exit 2.
    func testALaunchReachesTheDriversReset() throws {
        let dir = try CLI.temporaryDirectory()
        let report = dir.appendingPathComponent("r.xml").path
        let undeclared = try CLI.run(["verify", "--driver", driver, "--launch", "navigation fullScreen r1", "--presets", "small", "--depth", "1"])
        XCTAssertEqual(undeclared.status, 2, undeclared.stdout + undeclared.stderr)
        XCTAssertTrue(undeclared.stderr.contains("does not declare launches (Capabilities.launches)"), undeclared.stderr)
        let r = try CLI.run(["verify", "--driver", "\(driver) --launch-ignoring", "--launch", "navigation fullScreen r1", "--presets", "small", "--depth", "1",
                             "--walks", "0", "--junit", report])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("the model has 'c0 navigation stack [r0] modals [fullScreen c1]"), r.stdout)
        XCTAssertTrue(r.stdout.contains("launch navigation fullScreen r1"), r.stdout)
        let suite = try XCTUnwrap(JUnitReader.read(path: report).suites.first)
        XCTAssertEqual(suite.properties.first { $0.name == "launch" }?.value, "navigation fullScreen r1")
        try assertBadInput(["verify", "--driver", driver, "--launch", "tab push r0"], mentions: "--launch takes 'KIND STYLE ROUTE'")
    }

    func testTraceFormatJSONPrintsOneObjectPerFailingTrace() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["verify", "--driver", "\(driver) --mutant back-leaves-child", "--presets", "small", "--depth", "2",
                             "--walks", "0", "--trace-format", "json", "--junit", dir.appendingPathComponent("r.xml").path])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let objects = r.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertFalse(objects.isEmpty)
        XCTAssertTrue(objects.allSatisfy { $0 != nil }, r.stdout)
        let checks = objects.compactMap { $0?["checks"] as? [String] }
        XCTAssertTrue(checks.contains { $0.contains("no-orphan-children") }, "\(checks)")
        XCTAssertEqual(objects.first??["trace"] as? [String], ["start c0 navigation push r0", "userBack"])
    }

    /// Shards do the whole job between them: walks by number, explored presets by position.
    func testShardsSplitTheWork() throws {
        let dir = try CLI.temporaryDirectory()
        func run(_ shard: String?) throws -> [String: String] {
            let report = dir.appendingPathComponent("\(shard ?? "whole").xml".replacingOccurrences(of: "/", with: "-")).path
            var args = ["verify", "--driver", driver, "--depth", "1", "--walks", "10", "--walk-length", "5", "--junit", report]
            if let shard { args += ["--shard", shard] }
            let r = try CLI.run(args)
            XCTAssertNotEqual(r.status, 2, r.stdout + r.stderr)
            let suite = try XCTUnwrap(JUnitReader.read(path: report).suites.first)
            return Dictionary(uniqueKeysWithValues: suite.properties.map { ($0.name, $0.value) })
        }
        let whole = try run(nil), first = try run("0/2"), second = try run("1/2")
        XCTAssertEqual(first["shard"], "0/2")
        XCTAssertEqual(Int(first["walks"] ?? "") .map { $0 + Int(second["walks"] ?? "0")! }, Int(whole["walks"] ?? ""))
        XCTAssertLessThan(Int(first["steps"] ?? "0")!, Int(whole["steps"] ?? "0")!)
    }

    /// Sharded and merged, verification keeps every check: a run too short to reach the
    /// `sometimes` properties fails as the unsharded one does, a run that reaches them in
    /// some shard passes as it does, and case times add up.
    func testAShardedVerificationFailsWhereTheWholeOneFails() throws {
        let dir = try CLI.temporaryDirectory()
        func verify(_ extra: [String], _ shards: Int) throws -> (whole: String, parts: [String]) {
            let tag = extra.joined(separator: "_")
            let whole = dir.appendingPathComponent("whole\(tag).xml").path
            _ = try CLI.run(["verify", "--driver", driver, "--junit", whole] + extra)
            var parts: [String] = []
            for i in 0..<shards {
                let part = dir.appendingPathComponent("part\(tag)-\(i).xml").path
                let r = try CLI.run(["verify", "--driver", driver, "--shard", "\(i)/\(shards)", "--junit", part] + extra)
                XCTAssertNotEqual(r.status, 2, r.stdout + r.stderr)
                parts.append(part)
            }
            return (whole, parts)
        }
        func failing(_ path: String) throws -> [String] {
            try JUnitReader.read(path: path).suites.flatMap(\.cases).filter(\.outcome.isFailed).map(\.name).sorted()
        }
        let short = try verify(["--presets", "small", "--depth", "1", "--walks", "0"], 2)
        let unreached = try failing(short.whole)
        XCTAssertTrue(unreached.contains("two-modal-levels"), "\(unreached)")
        let merged = dir.appendingPathComponent("merged.xml").path
        let m = try CLI.run(["merge", merged] + short.parts)
        XCTAssertEqual(m.status, 1, m.stdout + m.stderr)
        XCTAssertEqual(try failing(merged), unreached)
        let suite = try XCTUnwrap(JUnitReader.read(path: merged).suites.first)
        XCTAssertFalse(suite.properties.contains { $0.name == JUnitReader.lookedForProperty })
        let partTimes = try short.parts.map { try XCTUnwrap(JUnitReader.read(path: $0).suites.first?.cases.first { $0.name == "no-crash" }?.time) }
        XCTAssertEqual(suite.cases.first { $0.name == "no-crash" }?.time ?? -1, partTimes.reduce(0, +), accuracy: 0.002)

        let long = try verify(["--depth", "2", "--walks", "20"], 3)
        XCTAssertEqual(try failing(long.whole), [])
        let perSuite = dir.appendingPathComponent("suites/deeper").path
        let ok = try CLI.run(["merge", merged, "--junit-per-suite", perSuite] + long.parts)
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertEqual(try failing(merged), [])
        // Each step checked by one shard: the merged counts are the whole run's.
        func counts(_ path: String) throws -> [String] {
            let suite = try XCTUnwrap(JUnitReader.read(path: path).suites.first)
            return ["steps", "walks"].map { name in suite.properties.first { $0.name == name }?.value ?? "none" }
        }
        XCTAssertEqual(try counts(merged), try counts(long.whole))
        let one = try JUnitReader.read(path: perSuite + "/TEST-verify.xml")
        XCTAssertEqual(one.suites.map(\.name), ["verify"])
        XCTAssertEqual(one.suites[0].tests, try JUnitReader.read(path: merged).suites[0].tests)
        try assertBadInput(["merge", merged, "--junit-per-suite", merged] + long.parts, mentions: "not a writable directory")
    }

    /// A failure found by walks in several shards: the merged report leads with the
    /// counterexample one run leads with, not the first shard's.
    func testAMergedVerificationShowsTheCounterexampleOfOneRun() throws {
        let dir = try CLI.temporaryDirectory()
        let run = ["verify", "--driver", driver + " --mutant swipe-leaves-child", "--depth", "0", "--no-positions",
                   "--overlap-depth", "-1", "--walks", "40", "--walk-length", "12", "--seed", "3"]
        func failure(_ path: String) throws -> String? {
            try JUnitReader.read(path: path).suites.flatMap(\.cases).first { $0.name == "no-orphan-children" }.flatMap {
                if case .failure(let message, _, _) = $0.outcome { message } else { nil }
            }
        }
        let whole = dir.appendingPathComponent("whole.xml").path
        XCTAssertEqual(try CLI.run(run + ["--junit", whole]).status, 1)
        let one = try XCTUnwrap(try failure(whole))
        var parts: [String] = []
        for i in 0..<3 {
            parts.append(dir.appendingPathComponent("p\(i).xml").path)
            _ = try CLI.run(run + ["--shard", "\(i)/3", "--junit", parts[i]])
        }
        XCTAssertGreaterThan(try parts.compactMap(failure).count, 1, "found by more than one shard")
        for order in [parts, parts.reversed()] {
            let merged = dir.appendingPathComponent("merged.xml").path
            XCTAssertEqual(try CLI.run(["merge", merged] + order).status, 1)
            XCTAssertEqual(try failure(merged), one)
            let property = { (path: String) in try JUnitReader.read(path: path).suites[0].properties.first { $0.name == "first-trace.no-orphan-children" }?.value }
            XCTAssertEqual(try property(merged), try property(whole))
        }
    }

    /// Shards of another run are refused with one line: another seed, walk count, preset,
    /// depth, option, driver or version of NavFuzz.
    func testMergeRefusesShardsOfAnotherRun() throws {
        let dir = try CLI.temporaryDirectory()
        let base = ["--depth", "1", "--walks", "4", "--walk-length", "3"]
        func part(_ i: Int, _ extra: [String] = []) throws -> String {
            let path = dir.appendingPathComponent("p\(i)\(extra.joined()).xml").path
            let r = try CLI.run(["verify", "--driver", driver, "--shard", "\(i)/2", "--junit", path] + base + extra)
            XCTAssertNotEqual(r.status, 2, r.stdout + r.stderr)
            return path
        }
        let first = try part(0), out = dir.appendingPathComponent("out.xml").path
        try assertBadInput(["merge", out, first, try part(1, ["--seed", "7"])], mentions: "ran with seed 0 in")
        try assertBadInput(["merge", out, first, try part(1, ["--walks", "5"])], mentions: "ran with walks-asked 4 in")
        try assertBadInput(["merge", out, first, try part(1, ["--presets", "small"])], mentions: "ran with presets small,small-tab in")
        try assertBadInput(["merge", out, first, try part(1, ["--depth", "2"])], mentions: "ran with max-depth 1 in")
        try assertBadInput(["merge", out, first, try part(1, ["--no-positions"])], mentions: "ran with positions true in")
        try assertBadInput(["merge", out, first, try part(1, ["--overlap-depth", "-1"])], mentions: "ran with overlap-depth 1 in")
        let otherDriver = dir.appendingPathComponent("other-driver.xml").path
        _ = try CLI.run(["verify", "--driver", "exec " + driver, "--shard", "1/2", "--junit", otherDriver] + base)
        try assertBadInput(["merge", out, first, otherDriver], mentions: "ran with driver \(driver) in")
        // An option no suite property names: the command tells the runs apart.
        try assertBadInput(["merge", out, first, try part(1, ["--first-failure"])], mentions: "--first-failure --walk-length 3 --walks 4' but")
        // Where the output goes and how fast it runs do not make another run.
        let elsewhere = dir.appendingPathComponent("elsewhere/p1.xml").path
        _ = try CLI.run(["verify", "--driver", driver, "--shard", "1/2", "--junit", elsewhere, "--html", dir.appendingPathComponent("elsewhere.html").path, "--timeout", "20"] + base)
        XCTAssertEqual(try CLI.run(["merge", out, first, elsewhere]).status, 1, "merges (and fails: a run this short reaches too little)")
        try FileManager.default.removeItem(atPath: out)
        let second = try part(1)
        let older = dir.appendingPathComponent("older.xml").path
        try String(contentsOfFile: second, encoding: .utf8).replacingOccurrences(of: "name=\"version\" value=\"", with: "name=\"version\" value=\"0.0.")
            .write(toFile: older, atomically: true, encoding: .utf8)
        try assertBadInput(["merge", out, first, older], mentions: "ran with version")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing is written")
        XCTAssertEqual(try CLI.run(["merge", out, first, second]).status, 1, "a run this short reaches too little, but merges")
    }

    /// A driver that cannot start is an error: exit 2 with one line, and a report that says so
    /// (an error case, not a pass), written over any earlier one.
    func testADriverThatCannotStartIsAnError() throws {
        let junit = try CLI.temporaryDirectory().appendingPathComponent("r.xml").path
        try "<testsuites/>".write(toFile: junit, atomically: true, encoding: .utf8)
        let r = try CLI.run(["verify", "--driver", "/nonexistent/driver", "--junit", junit])
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.hasSuffix("\nNavFuzz: error: the driver '/nonexistent/driver' could not be verified: the driver exited with status 127 during the handshake (see docs/DRIVER-PROTOCOL.md)\n"), r.stderr)
        let cases = try JUnitReader.read(path: junit).suites.flatMap(\.cases)
        XCTAssertEqual(cases.map(\.name), ["verified"])
        XCTAssertTrue(cases.allSatisfy(\.outcome.isError), "\(cases)")
    }

    /// A driver slow to start fails its handshake within `--startup-timeout` (which is never
    /// below `--timeout`), and is verified with the default, which waits longer.
    func testStartupTimeoutBoundsTheHandshake() throws {
        let slow = "sleep 1; exec '\(driver)'"
        let junit = try CLI.temporaryDirectory().appendingPathComponent("r.xml").path
        let quick = ["verify", "--driver", slow, "--depth", "2", "--walks", "20", "--junit", junit]
        let cut = try CLI.run(quick + ["--startup-timeout", "0.3", "--timeout", "0.2"])
        XCTAssertEqual(cut.status, 2, cut.stdout + cut.stderr)
        XCTAssertTrue(cut.stderr.contains("did not answer the handshake within 300 ms"), cut.stderr)
        let waited = try CLI.run(quick)
        XCTAssertEqual(waited.status, 0, waited.stdout + waited.stderr)
        try assertBadInput(quick + ["--startup-timeout", "-1"], mentions: "--startup-timeout takes a positive number of seconds up to 3600, not '-1'")
    }

    /// `verify --connect PORT` reaches a driver serving on the loopback; `--driver` and
    /// `--connect` together, or neither, are one line of bad input.
    func testConnectReachesADriverOnTheLoopback() throws {
        let serving = Process()
        serving.executableURL = URL(fileURLWithPath: driver)
        serving.arguments = ["--mutant", "swipe-leaves-child", "--port", "0"]
        let errors = Pipe()
        serving.standardError = errors
        try serving.run()
        defer { if serving.isRunning { serving.terminate() }; serving.waitUntilExit() }
        var said = Data()
        while !said.contains(10) { let chunk = errors.fileHandleForReading.availableData; if chunk.isEmpty { break }; said += chunk }
        let port = try XCTUnwrap(String(decoding: said, as: UTF8.self).split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        let dir = try CLI.temporaryDirectory()
        let run = try CLI.run(["verify", "--connect", port, "--presets", "small", "--depth", "2", "--walks", "0",
                               "--save-failures", dir.path, "--junit", dir.appendingPathComponent("a.xml").path])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("no-orphan-children"), run.stdout)
        XCTAssertTrue(run.stdout.contains("verify --connect \(port) --corpus "), run.stdout)

        try assertBadInput(["verify", "--driver", driver, "--connect", port], mentions: "'verify' takes --driver or --connect, not both")
        try assertBadInput(["verify"], mentions: "'verify' needs --driver 'COMMAND' or --connect PORT")
        try assertBadInput(["verify", "--connect", "70000"], mentions: "--connect")
    }
}
