import Foundation
import NavFuzzKit

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

    /// Writes the page to `path` atomically (every run writes it, so that it is never an
    /// earlier run's); false when it could not be written.
    func write(to path: String, title: String) -> Bool {
        lock.lock()
        let page = HTMLReport(title: title, traces: traces).html
        lock.unlock()
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try FileManager.default.createDirectory(atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
            try Data(page.utf8).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, path) == 0 else { try? FileManager.default.removeItem(atPath: temporary); return false }
            return true
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return false
        }
    }
}
