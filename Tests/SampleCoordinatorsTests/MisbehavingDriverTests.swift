@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzDriver
@_spi(Engine) import NavFuzzKit
import XCTest

/// Tiny drivers written in Python that implement `push` and `pop` on a root navigation stack
/// correctly, except for one misbehaviour each: hanging, dying, or breaking the protocol.
final class MisbehavingDriverTests: XCTestCase {
    /// scripts/probes/tiny-driver.py, which scripts/probe-hostile.sh runs too.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/probes/tiny-driver.py").path

    func command(_ mode: String) -> String { "exec python3 '\(Self.script)' \(mode)" }

    func options(timeout: Double = 5) -> Verifier.Options {
        Verifier.Options(presets: [.small], depth: 3, walks: 20, walkLength: 10, timeout: timeout)
    }

    func testTinyDriverConforms() {
        let report = Verifier.verify(driver: command("ok"), options: options())
        XCTAssertTrue(report.passed, report.text)
        XCTAssertEqual(report.system, "tiny-ok")
    }

    func testHangIsNoHang() {
        var options = options(timeout: 0.3)
        options.walks = 3
        let report = Verifier.verify(driver: command("hang"), options: options)
        XCTAssertNil(report.error, report.text)
        guard let failure = report.failure(.noHang) else { return XCTFail(report.text) }
        XCTAssertEqual(failure.trace.map(\.description), ["push c0 r0", "pop c0"], failure.text)
        XCTAssertTrue(failure.reason.contains("did not answer step 'pop c0' within 300 ms"), failure.reason)
        XCTAssertGreaterThan(report.restarts, 0)
        XCTAssertEqual(report.failures.map(\.check), [.noHang], report.text)
    }

    /// Started through the shell as the docs' commands are (no `exec`): the shell, the driver
    /// and the child it forked are all ended, within the timeout and a second.
    func testAHungDriverAndWhatItForkedAreEnded() throws {
        var options = options(timeout: 0.3)
        options.walks = 3
        let start = Date()
        let report = Verifier.verify(driver: "python3 '\(Self.script)' hang-forked", options: options)
        XCTAssertNotNil(report.failure(.noHang), report.text)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "each hang costs the timeout and no more")
        XCTAssertEqual(try Self.processes(matching: "sleep 31.4159"), [], "the forked child outlived its driver")
    }

    /// A driver that hangs on every step is reported without a timeout for every run of the
    /// budget: once it has hung on two steps in a row, the rest of that phase is skipped, and the
    /// hang is neither shrunk nor reported more than once. (Without that: 312 runs, 210 s.)
    func testADriverThatHangsOnEveryStepIsReportedQuickly() {
        let start = Date()
        let report = Verifier.verify(driver: command("hang-always"), options: Verifier.Options(timeout: 0.25))
        let seconds = Date().timeIntervalSince(start)
        XCTAssertNotNil(report.failure(.noHang), report.text)
        XCTAssertLessThan(seconds, 15, report.text)
        XCTAssertLessThan(report.restarts, 20, report.text)
        XCTAssertEqual(report.failures(.noHang).count, 1, report.text)
        // A run that gave up is not a pass, whatever it found: it did not test the rest.
        XCTAssertTrue(report.stoppedEarly?.contains("the implementation failed on step after step (5 crashes or 2 hangs in a row, 2 hangs in a phase, or 3 on one step)") == true, report.text)
        XCTAssertTrue(report.text.contains("FAIL: stopped early, so not everything was tested"), report.text)
    }

    /// A reply without end is a protocol error, read no further than the limit. (The timeout is
    /// long so that a slow machine reaches the limit first.)
    func testAnEndlessReplyIsAProtocolError() {
        let report = Verifier.verify(driver: command("endless-line"), options: options(timeout: 60))
        XCTAssertTrue(report.error?.contains("longer than \(DriverSystem.replyLimit) bytes without a newline") == true, report.text)
        XCTAssertEqual(report.exitCode, 2)
    }

    /// A death after the last reply of one trace is not the next trace's reset: the reset goes
    /// to a new process, and the next trace fails at its own second step.
    func testADeathAfterATracesLastReplyIsNotBlamedOnTheNextReset() throws {
        let push = try Action(parsing: "push c0 r1")
        let options = Verifier.Options(presets: [.small], depth: 0, walks: 0, timeout: 5, traces: [
            GivenTrace(name: "one step", actions: [push]), GivenTrace(name: "two steps", actions: [push, push]),
        ])
        let report = Verifier.verify(driver: command("exit-after-reply"), options: options)
        guard let failure = report.failure(.noCrash) else { return XCTFail(report.text) }
        XCTAssertEqual(failure.source, "two steps", failure.text)
        XCTAssertEqual(failure.trace.map(\.description), ["push c0 r0", "push c0 r0"], failure.text)   // shrunk
        XCTAssertTrue(failure.reason.contains("during step 'push c0 r0'"), failure.reason)
    }

    /// A crash the baseline expects does not count towards giving up: the run goes on to its
    /// end and passes, where the same crash unexpected stops the phases early.
    func testABaselinedCrashDoesNotCountTowardsGivingUp() {
        var options = options()
        options.depth = 2
        options.baseline = Baseline([Baseline.Entry(check: .noCrash, action: .push)])
        let report = Verifier.verify(driver: command("crash"), options: options)
        XCTAssertNil(report.stoppedEarly, report.text)
        XCTAssertTrue(report.passed, report.text)
        XCTAssertEqual(report.expected.count, 1, report.text)
        XCTAssertEqual(report.walks, 20, "every walk ran: \(report.text)")
    }

    /// The processes whose command line contains `text`.
    static func processes(matching text: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { pid -> String? in
            guard Int(pid) != nil, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }

    /// A driver that dies on one step: `no-crash`, with the driver's last words; a phase stops
    /// once that step has killed it three times, not after the whole budget of restarts.
    func testDeathIsNoCrashAndAPhaseStopsAfterThreeOnOneStep() {
        var options = options()
        options.depth = 2
        let report = Verifier.verify(driver: command("crash"), options: options)
        XCTAssertNil(report.error, report.text)
        guard let failure = report.failure(.noCrash) else { return XCTFail(report.text) }
        XCTAssertEqual(failure.trace.map(\.description), ["push c0 r1"], failure.text)
        XCTAssertTrue(failure.reason.contains("exited with status 3 during step 'push c0 r1'"), failure.reason)
        XCTAssertTrue(failure.diagnostics.contains("tiny driver: cannot push r1"), failure.diagnostics)
        XCTAssertTrue(failure.text.contains("tiny driver: cannot push r1"), failure.text)
        XCTAssertGreaterThan(report.restarts, 1)
        XCTAssertLessThan(report.walks, 20, report.text)
        XCTAssertTrue(report.stoppedEarly?.hasPrefix("the random walks of swarm") == true, report.text)
    }

    /// A driver that exits right after each reply (a crash from a task that outlives the step)
    /// is found dead by the next request, whatever it is: the reset that starts a new path is
    /// sent again to a new process, the step after a reply fails `no-crash`, and the run ends
    /// in seconds, not after a restart per step.
    func testADriverThatExitsAfterEachReplyIsANoCrashFailure() {
        let report = Verifier.verify(driver: command("exit-after-reply"), options: options())
        guard let failure = report.failure(.noCrash) else { return XCTFail(report.text) }
        XCTAssertTrue(failure.reason.contains("the driver exited with status 0 during step"), failure.reason)
        XCTAssertLessThan(report.restarts, 40, report.text)
        XCTAssertTrue(report.text.contains("the driver was restarted"), report.text)
    }

    func testMissingFieldNamesTheReplyLine() {
        let report = Verifier.verify(driver: command("missing-outcome"), options: options())
        // Reply 1 is the handshake, 2 the reset, 3 the first step.
        XCTAssertEqual(report.error, "driver reply 3: expected field 'outcome'")
        XCTAssertEqual(report.exitCode, 2)
    }

    func testNonJSONReplyNamesTheLine() {
        let report = Verifier.verify(driver: command("not-json"), options: options())
        XCTAssertEqual(report.error, "driver reply 3: not JSON: column 1: expected a JSON value, found 'p' in 'pushed it!'")
    }

    func testWrongProtocolVersion() {
        let report = Verifier.verify(driver: command("bad-handshake"), options: options())
        XCTAssertEqual(report.error, "driver reply 1: the driver speaks protocol version 2; this NavFuzz speaks 1")
    }

    func testBadSnapshotNamesTheField() {
        let report = Verifier.verify(driver: command("bad-snapshot"), options: options())
        XCTAssertEqual(report.error, "driver reply 2: field 'snapshot.coordinators[0].stack[0]': expected a screen like r0 or a child like c1, found 'x1'")
    }

    func testCommandThatDoesNotStart() {
        let report = Verifier.verify(driver: "exec /nonexistent/driver", options: options())
        XCTAssertNotNil(report.error)
        XCTAssertTrue(report.error?.contains("exited with status 127 during the handshake") == true, report.error ?? "")
        XCTAssertTrue(report.diagnostics.contains("nonexistent"), report.diagnostics)
    }

    func testSilentDriverTimesOutAtTheHandshake() throws {
        do {
            _ = try DriverSystem(command: "exec sleep 30", timeout: 0.2, startupTimeout: 0.2)
            XCTFail("a driver that never answers must not start")
        } catch {
            XCTAssertEqual(error.kind, .hang)
            XCTAssertEqual(error.message, "the driver did not answer the handshake within 200 ms; it was killed (a slow start needs a longer startupTimeout: --startup-timeout of verify)")
        }
    }
}
