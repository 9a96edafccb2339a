import Foundation
import NavFuzzDriver
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// A driver reached over TCP on the loopback (`Driver.loopback`, `DriverServer.Transport.loopback`):
/// what an adapter in a process NavFuzz cannot start (an app in a simulator) serves. Tested on
/// Linux over 127.0.0.1.
final class LoopbackTests: XCTestCase {
    /// SampleDriver started serving on any free port; its port, read from its first line on
    /// standard error.
    private func serving(_ arguments: [String] = []) throws -> (Process, UInt16) {
        guard let path = DriverTests.sampleDriver else { throw XCTSkip("SampleDriver is not built next to the tests") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments + ["--port", "0"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        addTeardownBlock { if process.isRunning { process.terminate() }; process.waitUntilExit() }
        var line = Data()
        while !line.contains(10) {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let port = text.split(separator: ":").last.flatMap({ UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            throw XCTSkip("SampleDriver did not say where it listens: \(text)")
        }
        XCTAssertTrue(text.hasPrefix("NavFuzz driver: listening on 127.0.0.1:"), text)
        return (process, port)
    }

    func testADriverOnTheLoopbackConforms() throws {
        let (process, port) = try serving()
        let result = verifyConformance(driver: .loopback(port: port), options: Verifier.Options(depth: 2, walks: 50))
        XCTAssertTrue(result.passed, result.failureMessage)
        XCTAssertEqual(result.system, "SampleDriver")
        XCTAssertGreaterThan(result.steps, 1000)
        // One connection served: the driver ends when NavFuzz closes it.
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testAMutantOnTheLoopbackFailsAsThroughPipes() throws {
        let (_, port) = try serving(["--mutant", "swipe-leaves-child"])
        let options = Verifier.Options(depth: 2, walks: 50, stopAtFirstFailure: true)
        let looped = verifyConformance(driver: .loopback(port: port), options: options)
        let piped = verifyConformance(driver: .command("'\(DriverTests.sampleDriver!)' --mutant swipe-leaves-child"), options: options)
        XCTAssertFalse(looped.passed)
        XCTAssertEqual(looped.failures.map(\.check), piped.failures.map(\.check))
        XCTAssertEqual(looped.failures.map(\.trace), piped.failures.map(\.trace))
    }

    func testNothingListeningIsOneLineWithinTheStartupTimeout() {
        // A port nothing listens on: bound and closed again by this test.
        let port = UInt16(49_152 + Int(ProcessInfo.processInfo.processIdentifier) % 10_000)
        let start = Date()
        let result = verifyConformance(driver: .loopback(port: port), options: Verifier.Options(timeout: 0.2, startupTimeout: 0.5))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertTrue(result.failureMessage.contains("cannot connect to the driver at 127.0.0.1:\(port)"), result.failureMessage)
        XCTAssertFalse(result.failureMessage.contains("\n"), result.failureMessage)
    }
}
