@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzDriver
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// One run per seed: the same seed and options send the same calls in the same order and reach
/// the same verdict, in process and through a driver (which takes announced calls in batches),
/// whatever ids the implementation gives its coordinators and wherever it answers `notOffered`.
final class VerdictTests: XCTestCase {
    static let options = Verifier.Options(depth: 2, walks: 60)

    private func driver(_ arguments: String) throws -> Driver {
        guard let path = DriverTests.sampleDriver else { throw XCTSkip("SampleDriver is not built next to the tests") }
        return .command("'\(path)' \(arguments)")
    }

    private func temporaryFile() -> String {
        let path = NSTemporaryDirectory() + "navfuzz-calls-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func bytes(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }

    /// The calls the library received, byte for byte, in two runs of one seed; and the same in
    /// process as through the driver, but for the driver's own saved-state ids.
    func testTwoRunsOfOneSeedSendTheSameCallsInProcessAndThroughADriver() throws {
        var logs: [[UInt8]] = []
        var reports: [VerificationReport] = []
        for _ in 0 ..< 2 {
            let path = temporaryFile()
            reports.append(Verifier.verify(CallLogging(SampleSystem(), path: path), options: Self.options))
            logs.append(bytes(path))
        }
        for _ in 0 ..< 2 {
            let path = temporaryFile()
            reports.append(Verifier.verify(driver: try driver("--log '\(path)'"), options: Self.options))
            logs.append(bytes(path))
        }
        XCTAssertGreaterThan(logs[0].count, 10_000)
        XCTAssertEqual(logs[0], logs[1], "in process, two runs of one seed")
        XCTAssertEqual(logs[2], logs[3], "through the driver, two runs of one seed")
        for report in reports {
            XCTAssertTrue(report.passed, report.text)
            XCTAssertEqual(report.notes, [], report.text)
            XCTAssertEqual(report.steps, reports[0].steps, report.text)
        }
    }

    /// Ids out of creation order: the same steps checked in process and through a batched
    /// driver, and no note.
    func testIdsOutOfCreationOrderGiveTheSameRunEveryWay() throws {
        let inProcess = Verifier.verify(RenumberingSystem(SampleSystem()), options: Self.options)
        let driven = Verifier.verify(driver: try driver("--renumbered"), options: Self.options)
        for report in [inProcess, driven] {
            XCTAssertTrue(report.passed, report.text)
            XCTAssertEqual(report.notes, [], report.text)
        }
        XCTAssertEqual(inProcess.steps, driven.steps)
        XCTAssertGreaterThan(inProcess.steps, 1000)
    }

    /// A bug found where the implementation numbers its coordinators its own way: the same
    /// failures, traces and reasons as with the model's ids, coordinators named by model ids.
    func testIdsOutOfCreationOrderGiveTheSameFailures() {
        let options = Verifier.Options(depth: 2, walks: 20)
        let own = Verifier.verify(SampleSystem(mutant: .swipeLeavesChild), options: options)
        let renumbered = Verifier.verify(RenumberingSystem(SampleSystem(mutant: .swipeLeavesChild)), options: options)
        func said(_ r: VerificationReport) -> [String] { r.failures.map { "\($0.check): \($0.reason) at \($0.trace)" } }
        XCTAssertFalse(own.failures.isEmpty)
        XCTAssertEqual(said(renumbered), said(own))
        XCTAssertTrue(said(own).contains { $0.contains("c1 is a child of c0 but hosted nowhere") }, "\(said(own))")
    }

    /// A batched driver that answers `notOffered` where the model applies the step: the same
    /// steps checked as in process, nothing but the count of calls not offered in the notes,
    /// and a baseline entry for a bug the library does not have is not matched.
    func testABatchedDriverThatAnswersNotOfferedChecksTheSameSteps() throws {
        var options = Self.options
        options.baseline = Baseline([Baseline.Entry(check: .invariant("stack-shape"), action: .push)])
        let inProcess = Verifier.verify(TopLayerPushes(declared: true), options: options)
        let driven = Verifier.verify(driver: try driver("--top-layer-push"), options: options)
        for report in [inProcess, driven] {
            XCTAssertTrue(report.passed, report.text)
            XCTAssertGreaterThan(report.notOffered[.push] ?? 0, 0, report.text)
            XCTAssertEqual(report.notes.filter { !$0.hasPrefix("not offered where the implementation said so") }, [], report.text)
            XCTAssertEqual(report.expected.count, 0, "no phantom match: \(report.baselineLines)")
            XCTAssertEqual(report.staleBaseline.count, 1, report.text)
        }
        XCTAssertEqual(inProcess.steps, driven.steps)
        XCTAssertEqual(inProcess.notOffered, driven.notOffered)
    }
}
