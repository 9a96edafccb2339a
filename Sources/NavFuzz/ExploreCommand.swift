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
    \(RunOptions.help)
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
        let run = try RunOptions.parse(&args, environment: context.environment)
        try args.noPositionals()
        try context.starting(run)
        var activity = explore(model, run: run, maxStates: maxStates, maxSeconds: maxSeconds, context: context)
        if let expected { activity.pinStateCount(expected) }
        return try context.finish([activity], run: run)
    }

    /// Runs one exploration and turns it into an activity named `explore.<preset>`.
    static func explore(_ model: ModelOptions, run: RunOptions, maxStates: Int? = nil, maxSeconds: Double? = nil,
                        context: Context) -> Activity {
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
        let machine = model.machine
        PartialReport.shared.startExploring()
        let report = Explorer.coordinators(machine, options: options)
        terminal.endProgress()
        let activity = Activity.exploration(name: name, machine: machine, report: report, settings: model.settings) { c in
            context.render(c, machine: machine, source: name, run: run)
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
