@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzDriver
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// `NavFuzz verify --driver 'COMMAND'`: checks a coordinator implementation, running in another
/// process and speaking docs/DRIVER-PROTOCOL.md, against the model.
enum VerifyCommand {
    static let help = """
    USAGE: NavFuzz verify --driver 'COMMAND' [options]
           NavFuzz verify --connect PORT [options]

    Drives the model and the implementation behind COMMAND (run with /bin/sh -c) with the same
    actions — given traces, then short seeded random walks, then every path of the presets up to
    --depth — and compares outcome, events and snapshot after every step. Every invariant is
    also checked on the implementation's own states, plus no-crash, no-hang and no-leak.
    Failures are shrunk against the implementation, saved as corpus files and printed. See
    docs/VERIFY.md.

    OPTIONS:
      --driver COMMAND         the implementation's driver, started with /bin/sh -c
      --connect PORT           or a driver already serving on 127.0.0.1:PORT (DriverServer's
                               .loopback transport: an app in a simulator)
    \(VerifySetting.help())
      --corpus PATH            also replay the corpus files at PATH (a file or a directory) that
                               inject no model fault, each under its own configuration
      --baseline FILE          accepted differences: failures matching an entry are reported
                               as expected and the run looks on for others (docs/VERIFY.md §7)
    \(RunOptions.help(workers: false))
    """

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let command = try args.option("--driver"), port = try args.int("--connect", in: 1...65535)
        let driver: Driver
        switch (command, port) {
        case (let command?, nil) where !command.isEmpty: driver = .command(command)
        case (nil, let port?): driver = .loopback(port: UInt16(port))
        case (_?, _?): throw UsageError("'verify' takes --driver or --connect, not both")
        default: throw UsageError("'verify' needs --driver 'COMMAND' or --connect PORT", hint: "for example --driver '.build/debug/SampleDriver'")
        }
        var options = Verifier.Options()
        try VerifySetting.parse(&args, into: &options)
        var skipped = 0
        if let corpus = try args.option("--corpus") { skipped = try given(corpus, into: &options) }
        if let file = try args.option("--baseline") {
            do { options.baseline = try Baseline(contentsOf: file) } catch {
                throw UsageError("--baseline: \(error)", hint: "see docs/VERIFY.md §7 for the format")
            }
        }
        let run = try RunOptions.parse(&args, environment: context.environment, threads: false)
        options.shard = (run.shard.index, run.shard.count)
        try args.noPositionals()
        try context.starting(run, args)

        return try context.finish([verification(driver: driver, options: options, skipped: skipped, run: run, context: context)], run: run)
    }

    /// Adds the corpus files at `path` that inject no model fault to the traces to replay;
    /// returns how many were skipped.
    static func given(_ path: String, into options: inout Verifier.Options) throws(UsageError) -> Int {
        var skipped = 0
        do {
            for entry in try Corpus<CoordinatorMachine>.coordinators.load(path: path) {
                guard entry.machine.model.fault == nil else { skipped += 1; continue }
                options.traces.append(entry.givenTrace)
            }
        } catch {
            throw UsageError("\(error)", hint: "see docs/CORPUS.md for the format")
        }
        return skipped
    }

    /// Verifies the implementation behind `driver` as one activity (`verify`, or
    /// `verify.NAME` for a system of a project file); notes go to the console at once.
    static func verification(driver: Driver, name: String? = nil, options: Verifier.Options, skipped: Int, run: RunOptions,
                             context: Context) -> Activity {
        let suite = name.map { "verify.\($0)" } ?? "verify"
        Heartbeat.shared.doing(suite)
        var options = options
        options.found = { check, reason, trace in
            PartialReport.shared.found(suite: suite, check: check.name, reason: reason, trace: trace.map(\.description))
        }
        let report = Verifier.verify(driver: driver, options: options)
        if report.error != nil { context.terminal.outText(report.text) }
        let groups = report.groups
        let texts = groups.map { render($0, suite: suite, driver: driver, run: run, context: context) }
        // Each failing check's traces as printed, with the file each was saved as and its replay.
        var caseTexts: [Check: String] = [:]
        for check in Set(report.failures.map(\.check)) {
            caseTexts[check] = run.traceFormat == "json" ? report.failures(check).map(\.text).joined(separator: "\n\n")
                : groups.indices.filter { g in groups[g].contains { $0.check == check } }.map { texts[$0] }.joined(separator: "\n\n")
        }
        let corpusNote = options.traces.isEmpty && skipped == 0 ? ""
            : "\(options.traces.count) corpus traces (\(skipped) with a model fault skipped), "
        let settings = [JUnitProperty(name: "driver", value: driver.text)] + VerifySetting.properties(of: options)
            + [JUnitProperty(name: "bounds", value: options.presets.map(\.bounds.description).joined(separator: ";")),
               JUnitProperty(name: "depth", value: String(options.depth)),
               JUnitProperty(name: "shard", value: run.shard.description)]
        let activity = Activity.verification(
            name: suite, report: report, settings: settings, texts: texts, caseTexts: caseTexts, corpusNote: corpusNote,
            error: report.error.map { "the driver '\(driver.text)' could not be verified: \($0) (see docs/DRIVER-PROTOCOL.md)" })
        if run.traceFormat != "json" {
            for n in report.notes { context.terminal.err("note: \(n)") }
            for s in report.skipped { context.terminal.err("skipped \(s)") }
            if let stopped = report.stoppedEarly { context.terminal.err("stopped early, so not everything was tested: \(stopped)") }
            for line in report.baselineLines { context.terminal.err(line) }
        }
        return context.done(activity)
    }

    /// The failure's trace as a model counterexample: what a corpus file and a picture show.
    static func counterexample(of failure: ConformanceFailure) -> (Counterexample<CoordinatorMachine>, CoordinatorMachine) {
        let machine = CoordinatorMachine.fromConfiguration(failure.configuration)
        return (Counterexample<CoordinatorMachine>(property: failure.check.name, kind: .transition, reason: failure.reason, machine: machine,
                                                   initial: machine.model.initialState(), actions: failure.trace), machine)
    }

    /// One failing trace for people (or tools): saved as a corpus file that `verify --corpus`
    /// replays against the implementation, with the command that does it.
    static func render(_ group: [ConformanceFailure], suite: String, driver: Driver, run: RunOptions, context: Context) -> String {
        guard let first = group.first else { return "" }
        let (counterexample, machine) = counterexample(of: first)
        var notes = [CorpusNote(key: "found-by", value: "verify \(driver.option): \(first.source)")]
        for f in group { notes.append(CorpusNote(key: "broke", value: "\(f.check): \(f.reason)")) }
        var tail: [String] = []
        var saved: String?
        do {
            saved = try Corpus<CoordinatorMachine>.save(counterexample, machine: machine, settings: machine.corpusSettings,
                                                        notes: notes, expectation: .holds, to: run.failuresDirectory)
        } catch {
            tail.append(TextSanitizer.escaped("could not save the trace: \(error)"))
        }
        let replay = saved.map { "\(Invocation.program) verify \(driver.shellOption) --corpus \(TraceText.shellQuoted($0)) --walks 0 --depth 0" }
        let picture = run.htmlPath.map {
            $0 + context.page.add(HTMLReport.Trace(first, on: counterexample, machine: machine, replay: replay), suite: suite, cases: group.map(\.check.name))
        }
        if run.traceFormat == "json" {
            let object: [String: Any] = [
                "checks": group.map(\.check.name), "reasons": group.map(\.reason), "trace": first.trace.map(\.description),
                "configuration": machine.corpusSettings.map { "\($0.key): \($0.value)" }, "source": first.source,
                "saved": saved ?? "", "replay": replay ?? "", "picture": picture ?? "",
            ]
            guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
            return String(decoding: data, as: UTF8.self)
        }
        if let replay { tail.append("replay: \(replay)") }
        if let picture { tail.append("picture: " + TextSanitizer.escaped(picture)) }
        return ConformanceFailure.text(group) + "\n" + tail.joined(separator: "\n")
    }
}

extension Driver {
    /// The option that names it, as notes show it.
    var option: String {
        switch self {
        case .command(let command): "--driver \(command)"
        case .loopback(let port): "--connect \(port)"
        }
    }

    /// The option that names it, quoted for a shell.
    var shellOption: String {
        switch self {
        case .command(let command): "--driver \(TraceText.shellQuoted(command))"
        case .loopback(let port): "--connect \(port)"
        }
    }
}
