import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// The pictures of a run's failing traces, gathered as each is rendered, and written at the end
/// as one self-contained HTML page next to the JUnit report (NavFuzzKit's `HTMLReport`).
final class Pictures: @unchecked Sendable {
    static let shared = Pictures()
    private let lock = NSLock()
    private var traces: [HTMLReport.Trace] = []

    /// Adds a trace; its anchor in the page (`#failure-N`).
    func add(_ trace: HTMLReport.Trace) -> String {
        lock.lock(); defer { lock.unlock() }
        traces.append(trace)
        return "#failure-\(traces.count)"
    }

    /// Writes the page to `path` as the report is written (atomically; a device is written
    /// through). Every run writes it, so that it is never an earlier run's. False when it
    /// could not be written.
    func write(to path: String, title: String) -> Bool {
        let page = lock.withLock { HTMLReport(title: title, traces: traces).html }
        return (try? JUnitWriter.writeAtomically(Array(page.utf8), to: path)) != nil
    }
}
