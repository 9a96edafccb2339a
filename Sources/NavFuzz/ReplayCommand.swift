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
    \(RunOptions.help)
    """

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let run = try RunOptions.parse(&args, environment: context.environment)
        let paths = try args.positionals()
        guard !paths.isEmpty else { throw UsageError("'replay' needs a corpus file or directory", hint: "for example NavFuzz replay Corpus") }
        try context.starting(run)
        let activity = try replay(paths, name: "corpus", run: run, context: context)
        return try context.finish([activity], run: run)
    }

    /// Loads every file first, so that a malformed one stops the run before anything is judged.
    static func replay(_ paths: [String], name: String, run: RunOptions, context: Context) throws(UsageError) -> Activity {
        Heartbeat.shared.doing(name)
        let corpus = Corpus<CoordinatorMachine>.coordinators
        let clock = ContinuousClock.now
        var entries: [CorpusEntry<CoordinatorMachine>] = []
        do {
            var files: [String] = []
            for p in paths { files += try Corpus<CoordinatorMachine>.files(at: p) }
            for (i, file) in files.enumerated() where run.shard.owns(i) { entries += try corpus.load(path: file) }
        } catch {
            throw UsageError("\(error)", hint: "see docs/CORPUS.md for the format")
        }
        let results = entries.map(corpus.replay)
        let elapsed = clock.duration(to: .now)
        let seconds = elapsed.inSeconds
        let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        return Activity.corpus(name: name, results: results, seconds: seconds,
                               settings: [JUnitProperty(name: "shard", value: run.shard.description)]) { r in
            guard let e = byPath[r.path] else { return r.summary }
            if run.traceFormat == "json" {
                return context.jsonLine(TraceText.json(initial: e.initial, actions: e.actions, machine: e.machine),
                                        adding: ["source": name, "saved": r.path, "summary": r.summary,
                                                 "replay": TraceText.replayCommand(path: r.path, program: Invocation.program)])
            }
            let trace = TraceText.text(initial: e.initial, actions: e.actions, machine: e.machine)
            return r.summary + "\n" + trace + "\nreplay: " + TraceText.replayCommand(path: r.path, program: Invocation.program)
        }
    }
}
