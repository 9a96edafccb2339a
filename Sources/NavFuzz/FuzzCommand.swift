@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// `NavFuzz fuzz`: seeded random walks, every failure shrunk, saved and printed with the
/// command that replays it.
enum FuzzCommand {
    /// The seed when none is given: verification's, so that both commands start alike.
    static let defaultSeed: UInt64 = Verifier.Options().seed

    static let help = """
    USAGE: NavFuzz fuzz [options]

    Random walks over the model from a seed, every invariant checked after every step. Each
    violated invariant's first failing walk is shrunk to a 1-minimal trace, saved as a corpus
    file, and printed with the state after each step and the command that replays it. The same
    seed and options give the same output, whatever the number of workers.

    OPTIONS:
      --seed N                 seed (decimal or 0x hex; default: \(defaultSeed))
      --walks N                number of walks (default: 20000, or as many as fit in --max-seconds)
      --walk-length N          steps per walk (default: 100)
      --max-seconds S          start no walk after S seconds (the walk count then varies)
      --no-swarm               enable every action kind in every walk
    \(ModelOptions.help)
    \(RunOptions.help())
    """

    struct Budget {
        var seed: UInt64 = defaultSeed
        var walks: Int? = 20_000
        var walkLength = 100
        var maxSeconds: Double?
        var swarm = true
    }

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let model = try ModelOptions.parse(&args, defaultPreset: "fuzz")
        var budget = Budget()
        budget.seed = try args.seed("--seed") ?? budget.seed
        let walks = try args.int("--walks", in: 0...1_000_000_000)
        budget.walkLength = try args.int("--walk-length", in: 1...1_000_000) ?? budget.walkLength
        budget.maxSeconds = try args.double("--max-seconds")
        // A time budget alone means: as many walks as fit.
        budget.walks = walks ?? (budget.maxSeconds == nil ? budget.walks : nil)
        if args.flag("--no-swarm") { budget.swarm = false }
        let run = try RunOptions.parse(&args, environment: context.environment)
        try args.noPositionals()
        try context.starting(run, args)
        let activity = fuzz(model, budget: budget, run: run, context: context)
        return try context.finish([activity], run: run)
    }

    /// Runs the fuzzer and turns it into an activity named `fuzz.<preset>`.
    static func fuzz(_ model: ModelOptions, budget: Budget, run: RunOptions, context: Context) -> Activity {
        let name = "fuzz.\(model.preset.name)"
        Heartbeat.shared.doing(name)
        var options = Fuzzer<CoordinatorMachine>.Options(seed: budget.seed, walks: budget.walks, maxSeconds: budget.maxSeconds,
                                                          walkLength: budget.walkLength, workers: run.workers, swarm: budget.swarm)
        options.shard = (run.shard.index, run.shard.count)
        let machine = model.machine
        let report = Fuzzer.coordinators(machine, options: options)
        var command = "\(Invocation.program) fuzz --preset \(model.preset.name) --seed \(budget.seed)"
        if let walks = budget.walks { command += " --walks \(walks)" }
        command += " --walk-length \(budget.walkLength)"
        if !budget.swarm { command += " --no-swarm" }
        if let fault = model.fault { command += " --fault \(fault.rawValue)" }
        if run.shard != .whole { command += " --shard \(run.shard.description)" }
        var settings = model.settings
        settings.append(JUnitProperty(name: "shard", value: run.shard.description))
        settings.append(JUnitProperty(name: "walks-asked", value: budget.walks.map(String.init) ?? "until --max-seconds"))
        settings.append(JUnitProperty(name: "swarm", value: String(budget.swarm)))
        let texts = report.failures.map { f in
            let found = "found in walk \(f.walk) of seed \(report.seed) (walk seed 0x\(String(f.walkSeed, radix: 16))), "
                + "shrunk from \(f.originalLength) to \(f.shrunk.actions.count) steps in \(Figures.seconds(f.shrinkSeconds))"
            return context.render(f.shrunk, machine: machine, source: name, run: run, extra: [found, "rerun: \(command)"])
        }
        return Activity.fuzzing(name: name, machine: machine, report: report, settings: settings, texts: texts,
                                            sometimes: model.sometimes(shard: run.shard))
    }
}
