import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// The pictures of a run's failing traces, gathered as each is rendered and filed under the
/// cases it fails, and at the end the page of NavFuzzKit's `HTMLReport` made from the run's
/// activities — the list the JUnit report is made from — so that the page and the report name
/// the same failures.
final class Pictures: @unchecked Sendable {
    static let shared = Pictures()
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
            traces.append(trace)
            for name in cases { byCase[Key(suite: suite, name: name), default: []].append(traces.count) }
            return "#failure-\(traces.count)"
        }
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

    /// Writes `page` to `path` as the report is written (atomically; a device is written
    /// through). Every run writes it, so that it is never an earlier run's. False when it
    /// could not be written.
    func write(_ page: HTMLReport, to path: String) -> Bool {
        (try? JUnitWriter.writeAtomically(Array(page.html.utf8), to: path)) != nil
    }
}
