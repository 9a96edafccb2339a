@_spi(Engine) import NavFuzzKit
import NavFuzzTesting
import SUIStyleCoordinators
import Testing

/// An adapter that writes down every call the library receives, in order.
@MainActor
final class CallLog<Inner: AsyncNavigationSystem>: AsyncNavigationSystem {
    let inner: Inner
    var lines: [String] = []
    init(_ inner: Inner) { self.inner = inner }
    var capabilities: Capabilities { inner.capabilities }
    var name: String { inner.name }
    var suspensionPoints: SuspensionPoints? { inner.suspensionPoints }
    func reset(configuration: Configuration) async throws(SystemFailure) {
        lines.append("reset \(configuration)")
        try await inner.reset(configuration: configuration)
    }
    func apply(_ action: Action) async throws(SystemFailure) -> SystemStep {
        lines.append("\(action)")
        return try await inner.apply(action)
    }
    func observedState() async throws(SystemFailure) -> State { try await inner.observedState() }
    func coordinatorObject(id: Int) -> AnyObject? { inner.coordinatorObject(id: id) }
}

@Suite struct Determinism {
    @Test func twoRunsWithOneSeedSendTheSameCalls() async {
        var logs: [[String]] = []
        var notes: [[String]] = []
        for _ in 0 ..< 2 {
            let log = await CallLog(SUICoordinatorSystem())
            let result = await verifyConformance(log, options: Verifier.Options(overlapDepth: -1))
            logs.append(await log.lines)
            notes.append(result.report.notes)
        }
        #expect(logs[0].count == logs[1].count)
        if let k = zip(logs[0], logs[1]).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("call \(k) differs: \(logs[0][k]) / \(logs[1][k]); before: \(logs[0][max(0, k - 10) ..< k])")
        }
        #expect(notes[0].isEmpty, "\(notes[0])")
    }
}

