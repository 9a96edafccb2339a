@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// `NavFuzz explore`: exhaustive exploration of one preset, with any bound changed by flag.
enum ExploreCommand {
    static let help = """
    USAGE: NavFuzz explore [options]

    Explores every state of the coordinator model within bounds, breadth-first over canonical
    states, checking every invariant on every transition. Prints the shortest counterexample
    of each violated invariant.

    OPTIONS:
    \(ModelOptions.help)
      --max-states N           stop after N distinct states (partial report)
      --max-seconds S          stop after S seconds (partial report)
      --expect-states N        fail (exit 1) unless exactly N distinct states are found
      --split prefix|ownership how --shard splits the states (default: prefix): prefix explores
                               the first levels in every shard, then a part of the first wide
                               level and what it leads to; ownership explores every state and
                               checks those whose fingerprint the shard owns (docs/CI.md)
    \(RunOptions.help())

    With --shard I/N the shard's states go to a file next to its report (REPORT.explore.NAME.states),
    which `merge` reads to count the distinct states of all shards.
    """

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let model = try ModelOptions.parse(&args)
        let maxStates = try args.int("--max-states", in: 1...4_000_000_000)
        let maxSeconds = try args.double("--max-seconds")
        let expected = try args.int("--expect-states", in: 0...Int.max)
        if expected != nil && (maxStates != nil || maxSeconds != nil) {
            throw UsageError("--expect-states conflicts with --max-states and --max-seconds: a partial exploration cannot pin a count",
                             hint: "leave out the stopping limit when pinning a count")
        }
        let splitName = try args.choice("--split", ExplorationShard.Split.allCases.map(\.rawValue))
        let run = try RunOptions.parse(&args, environment: context.environment)
        try args.noPositionals()
        var shard: (ExplorationShard, statesPath: String)?
        if run.shard != .whole {
            if expected != nil {
                throw UsageError("--expect-states pins the count of the whole exploration, not of shard \(run.shard.description)",
                                 hint: "merge the shards' reports: the merged report states the distinct count")
            }
            guard case .success(.file(let file)) = ReportDestination.of(run.junitPath) else {
                throw UsageError("explore --shard writes its states next to its report: --junit must name a file, not '\(run.junitPath)'",
                                 hint: "for example --junit reports/explore-\(run.shard.index).xml")
            }
            let split = splitName.flatMap(ExplorationShard.Split.init(rawValue:)) ?? .prefix
            shard = (ExplorationShard(index: run.shard.index, count: run.shard.count, split: split),
                     statesFile(report: file, suite: "explore.\(model.preset.name)"))
        } else if splitName != nil {
            throw UsageError("--split splits the states among shards: it needs --shard I/N", hint: "for example --shard 0/4 --split ownership")
        }
        try context.starting(run, args)
        var activity = explore(model, run: run, maxStates: maxStates, maxSeconds: maxSeconds, shard: shard, context: context)
        if let expected { activity.pinStateCount(expected) }
        return try context.finish([activity], run: run)
    }

    /// Where a shard's states go: next to its report, named after it and the suite.
    static func statesFile(report: String, suite: String) -> String {
        (report.hasSuffix(".xml") ? String(report.dropLast(4)) : report) + "." + suite + ".states"
    }

    /// Runs one exploration and turns it into an activity named `explore.<preset>`.
    /// With `shard`, only that shard's part, its states written to `statesPath` for `merge`.
    static func explore(_ model: ModelOptions, run: RunOptions, maxStates: Int? = nil, maxSeconds: Double? = nil,
                        shard: (ExplorationShard, statesPath: String)? = nil, context: Context) -> Activity {
        let terminal = context.terminal
        let name = "explore.\(model.preset.name)"
        Heartbeat.shared.doing(name)
        var options = Explorer<CoordinatorMachine>.Options(
            workers: run.workers, maxDepth: model.preset.maxDepth, maxStates: maxStates, maxSeconds: maxSeconds)
        if terminal.isInteractive {
            options.progress = { (p: ExplorationProgress) in
                let rate = Figures.rate(Double(p.transitions) / max(p.seconds, 1e-9))
                terminal.progress("\(name): depth \(p.depth), \(Figures.count(p.states)) states before it, queue \(Figures.count(p.queue)), "
                    + "\(Figures.count(p.transitions)) transitions, \(rate)/s")
            }
        }
        // A signal (a CI's timeout) stops the workers between chunks, and the report shows
        // what they reached (`PartialReport`).
        options.shouldStop = { PartialReport.shared.isEnding }
        options.shard = shard?.0
        let machine = model.machine
        PartialReport.shared.startExploring()
        let report = Explorer.coordinators(machine, options: options)
        terminal.endProgress()
        var settings = model.settings + [JUnitProperty(name: "shard", value: run.shard.description)]
        var problem: String?
        if let shard, let states = report.shardStates {
            settings += [JUnitProperty(name: "split", value: shard.0.split.rawValue),
                         JUnitProperty(name: "states-file", value: (shard.statesPath as NSString).lastPathComponent)]
            do { try states.save(to: shard.statesPath) } catch { problem = "cannot write \(shard.statesPath): \(error.reason)" }
        }
        let texts = report.violations.map { context.render($0, machine: machine, source: name, run: run) }
        var activity = Activity.exploration(name: name, machine: machine, report: report, settings: settings, texts: texts,
                                            sometimes: model.sometimes(shard: run.shard))
        if let problem {
            activity.cases.append(JUnitCase(classname: name, name: "states-file", time: 0,
                                            outcome: .error(message: problem, type: "io", text: problem)))
            activity.failureTexts.append(problem)
        }
        PartialReport.shared.explored(activity)
        return activity
    }
}

extension Activity {
    /// Adds a `state-count` case that fails unless the exploration found exactly `expected` states.
    mutating func pinStateCount(_ expected: Int) {
        let found = properties.first { $0.name == "states" }.flatMap { Int($0.value) } ?? -1
        let outcome: JUnitCase.Outcome = found == expected ? .passed
            : .failure(message: "state-count: expected \(expected) distinct states, found \(found)", type: "pin", text: summary)
        cases.append(JUnitCase(classname: name, name: "state-count", time: 0, outcome: outcome))
        if found != expected { failureTexts.append("\(name): expected \(Figures.count(expected)) distinct states, found \(Figures.count(found))") }
        summary += found == expected ? " — state count pinned" : " — STATE COUNT \(Figures.count(found)) != \(Figures.count(expected))"
    }
}
