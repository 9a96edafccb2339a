import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// A run's results on their way out, in the spirit of Stateright's `Reporter`: the commands
/// hand in activities, and every output subscribes to the same two events — an activity
/// finished, the run ended with all of them — so that the terminal, the JUnit report, the HTML
/// page and the partial report a signal leaves are all made from one list, and none reaches
/// into another.
protocol RunOutput {
    /// An activity finished, in the order the run did them.
    func finished(_ activity: Activity)
    /// The run ended; the lines saying where the output went, for the terminal's last lines.
    func ended(_ report: FinishedRun) throws(UsageError) -> [String]
}

extension RunOutput {
    /// Most outputs are made at the end only.
    func finished(_ activity: Activity) {}
}

/// What every output is made from at the end of a run.
struct FinishedRun {
    var activities: [Activity]
    var run: RunOptions
    var projectFile: String?
}

/// The terminal: in a log (not a terminal) each activity's result at once; at the end the
/// GitHub annotations, every failure's text (JSON lines with `--trace-format json`) and each
/// activity's verdict.
struct ConsoleOutput: RunOutput {
    let terminal: Terminal
    let environment: [String: String]

    func finished(_ activity: Activity) {
        if !terminal.isInteractive { terminal.err("done: " + (activity.failed ? "FAIL" : "ok") + "  " + activity.summary) }
    }

    func ended(_ report: FinishedRun) throws(UsageError) -> [String] {
        let activities = report.activities, json = report.run.traceFormat == "json"
        let annotating = environment["GITHUB_ACTIONS"] == "true"
        if annotating {
            for line in GitHubAnnotations.lines(activities, projectFile: report.projectFile) { say(line, json: json) }
        }
        // In a GitHub log no line of a failure's text may be taken for a workflow command:
        // whatever a name or a driver's reason holds, commands stop around them.
        let stop = annotating && !json && activities.contains { !$0.failureTexts.isEmpty } ? GitHubAnnotations.stopToken() : nil
        if let stop { terminal.out("::stop-commands::\(stop)") }
        for a in activities {
            for text in a.failureTexts {
                if json { terminal.outJSON(text) } else { terminal.outText(text + "\n") }
            }
        }
        if let stop { terminal.out("::\(stop)::") }
        for a in activities { terminal.verdict(a.failed, a.summary, onStderr: json) }
        return []
    }

    /// A line for people: on stdout, or on stderr when stdout carries JSON.
    func say(_ line: String, json: Bool) { if json { terminal.err(line) } else { terminal.out(line) } }
}

/// The JUnit report, and with `--junit-per-suite` a file per suite, written atomically.
struct JUnitOutput: RunOutput {
    func ended(_ report: FinishedRun) throws(UsageError) -> [String] {
        let run = report.run
        var junit = JUnitReport(activities: report.activities)
        junit.fileAttributes = run.fileAttributes
        do {
            try JUnitWriter.write(junit, to: run.junitPath)
        } catch {
            throw UsageError("\(error)", hint: "pass --junit with a path in a writable directory")
        }
        if let directory = run.perSuiteDirectory {
            do { try JUnitWriter.writeSuites(junit, toDirectory: directory) } catch {
                throw UsageError("\(error)", hint: "pass --junit-per-suite with a writable directory")
            }
        }
        return ["report: \(run.junitPath)"]
    }
}

/// The HTML page (`--html`): the pictures of the failing traces, gathered as each is rendered
/// and filed under the cases it fails, and at the end the page of every failing case of the
/// activities, in the report's order, so that the page and the report name the same failures.
final class PageOutput: RunOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var traces: [HTMLReport.Trace] = []
    /// Trace numbers by suite and case.
    private var byCase: [Key: [Int]] = [:]

    private struct Key: Hashable {
        var suite: String
        var name: String
    }

    /// Adds the trace that fails `cases` of `suite`; its anchor in the page (`#failure-N`).
    func add(_ trace: HTMLReport.Trace, suite: String, cases: [String]) -> String {
        lock.withLock {
            // A trace that breaks several checks (several counterexamples, one path) is drawn once.
            let number: Int
            if let same = traces.firstIndex(where: { $0.drawsTheSame(as: trace) }) {
                number = same + 1
            } else {
                traces.append(trace)
                number = traces.count
            }
            for name in cases where byCase[Key(suite: suite, name: name)]?.contains(number) != true {
                byCase[Key(suite: suite, name: name), default: []].append(number)
            }
            return "#failure-\(number)"
        }
    }

    /// Writes the page as the report is written (atomically; a device is written through).
    /// Every run with `--html` writes it, so that it is never an earlier run's.
    func ended(_ report: FinishedRun) throws(UsageError) -> [String] {
        guard let path = report.run.htmlPath else { return [] }
        let page = self.page(of: report.activities)
        guard (try? JUnitWriter.writeAtomically(Array(page.html.utf8), to: path)) != nil else {
            return ["could not write the pictures to \(path)"]
        }
        return page.failures.isEmpty ? [] : ["pictures: \(path)"]
    }

    /// The page of every failing case of `activities`, in the report's order, with its pictures.
    func page(of activities: [Activity]) -> HTMLReport {
        lock.withLock {
            var failures: [HTMLReport.Failure] = []
            for a in activities {
                for c in a.cases {
                    let message: String, text: String
                    switch c.outcome {
                    case .failure(let m, _, let t), .error(let m, _, let t): (message, text) = (m, t)
                    case .passed, .skipped: continue
                    }
                    failures.append(HTMLReport.Failure(suite: a.name, name: c.name, message: message, text: text,
                                                       pictures: byCase[Key(suite: a.name, name: c.name)] ?? []))
                }
            }
            return HTMLReport(failures: failures, traces: traces)
        }
    }
}
