import CoordinatorModel
import NavFuzzKit

/// `NavFuzz` with no command: the CI job.
enum DefaultJob {
    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let runOptions = try RunOptions.parse(&args, environment: context.environment)
        try args.noPositionals()
        try runOptions.checkReportPath()
        var activities: [Activity] = []
        for (i, name) in ["small", "small-tab", "ci", "ci-tab"].enumerated() where runOptions.shard.owns(i) {
            guard let preset = Preset.named(name) else { continue }
            activities.append(ExploreCommand.explore(ModelOptions(preset: preset), run: runOptions, context: context))
        }
        return try context.finish(activities, run: runOptions)
    }
}
