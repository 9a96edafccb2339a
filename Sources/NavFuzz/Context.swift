@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// What every command shares: the terminal, the environment, and the end of a run — print the
/// summary, write the JUnit report atomically, choose the exit code.
struct Context {
    let terminal: Terminal
    let environment: [String: String]

    /// Checks that the report can be written, and keeps its path for a partial report should
    /// NavFuzz be ended before the run finishes.
    func starting(_ run: RunOptions) throws(UsageError) {
        try run.checkReportPath()
        PartialReport.shared.begin(path: run.junitPath)
        Heartbeat.shared.start(terminal: terminal, environment: environment)
    }

    /// An activity that finished, for a partial report; in a log (not a terminal) its result
    /// is printed at once, before the summary at the end.
    func done(_ activity: Activity) -> Activity {
        PartialReport.shared.parkIfEnded()
        PartialReport.shared.add(activity)
        if !terminal.isInteractive { terminal.err("done: " + (activity.failed ? "FAIL" : "ok") + "  " + activity.summary) }
        return activity
    }

    /// Prints the summary and failures, writes the report, returns 0 (all held) or 1. With
    /// `--trace-format json` stdout carries only the counterexamples, one JSON object per line,
    /// and the lines for people go to stderr.
    func finish(_ activities: [Activity], run: RunOptions, projectFile: String? = nil) throws(UsageError) -> Int32 {
        PartialReport.shared.parkIfEnded()
        var activities = activities
        let annotating = environment["GITHUB_ACTIONS"] == "true"
        // The file in the repository of each case, only where something shows it: its corpus
        // file, or for a failure the project file that named what failed.
        if annotating || run.fileAttributes {
            for a in activities.indices {
                for c in activities[a].cases.indices {
                    let testCase = activities[a].cases[c]
                    activities[a].cases[c].file = GitHubAnnotations.file(of: testCase) ?? (testCase.outcome.isFailed ? projectFile : nil)
                }
            }
        }
        let json = run.traceFormat == "json"
        func say(_ line: String) { if json { terminal.err(line) } else { terminal.out(line) } }
        if annotating {
            for line in GitHubAnnotations.lines(activities, projectFile: projectFile) { say(line) }
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
        // The version, so that `merge` refuses shards of different NavFuzz builds.
        for a in activities.indices { activities[a].properties.append(JUnitProperty(name: "version", value: navFuzzVersion)) }
        var report = JUnitReport(activities: activities)
        report.fileAttributes = run.fileAttributes
        PartialReport.shared.finishing()
        do {
            try JUnitWriter.write(report, to: run.junitPath)
        } catch {
            throw UsageError("\(error)", hint: "pass --junit with a path in a writable directory")
        }
        if let directory = run.perSuiteDirectory {
            do { try JUnitWriter.writeSuites(report, toDirectory: directory) } catch {
                throw UsageError("\(error)", hint: "pass --junit-per-suite with a writable directory")
            }
        }
        let failed = activities.filter(\.failed).count
        let cases = activities.reduce(0) { $0 + $1.cases.count }
        let failures = activities.reduce(0) { $0 + $1.cases.filter { $0.outcome.isFailed }.count }
        let skipped = activities.reduce(0) { $0 + $1.cases.filter { $0.outcome.isSkipped }.count }
        say("\(cases - failures - skipped) passed, \(failures) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
            + (run.shard == .whole ? "" : " (shard \(run.shard.description))"))
        say("report: \(run.junitPath)")
        if let html = run.htmlPath {
            let page = Pictures.shared.page(of: activities)
            if Pictures.shared.write(page, to: html) { if !page.failures.isEmpty { say("pictures: \(html)") } }
            else { say("could not write the pictures to \(html)") }
        }
        return failed == 0 ? 0 : 1
    }

    /// A counterexample for people (or tools, with --trace-format json): the trace with the
    /// state after each step, saved as a corpus file with the command that replays it, and a
    /// Graphviz picture of the failing state next to the report.
    func render(_ c: Counterexample<CoordinatorMachine>, machine: CoordinatorMachine, source: String, run: RunOptions,
                extra: [String] = []) -> String {
        var notes = [CorpusNote(key: "found-by", value: source), CorpusNote(key: "broke", value: "\(c.property): \(c.reason)")]
        for line in extra { notes.append(CorpusNote(key: "note", value: line)) }
        var tail: [String] = extra
        var fields: [String: Any] = ["source": source, "notes": extra]
        do {
            let path = try Corpus<CoordinatorMachine>.save(c, machine: machine, settings: machine.corpusSettings, notes: notes,
                                                           expectation: .holds, to: run.failuresDirectory)
            tail.append("replay: \(TraceText.replayCommand(path: path, program: Invocation.program))")
            fields["saved"] = path
            fields["replay"] = TraceText.replayCommand(path: path, program: Invocation.program)
        } catch {
            tail.append(TextSanitizer.escaped("could not save the trace: \(error)"))
        }
        if let html = run.htmlPath {
            let anchor = Pictures.shared.add(HTMLReport.Trace(c, machine: machine, source: source, replay: fields["replay"] as? String),
                                             suite: source, cases: [c.property])
            tail.append("picture: " + TextSanitizer.escaped(html + anchor))
            fields["picture"] = html + anchor
        }
        if run.traceFormat == "json" { return jsonLine(TraceText.json(c, machine: machine), adding: fields) }
        return "\(source): " + TraceText.text(c, machine: machine) + "\n" + tail.joined(separator: "\n")
    }

    /// The trace's JSON object with `fields` added, on one line (JSON Lines for tools).
    func jsonLine(_ traceJSON: String, adding fields: [String: Any]) -> String {
        guard var object = (try? JSONSerialization.jsonObject(with: Data(traceJSON.utf8))) as? [String: Any] else { return traceJSON }
        object.merge(fields) { $1 }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return traceJSON
        }
        return String(decoding: data, as: UTF8.self)
    }
}
