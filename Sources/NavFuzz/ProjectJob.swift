import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// `NavFuzz` with no command in a repository with a project file: verifies each of its systems
/// (corpus traces first, then the random phase and exploration), one JUnit suite each.
enum ProjectJob {
    static func run(_ project: ProjectFile, _ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let run = try RunOptions.parse(&args, environment: context.environment, junit: project.junit, failures: project.failures,
                                       threads: false)
        try args.noPositionals()
        var options = project.options
        options.shard = (run.shard.index, run.shard.count)
        var skipped = 0
        for path in project.corpus { skipped += try VerifyCommand.given(path, into: &options) }
        let recordings = try project.recordings.isEmpty ? [] : ValidateCommand.listing(project.recordings)
        try context.starting(run, args)
        let doing = project.systems.map { "verifying \($0.name)" } + (recordings.isEmpty ? [] : ["validating \(recordings.count) recordings"])
        context.terminal.out("NavFuzz: \(project.path): \(doing.joined(separator: ", "))")
        var activities: [Activity] = []
        for system in project.systems {
            var o = options
            o.baseline = system.baseline
            if let t = system.timeout { o.timeout = t }
            if let t = system.startupTimeout { o.startupTimeout = t }
            activities.append(VerifyCommand.verification(driver: system.driver, name: system.name, options: o, skipped: skipped,
                                                         run: run, context: context))
        }
        if !recordings.isEmpty {
            activities.append(ValidateCommand.validate(recordings.enumerated().filter { run.shard.owns($0.offset) }.map(\.element),
                                                       name: "validate", run: run, context: context))
        }
        return try context.finish(activities, run: run, projectFile: project.path)
    }

    /// `NavFuzz init`: writes a starting project file, never over one.
    static let initHelp = """
    USAGE: NavFuzz init [FILE]

    Writes a commented starting project file (default: \(ProjectFile.fileName)), which `NavFuzz`
    with no command then runs. Every key is in docs/PROJECT.md. An existing file is left as it is.
    """

    static func initialize(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let given = try args.positionals()
        if given.count > 1 { throw UsageError("'init' takes one file name, not \(given.count)") }
        let path = given.first ?? ProjectFile.fileName
        if FileManager.default.fileExists(atPath: path) {
            throw UsageError("\(path) exists; NavFuzz init leaves it as it is", hint: "edit it, or remove it first")
        }
        do { try AtomicFile.write(Array(ProjectFile.starter.utf8), to: path) } catch {
            throw UsageError("cannot write \(path): \(error.reason)")
        }
        context.terminal.out("wrote \(path): name your driver in it, then run 'swift run NavFuzz'")
        return 0
    }
}
