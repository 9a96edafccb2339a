@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// `NavFuzz bench`: the figures of BENCHMARKS.md, each with a comparison measured in the same
/// run (1 worker against all, step alone against step with every invariant).
enum BenchCommand {
    static let help = """
    USAGE: NavFuzz bench [step|explore|fuzz] [--preset NAME] [--max-depth N|none] [--workers N] [--each]

    Build with -c release. 'step' times Model.step with and without all invariants over every
    action of the first states of a preset (--each: and the cost of each invariant a step);
    'explore' explores a preset with 1 worker and with N workers (default: all cores) and
    prints the speed-up; 'fuzz' runs 20,000 walks of 100 steps (seed 1) with 1 worker and
    with N.
    """

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let model = try ModelOptions.parse(&args)
        let workers = try args.int("--workers", in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
        let each = args.flag("--each")
        let what = try args.positionals()
        if what.count > 1 { throw UsageError("'bench' takes one of step, explore, fuzz", hint: "see 'NavFuzz bench --help'") }
        switch what.first ?? "explore" {
        case "step": step(model, each: each, context: context)
        case "explore": explore(model, workers: workers, context: context)
        case "fuzz": fuzz(model, workers: workers, context: context)
        case let other: throw UsageError("no benchmark '\(other)'", hint: "one of step, explore, fuzz")
        }
        return 0
    }

    /// Step throughput over every enumerated action of the first 20,000 BFS states.
    static func step(_ options: ModelOptions, each: Bool, context: Context) {
        let machine = options.machine
        var states: [CoordinatorModel.State] = [machine.model.initialState()]
        var seen = Set<[UInt8]>()
        var i = 0
        var actions: [Action] = []
        while i < states.count && states.count < 20_000 {
            actions.removeAll(keepingCapacity: true)
            machine.actions(in: states[i], into: &actions)
            for a in actions {
                if let s = machine.successor(of: machine.step(states[i], a)), machine.isWithinBounds(s),
                   seen.insert(s.canonicalEncoding()).inserted { states.append(s) }
            }
            i += 1
        }
        /// `check` returns how many invariants a step violates.
        func pass(_ check: (CoordinatorModel.State, Action, Step) -> Int) -> (steps: Int, seconds: Double) {
            let clock = ContinuousClock()
            var steps = 0, violations = 0
            let elapsed = clock.measure {
                for s in states {
                    actions.removeAll(keepingCapacity: true)
                    machine.actions(in: s, into: &actions)
                    for a in actions {
                        steps += 1
                        violations += check(s, a, machine.step(s, a))
                    }
                }
            }
            if violations > 0 { context.terminal.err("bench: \(violations) violations") }
            return (steps, elapsed.inSeconds)
        }
        _ = pass { _, _, _ in 0 }
        let bare = pass { _, _, _ in 0 }
        // All 12 as exploration and fuzzing check them: directly, the state invariants on the state after.
        let checked = pass { s, a, step in
            var n = 0
            Invariant.checkAll(s, a, step, machine.model.configuration) { _, _ in n += 1 }
            Invariant.checkAll(step.state) { _, _ in n += 1 }
            return n
        }
        let bareRate = Double(bare.steps) / bare.seconds, checkedRate = Double(checked.steps) / checked.seconds
        context.terminal.out("bench step (\(options.preset.name), \(Figures.count(states.count)) states, \(Figures.count(bare.steps)) steps per pass):")
        context.terminal.out("  step alone:            \(Figures.rate(bareRate)) steps/s")
        context.terminal.out("  step + 12 invariants:  \(Figures.rate(checkedRate)) steps/s  (\(String(format: "%.2f", bareRate / checkedRate))x the cost)")
        guard each else { return }
        // Each invariant's own cost: a pass with it alone, through its closure, less the bare pass.
        let bareStep = bare.seconds / Double(bare.steps)
        for inv in Invariant.all {
            let one = pass { s, a, step in
                inv.violation(before: s, action: a, step: step, configuration: machine.model.configuration) == nil ? 0 : 1
            }
            let ns = (one.seconds / Double(one.steps) - bareStep) * 1e9
            context.terminal.out("  \(inv.name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(String(format: "%6.0f", ns)) ns a step")
        }
    }

    static func explore(_ options: ModelOptions, workers: Int, context: Context) {
        let machine = options.machine
        func run(_ n: Int) -> ExplorationReport<CoordinatorMachine> {
            Explorer.coordinators(machine, options: .init(workers: n, maxDepth: options.preset.maxDepth))
        }
        let one = run(1)
        let many = run(workers)
        let depth = options.preset.maxDepth.map { ", --max-depth \($0)" } ?? ""
        context.terminal.out("bench explore (\(options.preset.name)\(depth)): \(Figures.count(one.states)) states, \(Figures.count(one.transitions)) transitions, \(String(format: "%.1f", many.bytesPerState)) B/state")
        for (n, r) in [(1, one), (workers, many)] {
            context.terminal.out("  \(n) worker\(n == 1 ? " " : "s"): \(Figures.seconds(r.seconds)), \(Figures.rate(r.transitionsPerSecond)) transitions/s, \(Figures.rate(r.statesPerSecond)) states/s, \(Figures.rate(r.transitionsPerSecond / Double(n))) transitions/s per core")
        }
        context.terminal.out(String(format: "  speed-up: %.2fx on %d workers", one.seconds / many.seconds, workers))
    }

    static func fuzz(_ options: ModelOptions, workers: Int, context: Context) {
        let machine = options.machine
        func run(_ n: Int) -> FuzzReport<CoordinatorMachine> {
            Fuzzer.coordinators(machine, options: .init(seed: 1, walks: 20_000, walkLength: 100, workers: n))
        }
        let one = run(1)
        let many = run(workers)
        context.terminal.out("bench fuzz (\(options.preset.name), seed 1, 20,000 walks of up to 100 steps): \(Figures.count(one.steps)) steps, all 12 invariants after every step")
        for (n, r) in [(1, one), (workers, many)] {
            context.terminal.out("  \(n) worker\(n == 1 ? " " : "s"): \(Figures.seconds(r.seconds)), \(Figures.rate(r.stepsPerSecond)) steps/s, \(Figures.rate(r.stepsPerSecond / Double(n))) steps/s per core")
        }
        context.terminal.out(String(format: "  speed-up: %.2fx on %d workers; identical reports: %@", one.seconds / many.seconds, workers,
                                    one.text(machine, timings: false) == many.text(machine, timings: false) ? "yes" : "NO"))
    }
}
