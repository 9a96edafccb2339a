import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

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
