import Foundation
@testable import NavFuzzDriver
import XCTest
@_spi(Engine) @testable import NavFuzzKit

/// The pin that puts a lock-step driver on the verifying thread's core.
final class ThreadPinTests: XCTestCase {
    /// The CPUs a process started now may run on, as Linux lists them ("0-1", "1").
    private func childCPUs() throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "grep Cpus_allowed_list /proc/self/status"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self)
        return line.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? line
    }

    func testAChildStartedWhilePinnedRunsOnTheSameOneCPUAndReleaseGivesTheCPUsBack() throws {
        #if os(Linux)
        let before = try childCPUs()
        guard let pin = ThreadPin.toCurrentCPU() else { return XCTFail("pinning is supported on Linux") }
        let pinned = try childCPUs()
        pin.release()
        XCTAssertEqual(pinned, String(pin.cpu), "the child inherits exactly the pinned CPU")
        XCTAssertEqual(try childCPUs(), before, "release restores the thread's CPUs")
        #else
        XCTAssertNil(ThreadPin.toCurrentCPU(), "only Linux pins threads")
        #endif
    }
}
