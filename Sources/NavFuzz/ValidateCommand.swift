@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzDriverServer
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// `NavFuzz validate PATH…`: recordings of an app's navigation checked against the model.
enum ValidateCommand {
    static let help = """
    USAGE: NavFuzz validate PATH... [options]

    Checks recordings of an app's navigation (docs/VALIDATE.md), or every .jsonl file under a
    directory, against the model: at every event the model must allow what the app did (the
    same outcome and completion events), the app's tree must be the model's, and every
    invariant must hold on the app's states. A recording that diverges is printed with both
    trees and a regression test to run against your adapter; one that cannot be read is named
    with its line and field, after the others are checked (exit code 2).

    OPTIONS:
    \(RunOptions.help())
    """

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let run = try RunOptions.parse(&args, environment: context.environment)
        let paths = try args.positionals()
        guard !paths.isEmpty else {
            throw UsageError("'validate' needs a recording or a directory of recordings", hint: "for example NavFuzz validate Recordings")
        }
        let files = try listing(paths)
        try context.starting(run, args)
        let activity = validate(files.enumerated().filter { run.shard.owns($0.offset) }.map(\.element), name: "validate",
                                run: run, context: context)
        return try context.finish([activity], run: run)
    }

    /// The recordings named: files as given, directories walked for `.jsonl` files. A path
    /// that is not there, or a directory without a recording, stops the run before it starts:
    /// a folder of recordings not validated must not look like one that passed.
    static func listing(_ paths: [String]) throws(UsageError) -> [String] {
        var files: [String] = []
        for p in paths {
            let listing: (files: [String], misnamed: [String])
            do { listing = try Corpus<CoordinatorMachine>.listing(at: p, ending: ".jsonl") } catch {
                throw UsageError("\(error.file): \(error.message)", hint: "see docs/VALIDATE.md")
            }
            if let name = listing.misnamed.first { throw UsageError("\(name): a recording whose name is not UTF-8") }
            guard !listing.files.isEmpty else { throw UsageError("\(p): no recordings (.jsonl files) under it", hint: "see docs/VALIDATE.md") }
            files += listing.files
        }
        return files
    }

    /// Each recording in turn, streamed: one case each.
    static func validate(_ files: [String], name: String, run: RunOptions, context: Context) -> Activity {
        Heartbeat.shared.doing(name)
        let clock = ContinuousClock.now
        var results: [RecordingResult] = []
        var texts: [String: String] = [:]
        for file in files {
            let result = RecordingFile.validate(path: file)
            if let d = result.divergence { texts[file] = render(d, suite: name, run: run, context: context) }
            results.append(result)
        }
        let activity = Activity.validation(name: name, results: results, seconds: clock.duration(to: .now).inSeconds, texts: texts)
        return context.done(activity)
    }

    /// A divergence for people (or tools): both sides of the event, and the shortest model
    /// trace to it as a regression test for the user's adapter.
    static func render(_ d: Divergence, suite: String, run: RunOptions, context: Context) -> String {
        guard let first = d.failures.first else { return "" }
        var tail: [String] = []
        let test = d.traceFound ? first.regressionTest(.swiftTesting, subject: "MyAdapter()") : nil
        if let test {
            tail.append("regression test (Swift Testing; your adapter in place of MyAdapter(), docs/VALIDATE.md §4):")
            tail += test.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        } else {
            tail.append("no regression test: no model trace from the initial state reaches the state before line \(d.line) (docs/VALIDATE.md §3)")
        }
        let picture = run.htmlPath.map { html -> String in
            let (counterexample, machine) = VerifyCommand.counterexample(of: first)
            return html + context.page.add(HTMLReport.Trace(first, on: counterexample, machine: machine, replay: nil), suite: suite,
                                           cases: [first.source])
        }
        if run.traceFormat == "json" {
            let object: [String: Any] = [
                "recording": first.source, "line": d.line, "checks": d.failures.map(\.check.name), "reasons": d.failures.map(\.reason),
                "trace": d.traceFound ? first.trace.map(\.description) : [], "regressionTest": test ?? "", "picture": picture ?? "",
            ]
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
            return String(decoding: data, as: UTF8.self)
        }
        if let picture { tail.append("picture: " + TextSanitizer.escaped(picture)) }
        return ConformanceFailure.text(d.failures) + "\n" + tail.joined(separator: "\n")
    }
}
