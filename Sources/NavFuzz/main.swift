import Foundation
@_spi(Engine) import NavFuzzKit

/// NavFuzz: explores, fuzzes and replays coordinator navigation against the reference model.
/// Exit codes: 0 every invariant held, 1 an invariant broke, 2 bad input.
typealias Command = (help: String, run: (inout Arguments, Context) throws(UsageError) -> Int32)

func main(_ argv: [String]) -> Int32 {
    // A closed stdout (`| head`) must not kill the run before the report is written.
    signal(SIGPIPE, SIG_IGN)
    let endings = endDriversWhenEnded()
    defer { withExtendedLifetime(endings) {} }
    let terminal = Terminal()
    let context = Context(terminal: terminal, environment: ProcessInfo.processInfo.environment)
    let commands: [String: Command] = [
        "explore": (ExploreCommand.help, ExploreCommand.run),
        "bench": (BenchCommand.help, BenchCommand.run),
        "merge": (MergeCommand.help, MergeCommand.run),
        "verify": (VerifyCommand.help, VerifyCommand.run),
        "fuzz": (FuzzCommand.help, FuzzCommand.run),
        "replay": (ReplayCommand.help, ReplayCommand.run),
        "validate": (ValidateCommand.help, ValidateCommand.run),
        "shrink": (ShrinkCommand.help, ShrinkCommand.run),
        "init": (ProjectJob.initHelp, ProjectJob.initialize),
    ]
    do throws(UsageError) {
        if argv.first == "--version" { terminal.out("NavFuzz \(navFuzzVersion)"); return 0 }
        if argv.first == "--help" || argv.first == "-h" || argv.first == "help" {
            terminal.outText(overallHelp + "\n\n" + DefaultJob.help)
            return 0
        }
        let name = argv.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
        if let name {
            guard let command = commands[name] else {
                throw UsageError("unknown command '\(name)'", hint: "one of \(commands.keys.sorted().joined(separator: ", ")); see 'NavFuzz --help'")
            }
            var args = Arguments(command: name, Array(argv.dropFirst()))
            if args.flag("--help") || args.flag("-h") { terminal.outText(command.help); return 0 }
            return try command.run(&args, context)
        }
        var args = Arguments(command: "", argv)
        return try DefaultJob.run(&args, context: context)
    } catch {
        terminal.err(error.line)
        return 2
    }
}

exit(main(Array(CommandLine.arguments.dropFirst())))

/// SIGINT, SIGTERM and SIGHUP (a CI timeout, Ctrl-C, a closed terminal) end NavFuzz with the
/// conventional status 128 + signal, every driver it started with it, and a partial report
/// with what a running exploration reached.
func endDriversWhenEnded() -> [DispatchSourceSignal] {
    // A queue of their own: the handler waits for an exploration's workers, which the global
    // queue's threads may all be busy being.
    let queue = DispatchQueue(label: "NavFuzz.signals")
    return [SIGINT, SIGTERM, SIGHUP].map { number in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { exit(PartialReport.shared.end(by: number)) }
        source.resume()
        return source
    }
}
