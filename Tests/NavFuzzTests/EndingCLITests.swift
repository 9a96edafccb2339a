@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzJUnit
import XCTest

/// Whatever ends NavFuzz ends its drivers too, and NavFuzz exits with 128 + the signal.
final class EndingCLITests: XCTestCase {
    /// Answers the handshake, then forks a child that keeps the pipes open and hangs.
    static let hangingDriver = #"""
    import json, os, sys, time
    for line in sys.stdin:
        if "navfuzz" in json.loads(line):
            sys.stdout.write(json.dumps({"navfuzz": 1, "name": "hangs", "actions": ["push", "pop"]}) + "\n")
            sys.stdout.flush()
            continue
        if os.fork() == 0:
            os.execvp("sleep", ["sleep", "27.1828"])
        time.sleep(1000)
    """#

    func testATerminatedNavFuzzEndsItsDriverAndWhatItForked() throws {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let dir = try CLI.temporaryDirectory()
            let script = dir.appendingPathComponent("hangs.py")
            try Self.hangingDriver.write(to: script, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = CLI.products.appendingPathComponent("NavFuzz")
            // Through the shell, without exec, as the docs' examples start drivers.
            process.arguments = ["verify", "--driver", "python3 '\(script.path)'", "--timeout", "100",
                                 "--junit", dir.appendingPathComponent("r.xml").path]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // Until the driver has forked its child.
            for _ in 0..<200 where try MisbehavingProcesses.matching("sleep 27.1828").isEmpty { usleep(25_000) }
            XCTAssertFalse(try MisbehavingProcesses.matching("sleep 27.1828").isEmpty, "the driver never hung")
            kill(process.processIdentifier, signal)
            let start = Date()
            process.waitUntilExit()
            XCTAssertLessThan(Date().timeIntervalSince(start), 2)
            XCTAssertEqual(process.terminationStatus, 128 + signal)
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertTrue(said.contains("ended by signal \(signal)"), said)
            for _ in 0..<40 where !(try MisbehavingProcesses.matching("sleep 27.1828").isEmpty) { usleep(25_000) }
            XCTAssertEqual(try MisbehavingProcesses.matching("sleep 27.1828"), [], "a driver's child outlived NavFuzz")
            XCTAssertEqual(try MisbehavingProcesses.matching(script.path), [], "the driver outlived NavFuzz")
            // What was done is reported, marked partial.
            let report = try String(contentsOf: dir.appendingPathComponent("r.xml"), encoding: .utf8)
            XCTAssertTrue(report.contains("<testsuite name=\"interrupted\""), report)
            XCTAssertTrue(report.contains("ended by signal \(signal) before the run finished: this report is partial"), report)
            XCTAssertTrue(said.contains("partial report (0 activities): \(dir.appendingPathComponent("r.xml").path)"), said)
        }
    }
}

extension EndingCLITests {
    /// A CI job killed by its timeout during an exploration: the report shows the states and
    /// the depth reached and each invariant checked so far, the exploration marked incomplete,
    /// and NavFuzz exits 143 at once.
    func testSIGTERMDuringExploreReportsWhatItReached() throws {
        let dir = try CLI.temporaryDirectory()
        let report = dir.appendingPathComponent("r.xml")
        let process = Process()
        process.executableURL = CLI.products.appendingPathComponent("NavFuzz")
        process.arguments = ["explore", "--preset", "deep", "--junit", report.path]
        process.currentDirectoryURL = dir
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        sleep(3)
        kill(process.processIdentifier, SIGTERM)
        let start = Date()
        process.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertEqual(process.terminationStatus, 143)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let suites = try JUnitReader.read(path: report.path).suites
        XCTAssertEqual(suites.map(\.name), ["explore.deep", "interrupted"], said)
        let explored = try XCTUnwrap(suites.first)
        func property(_ name: String) -> String? { explored.properties.first { $0.name == name }?.value }
        let states = try XCTUnwrap(property("states").flatMap(Int.init)), depth = try XCTUnwrap(property("depth").flatMap(Int.init))
        XCTAssertGreaterThan(states, 1)
        XCTAssertGreaterThan(depth, 0)
        XCTAssertLessThan(states, 2_869_732, "deep has that many: the exploration was cut")
        XCTAssertEqual(property("complete"), "false")
        XCTAssertEqual(property("ended-by"), "signal 15")
        for invariant in Invariant.all.map(\.name) {
            XCTAssertEqual(explored.cases.first { $0.name == invariant }?.outcome, .passed, "\(invariant) checked so far, and held")
        }
        XCTAssertEqual(explored.cases.first { $0.name == "complete" }?.outcome,
                       .skipped(message: "ended by signal 15 after \(states) states to depth \(depth): this exploration is incomplete"))
        XCTAssertTrue(said.contains("explore.deep stopped at depth \(depth) with \(states) states; partial report (1 activities)"), said)
    }
}

extension EndingCLITests {
    /// A verification ended by a signal after it found a failure: the failure is in the
    /// partial report and on standard error, as found (not yet shrunk or replayed).
    func testSIGTERMDuringVerifyKeepsTheFailuresFoundSoFar() throws {
        let dir = try CLI.temporaryDirectory()
        let report = dir.appendingPathComponent("r.xml")
        let driver = CLI.packageRoot.appendingPathComponent("scripts/probes/tiny-driver.py").path
        let process = Process()
        process.executableURL = CLI.products.appendingPathComponent("NavFuzz")
        process.arguments = ["verify", "--driver", "exec python3 '\(driver)' wrong-then-hang", "--timeout", "100", "--junit", report.path]
        process.currentDirectoryURL = dir
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<400 where try MisbehavingProcesses.matching("sleep 16.1803").isEmpty { usleep(25_000) }
        XCTAssertFalse(try MisbehavingProcesses.matching("sleep 16.1803").isEmpty, "the driver never hung")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(said.contains("verify: FAIL snapshot-conforms: the model's outcome is refused(atRoot), the implementation's applied"), said)
        let suites = try JUnitReader.read(path: report.path).suites
        XCTAssertEqual(suites.map(\.name), ["verify", "interrupted"], said)
        let failed = suites.first?.cases.filter { $0.outcome.isFailed }.map(\.name) ?? []
        XCTAssertTrue(failed.contains("snapshot-conforms"), "\(failed)")
    }
}

extension EndingCLITests {
    /// The partial report's failures link to their pictures: the page is written with it, so
    /// a link a signal leaves never leads nowhere.
    func testSIGTERMWritesThePageThePartialReportLinksTo() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Corpus"), withIntermediateDirectories: true)
        try "# navfuzz-corpus 1\nstart c0 navigation push r0\nuserBack\nexpect: violates stack-shape\n"
            .write(to: dir.appendingPathComponent("Corpus/wrong.trace"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = CLI.products.appendingPathComponent("NavFuzz")
        // The corpus fails at once; the exploration after it runs for minutes in a debug build.
        process.arguments = ["--explore", "deep", "--walks", "0", "--junit", "r.xml"]
        process.currentDirectoryURL = dir
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let report = dir.appendingPathComponent("r.xml").path
        var seen = ""
        let reader = errors.fileHandleForReading
        while !seen.contains("done: FAIL  corpus") {
            let data = reader.availableData
            if data.isEmpty { break }
            seen += String(decoding: data, as: UTF8.self)
        }
        XCTAssertTrue(seen.contains("done: FAIL  corpus"), seen)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        let corpus = try XCTUnwrap(JUnitReader.read(path: report).suites.first { $0.name == "corpus" })
        guard case .failure(_, _, let text)? = corpus.cases.first?.outcome else { return XCTFail("\(corpus.cases)") }
        let link = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("picture: ") }).dropFirst("picture: ".count)
        let parts = link.split(separator: "#")
        XCTAssertEqual(parts.first.map(String.init), "r.html", text)
        let page = try String(contentsOf: dir.appendingPathComponent("r.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("id=\"\(parts.last ?? "")\""), "the page has the linked section: \(link)")
    }
}

enum MisbehavingProcesses {
    /// The processes whose command line contains `text`.
    static func matching(_ text: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { pid -> String? in
            guard Int(pid) != nil, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }
}
