import Foundation
import NavFuzzDriver
import NavFuzzJUnit

/// What a run has finished so far, so that a NavFuzz ended by a signal (a CI timeout, Ctrl-C)
/// still leaves a report: the activities done, and a failed `interrupted` suite saying the
/// report is partial.
final class PartialReport: @unchecked Sendable {
    static let shared = PartialReport()
    private let lock = NSLock()
    private var path: String?
    private var done: [Activity] = []
    private var finished = false
    private var ended = false

    /// The run's report path, once it is known to be writable.
    func begin(path: String) { lock.withLock { self.path = path; done = [] } }

    func add(_ activity: Activity) { lock.withLock { done.append(activity) } }

    /// The run writes its own report now: a signal from here on leaves it to that. After a
    /// signal the run's thread waits here instead: the signal's exit comes, and the run does
    /// not report what the ending did to its drivers as their failures.
    func finishing() {
        parkIfEnded()
        lock.withLock { finished = true }
    }

    func parkIfEnded() {
        guard lock.withLock({ ended }) else { return }
        while true { sleep(60) }
    }

    /// Ends every driver, writes the partial report and says so; returns the status to exit with.
    func end(by signal: Int32) -> Int32 {
        lock.withLock { ended = true }
        DriverProcess.endAll()
        var said = "NavFuzz: ended by signal \(signal); its drivers were ended too"
        lock.withLock {
            guard !finished, let path else { return }
            let marker = Activity(
                name: "interrupted", seconds: 0, properties: [JUnitProperty(name: "partial", value: "true")],
                cases: [JUnitCase(classname: "interrupted", name: "run-ended",
                                  outcome: .failure(message: "ended by signal \(signal) before the run finished: this report is partial",
                                                    type: "interrupted", text: "activities finished: \(done.map(\.name).joined(separator: ", "))"))],
                summary: "interrupted by signal \(signal)")
            if (try? JUnitWriter.write(JUnitReport(activities: done + [marker]), to: path)) != nil {
                said += "; partial report (\(done.count) activities): \(path)"
            }
        }
        FileHandle.standardError.write(Data((said + "\n").utf8))
        return 128 + signal
    }
}
