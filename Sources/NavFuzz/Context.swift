@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// What every command shares: the terminal, the environment, and the end of a run — every
/// output (`RunOutput`) made from the run's activities, and the exit code.
struct Context {
    let terminal: Terminal
    let environment: [String: String]
    /// The HTML page, which rendered failures add their pictures to.
    let page = PageOutput()
    /// What the run was asked to check (`Arguments.settings`), set as it starts.
    private let asked = Locked<String?>(nil)

    /// Where a run's results go, in this order: the terminal's failures and verdicts, then
    /// (the partial report standing down) the JUnit report and the page.
    var outputs: [RunOutput] {
        [ConsoleOutput(terminal: terminal, environment: environment), PartialReport.shared, JUnitOutput(), page]
    }

    /// Checks that the report can be written, and keeps its path for a partial report should
    /// NavFuzz be ended before the run finishes.
    func starting(_ run: RunOptions, _ args: Arguments) throws(UsageError) {
        try run.checkReportPath()
        asked.withLock { $0 = args.settings(leaving: RunOptions.outputFlags) }
        if run.reportOnStandardOutput {
            if run.traceFormat == "json" {
                throw UsageError("--trace-format json and the report (\(run.junitPath)) both want standard output",
                                 hint: "send the report to a file, for example --junit report.xml")
            }
            Terminal.giveStandardOutputToReport()
        }
        PartialReport.shared.begin(path: run.junitPath, pictures: run.htmlPath.map { ($0, page) })
        Heartbeat.shared.start(terminal: terminal, environment: environment)
    }

    /// An activity that finished, handed to every output: to the partial report before the
    /// terminal says it is done, so that a signal after that line still reports it.
    func done(_ activity: Activity) -> Activity {
        PartialReport.shared.parkIfEnded()
        PartialReport.shared.finished(activity)
        for output in outputs where !(output is PartialReport) { output.finished(activity) }
        return activity
    }

    /// Hands the run to every output and returns 0 (all held) or 1, or throws the error of an
    /// activity that could not run (exit code 2) once the report is written. With `--trace-format json`
    /// stdout carries only the counterexamples, one JSON object per line, and the lines for
    /// people go to stderr.
    func finish(_ activities: [Activity], run: RunOptions, projectFile: String? = nil) throws(UsageError) -> Int32 {
        PartialReport.shared.parkIfEnded()
        var activities = activities
        // The file in the repository of each case, only where something shows it: its corpus
        // file, or for a failure the project file that named what failed.
        if environment["GITHUB_ACTIONS"] == "true" || run.fileAttributes {
            for a in activities.indices {
                for c in activities[a].cases.indices {
                    let testCase = activities[a].cases[c]
                    activities[a].cases[c].file = GitHubAnnotations.file(of: testCase) ?? (testCase.outcome.isFailed ? projectFile : nil)
                }
            }
        }
        // The version and the command, so that `merge` refuses shards of different NavFuzz
        // builds or of different runs.
        for a in activities.indices {
            activities[a].properties.append(JUnitProperty(name: "version", value: navFuzzVersion))
            if let command = asked.withLock({ $0 }) { activities[a].properties.append(JUnitProperty(name: "command", value: command)) }
        }
        let report = FinishedRun(activities: activities, run: run, projectFile: projectFile)
        var written: [String] = []
        for output in outputs { written += try output.ended(report) }
        let console = ConsoleOutput(terminal: terminal, environment: environment), json = run.traceFormat == "json"
        let cases = activities.reduce(0) { $0 + $1.cases.count }
        let failures = activities.reduce(0) { $0 + $1.cases.filter { $0.outcome.isFailed }.count }
        let skipped = activities.reduce(0) { $0 + $1.cases.filter { $0.outcome.isSkipped }.count }
        console.say("\(cases - failures - skipped) passed, \(failures) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
                    + (run.shard == .whole ? "" : " (shard \(run.shard.description))"), json: json)
        for line in written { console.say(line, json: json) }
        // Reported first, so that what did run is read, and no earlier report stands for this run.
        let errors = activities.compactMap(\.error)
        if !errors.isEmpty { throw UsageError(errors.joined(separator: "; ")) }
        return activities.contains(where: \.failed) ? 1 : 0
    }

    /// A counterexample for people (or tools, with --trace-format json): the trace with the
    /// state after each step, saved as a corpus file with the command that replays it, and its
    /// picture on the HTML page (`--html`).
    func render(_ c: Counterexample<CoordinatorMachine>, machine: CoordinatorMachine, source: String, run: RunOptions,
                extra: [String] = []) -> String {
        var notes = [CorpusNote(key: "found-by", value: source), CorpusNote(key: "broke", value: "\(c.property): \(c.reason)")]
        for line in extra { notes.append(CorpusNote(key: "note", value: line)) }
        var tail: [String] = extra
        var fields: [String: Any] = ["source": source, "notes": extra]
        do {
            let path = try Corpus<CoordinatorMachine>.save(c, machine: machine, settings: machine.corpusSettings, notes: notes,
                                                           expectation: .holds, to: run.failuresDirectory)
            tail.append("replay: \(Invocation.replay(path))")
            fields["saved"] = path
            fields["replay"] = Invocation.replay(path)
        } catch {
            tail.append(TextSanitizer.escaped("could not save the trace: \(error)"))
        }
        if let html = run.htmlPath {
            let anchor = page.add(HTMLReport.Trace(c, machine: machine, source: source, replay: fields["replay"] as? String),
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
