@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// `NavFuzz replay PATH…`: corpus files or directories, every invariant after every step.
enum ReplayCommand {
    static let help = """
    USAGE: NavFuzz replay PATH... [options]

    Replays corpus files (docs/CORPUS.md), or every .trace file under a directory, checking
    every invariant after every step against each file's expectation. A failing file is printed
    with the state after each step.

    OPTIONS:
    \(RunOptions.help())
    """

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let run = try RunOptions.parse(&args, environment: context.environment)
        let paths = try args.positionals()
        guard !paths.isEmpty else { throw UsageError("'replay' needs a corpus file or directory", hint: "for example NavFuzz replay Corpus") }
        try context.starting(run, args)
        let activity = try replay(paths, name: "corpus", run: run, context: context)
        return try context.finish([activity], run: run)
    }

    /// Loads every file first, so that a malformed one stops the run before anything is judged.
    static func replay(_ paths: [String], name: String, run: RunOptions, context: Context) throws(UsageError) -> Activity {
        Heartbeat.shared.doing(name)
        let corpus = Corpus<CoordinatorMachine>.coordinators
        let clock = ContinuousClock.now
        var entries: [CorpusEntry<CoordinatorMachine>] = []
        var misnamed: [String] = []
        do {
            var files: [String] = []
            for p in paths {
                let listing = try Corpus<CoordinatorMachine>.listing(at: p)
                files += listing.files
                misnamed += listing.misnamed
            }
            for (i, file) in files.enumerated() where run.shard.owns(i) { entries += try corpus.load(path: file) }
            misnamed = misnamed.enumerated().filter { run.shard.owns($0.offset) }.map(\.element)
        } catch {
            throw UsageError("\(error)", hint: "see docs/CORPUS.md for the format")
        }
        let results = entries.map(corpus.replay)
        let elapsed = clock.duration(to: .now)
        let seconds = elapsed.inSeconds
        let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var texts: [String: String] = [:]
        for r in results where !r.passed {
            guard let e = byPath[r.path] else { continue }
            let replay = Invocation.replay(r.path)
            // One path for every form the trace is shown in.
            let path = TraceRun(e.machine, initial: e.initial, actions: e.actions, keeping: .forPrinting)
            // Drawn up to the step that failed first, or whole when nothing failed.
            let picture = run.htmlPath.map { html -> String in
                let first = r.violations.first
                let trace = HTMLReport.Trace(check: first?.property ?? "expectation", reason: first?.reason ?? r.verdict,
                                             source: name, path: path, count: first?.step, replay: replay)
                return html + context.page.add(trace, suite: name, cases: [caseName(r.path)])
            }
            if run.traceFormat == "json" {
                var fields: [String: Any] = ["source": name, "saved": r.path, "summary": r.summary, "replay": replay]
                if let picture { fields["picture"] = picture }
                texts[r.path] = context.jsonLine(TraceText.json(path, machine: e.machine), adding: fields)
                continue
            }
            let trace = TraceText.text(path, machine: e.machine)
            texts[r.path] = r.summary + "\n" + trace + "\nreplay: " + replay + (picture.map { "\npicture: " + TextSanitizer.escaped($0) } ?? "")
        }
        return Activity.corpus(name: name, results: results, misnamed: misnamed, seconds: seconds,
                               settings: [JUnitProperty(name: "shard", value: run.shard.description)], texts: texts) { path in
            run.traceFormat == "json" ? context.jsonLine("{}", adding: ["source": name, "file": path, "summary": Activity.misnamedMessage])
                : "FAIL \(path): \(Activity.misnamedMessage)"
        }
    }
}
