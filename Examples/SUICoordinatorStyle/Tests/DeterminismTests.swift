import SUIStyleAdapter
import Foundation
@_spi(Engine) import NavFuzzKit
import NavFuzzTesting
import SUIStyleCoordinators
import Testing

/// An adapter that writes down every call the library receives, in order, to a file: the
/// same in the test's process and in the child process that serves it.
@MainActor
final class CallLog<Inner: AsyncNavigationSystem>: AsyncNavigationSystem {
    let inner: Inner
    private let file: FileHandle?
    init(_ inner: Inner, path: String) {
        self.inner = inner
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        file = FileHandle(forWritingAtPath: path)
    }
    private func log(_ line: String) { file?.write(Data((line + "\n").utf8)) }
    var capabilities: Capabilities { inner.capabilities }
    var name: String { inner.name }
    var suspensionPoints: SuspensionPoints? { inner.suspensionPoints }
    func reset(configuration: Configuration) async throws(SystemFailure) {
        log("reset \(configuration)")
        try await inner.reset(configuration: configuration)
    }
    func apply(_ action: Action) async throws(SystemFailure) -> SystemStep {
        log("\(action)")
        return try await inner.apply(action)
    }
    func observedState() async throws(SystemFailure) -> State { try await inner.observedState() }
    func coordinatorObject(id: Int) -> AnyObject? { inner.coordinatorObject(id: id) }
}

/// One run per seed: the SUI-style library, whose async adapter takes a state's calls in
/// batches on the main actor, receives the same calls byte for byte in two runs of one seed,
/// in process and in a child process served through the driver protocol, with no note.
@Suite struct Determinism {
    static let options = Verifier.Options(depth: 2, walks: 40)

    /// Where the run at `line` writes its log: the same path in the child process, which runs
    /// this test again from its start.
    static func path(_ line: Int) -> String { NSTemporaryDirectory() + "navfuzz-sui-calls-\(getuid())-\(line)" }

    static func read(_ line: Int) -> [UInt8] {
        defer { try? FileManager.default.removeItem(atPath: path(line)) }
        return Array(FileManager.default.contents(atPath: path(line)) ?? Data())
    }

    @Test func twoRunsOfOneSeedSendTheSameCalls() async {
        var logs: [[UInt8]] = []
        var reports: [VerificationReport] = []
        for _ in 0 ..< 2 {
            let result = await verifyConformance(CallLog(SUICoordinatorSystem(), path: Self.path(#line)), options: Self.options)
            logs.append(Self.read(#line - 1))
            reports.append(result)
        }
        #expect(logs[0].count > 10_000)
        #expect(logs[0] == logs[1], "in process")
        for report in reports {
            #expect(report.passed, "\(report.text)")
            #expect(report.notes.isEmpty, "\(report.notes)")
        }
    }

    @Test func twoRunsInAChildProcessSendTheSameCalls() async {
        var child = Self.options
        child.runIn = .childProcess
        let first = await expectConformance(CallLog(SUICoordinatorSystem(), path: Self.path(#line)), options: child)
        let firstLog = Self.read(#line - 1)
        let second = await expectConformance(CallLog(SUICoordinatorSystem(), path: Self.path(#line)), options: child)
        let secondLog = Self.read(#line - 1)
        guard let first, let second else { return }   // in the child process of one of them
        #expect(firstLog.count > 10_000)
        #expect(firstLog == secondLog, "through the driver protocol")
        #expect(first.steps == second.steps)
        #expect(first.notes.isEmpty && second.notes.isEmpty, "\(first.notes)")
        // The child process runs the overlap phase too, through the driver protocol.
        #expect(first.skipped.isEmpty && first.interleavings > 1000, "\(first.skipped)")
    }
}
