import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

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
