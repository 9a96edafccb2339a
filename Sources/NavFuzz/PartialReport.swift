import Foundation
import NavFuzzDriver
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// What a run has finished so far, so that a NavFuzz ended by a signal (a CI timeout, Ctrl-C)
/// still leaves a report: the activities done, an exploration cut short with what it reached,
/// and a failed `interrupted` suite saying the report is partial.
final class PartialReport: @unchecked Sendable {
    static let shared = PartialReport()
    private let lock = NSLock()
    private var path: String?
    /// The page of pictures the failure texts link to, written with the partial report.
    private var pictures: (path: String, page: PageOutput)?
    private var done: [Activity] = []
    private var finished = false
    private var ended = false
    /// An exploration is running: a signal stops it and waits for what it reached.
    private var exploring = false
    private var cut: Activity?
    private let handedOver = DispatchSemaphore(value: 0)
    /// Failing steps a verification found and has not reported yet, by suite: a signal
    /// reports them as they were found, before shrinking.
    private var found: [(suite: String, check: String, reason: String, trace: [String])] = []

    /// How long a signal waits for an exploration to stop and hand over what it reached: its
    /// workers stop between chunks of 64 states, well within a CI's grace before SIGKILL.
    static let handoverSeconds = 5.0

    /// The run's report path, once it is known to be writable, and its page of pictures.
    func begin(path: String, pictures: (path: String, page: PageOutput)?) {
        lock.withLock { self.path = path; self.pictures = pictures; done = [] }
    }

    func add(_ activity: Activity) {
        lock.withLock {
            done.append(activity)
            found.removeAll { $0.suite == activity.name }
        }
    }

    /// A verification found a failing step (not yet shrunk or replayed from reset).
    func found(suite: String, check: String, reason: String, trace: [String]) {
        lock.withLock {
            // What the ending does to the drivers is not theirs to answer for.
            guard !ended, found.count < 100, !found.contains(where: { $0.suite == suite && $0.check == check }) else { return }
            found.append((suite, check, reason, trace))
        }
    }

    /// Whether NavFuzz is being ended: an exploration asks between chunks, and stops.
    var isEnding: Bool { lock.withLock { ended } }

    /// An exploration starts: from here to `explored`, a signal waits for its report.
    func startExploring() { lock.withLock { exploring = true } }

    /// An exploration is over. When a signal stopped it, what it reached goes into the partial
    /// report and this thread waits for the signal's exit; otherwise the run goes on.
    func explored(_ activity: Activity) {
        let stopped = lock.withLock { () -> Bool in
            exploring = false
            if ended { cut = activity }
            return ended
        }
        guard stopped else { return }
        handedOver.signal()
        while true { sleep(60) }
    }

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

    /// Ends every driver, stops a running exploration and takes what it reached, writes the
    /// partial report and says so; returns the status to exit with.
    func end(by signal: Int32) -> Int32 {
        let waiting = lock.withLock { () -> Bool in
            ended = true
            return exploring && !finished
        }
        DriverProcess.endAll()
        if waiting { _ = handedOver.wait(timeout: .now() + Self.handoverSeconds) }
        var said = "NavFuzz: ended by signal \(signal); its drivers were ended too"
        lock.withLock {
            guard !finished, let path else { return }
            var activities = done
            if let cut {
                activities.append(Self.marking(cut, endedBy: signal))
                said += "; \(cut.name) stopped at depth \(cut.property("depth") ?? "?") with \(cut.property("states") ?? "?") states"
            }
            // Failures found before the signal fail their suite, as found: not shrunk, not replayed.
            var suites: [String] = []
            for f in found where !suites.contains(f.suite) { suites.append(f.suite) }
            for suite in suites {
                let cases = found.filter { $0.suite == suite }.map { f in
                    let trace = f.trace.isEmpty ? "the initial state" : f.trace.joined(separator: "; ")
                    let message = "\(f.check): \(f.reason) (found before signal \(signal) ended the run; not shrunk or replayed)"
                    return JUnitCase(classname: suite, name: f.check, outcome: .failure(message: message, type: "interrupted",
                                                                                    text: "\(message)\ntrace: \(trace)"))
                }
                activities.append(Activity(name: suite, seconds: 0, properties: [JUnitProperty(name: "ended-by", value: "signal \(signal)")],
                                           cases: cases, summary: "\(suite): \(cases.count) checks broken before signal \(signal)"))
                for f in found where f.suite == suite {
                    let at = f.trace.isEmpty ? "the initial state" : f.trace.joined(separator: "; ")
                    said += "\n" + TextSanitizer.escaped("\(suite): FAIL \(f.check): \(f.reason) — at \(at)")
                }
            }
            let finishedNames = done.map(\.name) + (cut.map { ["\($0.name) (cut short)"] } ?? [])
            let marker = Activity(
                name: "interrupted", seconds: 0, properties: [JUnitProperty(name: "partial", value: "true")],
                cases: [JUnitCase(classname: "interrupted", name: "run-ended",
                                  outcome: .failure(message: "ended by signal \(signal) before the run finished: this report is partial",
                                                    type: "interrupted", text: "activities: \(finishedNames.joined(separator: ", "))"))],
                summary: "interrupted by signal \(signal)")
            if (try? JUnitWriter.write(JUnitReport(activities: activities + [marker]), to: path)) != nil {
                said += "; partial report (\(activities.count) activities): \(path)"
            }
            // The page the report's `picture:` lines link to, so that no link leads nowhere.
            if let pictures {
                let page = pictures.page.page(of: activities)
                if (try? JUnitWriter.writeAtomically(Array(page.html.utf8), to: pictures.path)) != nil, !page.failures.isEmpty {
                    said += "; pictures: \(pictures.path)"
                }
            }
        }
        FileHandle.standardError.write(Data((said + "\n").utf8))
        return 128 + signal
    }

    /// An exploration a signal stopped, saying so: its `complete` case skipped with the
    /// signal, the states and the depth it reached, and an `ended-by` property.
    static func marking(_ exploration: Activity, endedBy signal: Int32) -> Activity {
        var a = exploration
        let reached = "\(a.property("states") ?? "?") states to depth \(a.property("depth") ?? "?")"
        let message = "ended by signal \(signal) after \(reached): this exploration is incomplete"
        a.properties.append(JUnitProperty(name: "ended-by", value: "signal \(signal)"))
        if let i = a.cases.firstIndex(where: { $0.name == "complete" }) {
            a.cases[i].outcome = .skipped(message: message)
        } else {
            a.cases.append(JUnitCase(classname: a.name, name: "complete", outcome: .skipped(message: message)))
        }
        a.summary += " — ENDED BY SIGNAL \(signal)"
        return a
    }
}

extension Activity {
    /// The value of the suite property `name`.
    func property(_ name: String) -> String? { properties.first { $0.name == name }?.value }
}

/// The partial report takes each finished activity, and stands down when the run writes its own.
extension PartialReport: RunOutput {
    func finished(_ activity: Activity) { add(activity) }

    func ended(_ report: FinishedRun) throws(UsageError) -> [String] {
        finishing()
        return []
    }
}
