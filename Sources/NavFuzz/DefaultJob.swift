@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// `NavFuzz` with no command: the CI job. Replays the corpus first, then explores the four CI
/// presets, then fuzzes both fuzz presets with a fixed seed.
enum DefaultJob {
    static let explored = ["small", "small-tab", "ci", "ci-tab"]
    static let fuzzed = ["fuzz", "fuzz-tab"]

    static let help = """
    USAGE: NavFuzz [--project FILE] [options]

    The CI job. With a project file (\(ProjectFile.fileName) here, or --project FILE): verify each
    system it names against the model (docs/PROJECT.md); only the report options below apply,
    --workers not (a verification drives one implementation, one call at a time).
    Without one, NavFuzz's own self-check: replay Corpus/ (when present), explore
    \(explored.joined(separator: ", ")), fuzz \(fuzzed.joined(separator: " and ")) with a fixed seed.
    Either way: print a summary and write a JUnit report.

    OPTIONS:
      --project FILE           the project file (default: \(ProjectFile.fileName) when present)
      --corpus DIR             the regression corpus (default: Corpus)
      --presets LIST           presets to explore (default: \(explored.joined(separator: ",")); 'none' for none;
                               also --explore)
      --depth N                also bound every explored preset to N steps (a quick run; also
                               --max-depth)
      --seed N                 fuzzing seed (default: \(FuzzCommand.defaultSeed))
      --walks N                walks per fuzz preset (default: 20000)
    \(RunOptions.help())
    """

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let named = try args.option("--project")
        if let path = named ?? (FileManager.default.fileExists(atPath: ProjectFile.fileName) ? ProjectFile.fileName : nil) {
            return try ProjectJob.run(try ProjectFile.load(path), &args, context: context)
        }
        let corpusPath = try args.option("--corpus")
        var presets: [Preset] = []
        for name in (try args.option("--presets")).map({ $0.split(separator: ",").map(String.init) }) ?? explored where name != "none" {
            guard let p = Preset.named(name) else {
                throw UsageError("\(args.spelled("--presets")) takes preset names (\(Preset.everyNamed.map(\.name).joined(separator: ", ")), or none), not '\(name)'")
            }
            presets.append(p)
        }
        let depth = try args.int("--depth", in: 0...1000)
        var budget = FuzzCommand.Budget()
        budget.seed = try args.seed("--seed") ?? budget.seed
        budget.walks = try args.int("--walks", in: 0...1_000_000_000) ?? budget.walks
        let run = try RunOptions.parse(&args, environment: context.environment)
        try args.noPositionals()
        try context.starting(run, args)
        let terminal = context.terminal
        // Said once the options are read: a bad option is one line, as for any command.
        terminal.err("NavFuzz: no \(ProjectFile.fileName) here: checking NavFuzz's own model ('NavFuzz init' writes a project file)")

        var activities: [Activity] = []
        let corpus = corpusPath ?? "Corpus"
        if corpusPath != nil || FileManager.default.fileExists(atPath: corpus) {
            activities.append(context.done(try ReplayCommand.replay([corpus], name: "corpus", run: run, context: context)))
        } else {
            terminal.err("NavFuzz: no Corpus/ here; skipping the corpus replay")
        }
        for (i, var preset) in presets.enumerated() where run.shard.owns(i) {
            if let depth { preset.maxDepth = min(depth, preset.maxDepth ?? depth) }
            activities.append(context.done(ExploreCommand.explore(ModelOptions(preset: preset), run: run, context: context)))
        }
        terminal.out("fuzzing with seed \(budget.seed)")
        for name in fuzzed {
            guard let preset = Preset.fuzzPresets.first(where: { $0.name == name }) else { continue }
            activities.append(context.done(FuzzCommand.fuzz(ModelOptions(preset: preset), budget: budget, run: run, context: context)))
        }
        return try context.finish(activities, run: run)
    }
}
