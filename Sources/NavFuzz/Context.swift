import CoordinatorModel
import Foundation
import NavFuzzKit

/// What every command shares: the terminal, the environment, and the end of a run — print the
/// summary, write the JUnit report atomically, choose the exit code.
struct Context {
    let terminal: Terminal
    let environment: [String: String]

    /// Prints the summary and failures, writes the report, returns 0 (all held) or 1.
    func finish(_ activities: [Activity], run: RunOptions) throws(UsageError) -> Int32 {
        for a in activities {
            for text in a.failureTexts { terminal.out(text); terminal.out("") }
        }
        for a in activities {
            terminal.out((a.failed ? terminal.red("FAIL") : terminal.green("ok  ")) + "  " + a.summary)
        }
        let report = JUnitReport(activities: activities)
        do {
            try JUnitWriter.write(report, to: run.junitPath)
        } catch {
            throw UsageError("\(error)", hint: "pass --junit with a path in a writable directory")
        }
        let failed = activities.filter(\.failed).count
        let cases = activities.reduce(0) { $0 + $1.cases.count }
        let failures = activities.reduce(0) { $0 + $1.cases.filter { $0.outcome.isFailed }.count }
        terminal.out("\(cases - failures) passed, \(failures) failed" + (run.shard == .whole ? "" : " (shard \(run.shard.description))"))
        terminal.out("report: \(run.junitPath)")
        return failed == 0 ? 0 : 1
    }

    /// A counterexample for people (or tools, with --trace-format json).
    func render(_ c: Counterexample<CoordinatorMachine>, machine: CoordinatorMachine, source: String, run: RunOptions) -> String {
        var lines = ["\(source): \(c.property) violated: \(c.reason)", "  initial state:"]
        lines += machine.describe(c.initial).split(separator: "\n").map { "    " + $0 }
        var state = c.initial
        for (i, a) in c.actions.enumerated() {
            let t = machine.step(state, a)
            lines.append("  \(i + 1). \(a)   -> \(t.step.outcome)" + (t.step.events.isEmpty ? "" : "  \(t.step.events)"))
            lines += machine.describe(t.after).split(separator: "\n").map { "    " + $0 }
            state = t.after
        }
        return lines.joined(separator: "\n")
    }
}
