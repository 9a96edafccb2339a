import CoordinatorModel
import Foundation
import NavFuzzKit

/// `NavFuzz verify --driver 'COMMAND'`: checks a coordinator implementation, running in another
/// process and speaking docs/DRIVER-PROTOCOL.md, against the model.
enum VerifyCommand {
    static let help = """
    USAGE: NavFuzz verify --driver 'COMMAND' [options]

    Drives the model and the implementation behind COMMAND (run with /bin/sh -c) with the same
    actions — every path of the presets up to --depth, then seeded random walks — and compares
    outcome, events and snapshot after every step. Every invariant is also checked on the
    implementation's own states, plus no-crash, no-hang and no-leak. Failures are shrunk against
    the implementation. See docs/VERIFY.md.

    OPTIONS:
      --driver COMMAND         the implementation's driver (required)
      --presets LIST           presets whose bounds and configuration to use (default: small,small-tab)
      --depth N                explore every path of at most N actions (default: 3; 0: none)
      --walks N                random walks per preset (default: 200)
      --walk-length N          actions per walk (default: 40)
      --seed N                 seed of the walks (default: 0)
      --timeout S              seconds a driver may take to answer one step (default: 5)
      --first-failure          stop looking once a check fails (the failure is still shrunk)
      --no-pin                 let the driver run on any core (by default it shares the core of
                               the verifying thread: the protocol takes turns, see docs/VERIFY.md)
      --corpus DIR             also replay the corpus files that run under the first preset's
                               configuration and inject no model fault (e.g. --corpus Corpus)
    \(RunOptions.help)
    """

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        guard let driver = try args.option("--driver"), !driver.isEmpty else {
            throw UsageError("'verify' needs --driver 'COMMAND'", hint: "for example --driver '.build/debug/SampleDriver'")
        }
        var options = Verifier.Options()
        if let list = try args.option("--presets") {
            var presets: [Preset] = []
            for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let p = Preset.named(String(name)) else {
                    throw UsageError("--presets takes preset names (\(Preset.all.map(\.name).joined(separator: ", "))), not '\(name)'")
                }
                presets.append(p)
            }
            options.presets = presets
        }
        options.depth = try args.int("--depth", in: 0...12) ?? options.depth
        options.walks = try args.int("--walks", in: 0...100_000_000) ?? options.walks
        options.walkLength = try args.int("--walk-length", in: 1...100_000) ?? options.walkLength
        options.seed = try args.seed("--seed") ?? options.seed
        options.timeout = try args.double("--timeout") ?? options.timeout
        options.stopAtFirstFailure = args.flag("--first-failure")
        options.pinDriver = !args.flag("--no-pin")
        var skipped = 0
        if let corpus = try args.option("--corpus") {
            let configuration = options.presets.first?.configuration ?? Configuration()
            do {
                for entry in try Corpus<CoordinatorMachine>.coordinators.load(path: corpus) {
                    if entry.machine.model.fault == nil && entry.machine.model.configuration == configuration {
                        options.traces.append(entry.actions)
                    } else {
                        skipped += 1
                    }
                }
            } catch {
                throw UsageError("\(error)", hint: "see docs/CORPUS.md for the format")
            }
            options.traceConfiguration = configuration
        }
        let run = try RunOptions.parse(&args, environment: context.environment)
        try args.noPositionals()
        try run.checkReportPath()

        let report = Verifier.verify(driver: driver, options: options)
        if let error = report.error {
            context.terminal.out(report.text)
            throw UsageError("the driver '\(driver)' could not be verified: \(error)", hint: "see docs/DRIVER-PROTOCOL.md")
        }
        var cases: [JUnitCase] = []
        for check in Verifier.checks {
            if let f = report.failure(check) {
                cases.append(JUnitCase(classname: "verify", name: check, time: report.seconds,
                                       outcome: .failure(message: "\(check): \(f.reason)", type: Invariant.named(check)?.kind.rawValue ?? "conformance", text: f.text)))
            } else {
                cases.append(JUnitCase(classname: "verify", name: check, time: report.seconds, outcome: .passed))
            }
        }
        let corpusNote = options.traces.isEmpty && skipped == 0 ? ""
            : "\(options.traces.count) corpus traces (\(skipped) under another configuration or a fault skipped), "
        let summary = "verify: " + corpusNote + "\(report.steps) steps in \(report.resets) runs, \(Figures.seconds(report.seconds)), "
            + "\(Figures.rate(report.stepsPerSecond)) steps/s — "
            + (report.failures.isEmpty ? "all \(Verifier.checks.count) checks hold" : "\(report.failures.count) of \(Verifier.checks.count) checks broken")
        let activity = Activity(
            name: "verify", seconds: report.seconds,
            properties: [JUnitProperty(name: "driver", value: driver), JUnitProperty(name: "seed", value: String(options.seed)),
                         JUnitProperty(name: "presets", value: options.presets.map(\.name).joined(separator: ",")),
                         JUnitProperty(name: "depth", value: String(options.depth)),
                         JUnitProperty(name: "steps", value: String(report.steps))],
            cases: cases, summary: summary, failureTexts: report.failures.isEmpty ? [] : [report.text],
            systemErr: report.diagnostics)
        return try context.finish([activity], run: run)
    }
}
