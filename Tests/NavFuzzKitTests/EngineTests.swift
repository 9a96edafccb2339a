@_spi(Engine) import CoordinatorModel
import Foundation
@_spi(Engine) import NavFuzzKit
import XCTest

/// What the engine promises every machine: `sometimes` properties are looked for, several
/// different counterexamples of one property can be kept, a run can be stopped, one worker
/// runs on the calling thread, and a machine that does not repeat itself is named as such.
final class EngineTests: XCTestCase {
    func testSometimesPropertiesAreReachedOrReported() {
        let reach = Property<CounterMachine>(name: "reach-7", summary: "", check: .sometimes { $0 == 7 })
        let never = Property<CounterMachine>(name: "reach-99", summary: "", check: .sometimes { $0 == 99 })
        let machine = WithProperties(CounterMachine(), extra: [reach, never])
        let explored = Explorer(machine, options: .init(workers: 2)).run()
        XCTAssertEqual(explored.unreached, ["reach-99"])
        let fuzzed = Fuzzer(machine, options: .init(seed: 1, walks: 200, walkLength: 20, workers: 2)).run()
        XCTAssertEqual(fuzzed.unreached, ["reach-99"])
        XCTAssertEqual(fuzzed.coverage.properties.first { $0.property == "reach-7" }?.reached, true)
    }

    func testSeveralDifferentCounterexamplesOfOnePropertyAreKept() {
        // Every state from 10 on breaks "below-10"; the reason says which tens it is in.
        let below = Property<CounterMachine>(name: "below-10", summary: "", check: .state { $0 >= 10 ? "reached \($0 / 10)0s" : nil })
        let machine = WithProperties(CounterMachine(), extra: [below])
        let one = Explorer(machine, options: .init(workers: 2)).run()
        XCTAssertEqual(one.violations.filter { $0.property == "below-10" }.count, 1)
        let three = Explorer(machine, options: .init(workers: 2, distinct: 3, signature: { _, reason in reason })).run()
        let reasons = three.violations.filter { $0.property == "below-10" }.map(\.reason)
        XCTAssertEqual(reasons, ["reached 10s", "reached 20s", "reached 30s"])
        let lengths = three.violations.filter { $0.property == "below-10" }.map(\.actions.count)
        XCTAssertEqual(lengths, lengths.sorted(), "in the order breadth-first search meets them")
    }

    func testShouldStopEndsExplorationEarly() {
        let r = Explorer(CounterMachine(bound: 10_000), options: .init(workers: 1, shouldStop: { true })).run()
        XCTAssertEqual(r.partial, .stopped)
    }

    func testOneWorkerRunsOnTheCallingThread() {
        let machine = ThreadCheckingMachine(thread: Thread.current)
        _ = Explorer(machine, options: .init(workers: 1)).run()
        _ = Fuzzer(machine, options: .init(walks: 20, walkLength: 10, workers: 1)).run()
        XCTAssertFalse(machine.sawOtherThread.value)
    }

    /// A walk picked ahead on what a live system foretells is the walk picked step by step, and
    /// the machine is told the actions before they are taken; a foretelling that turns out
    /// wrong drops the rest of what was picked.
    func testWalksPickedAheadAreTheSameWalks() {
        let options = Fuzzer<CounterMachine>.Options(seed: 7, walks: 50, walkLength: 30, workers: 1, shrink: false)
        let plain = Fuzzer(CounterMachine(), options: options).run()
        for lies in [false, true] {
            let machine = ForetellingCounter(lies: lies)
            let ahead = Fuzzer(machine, options: .init(seed: 7, walks: 50, walkLength: 30, workers: 1, shrink: false), live: machine.live).run()
            XCTAssertEqual(ahead.steps, plain.steps)
            XCTAssertEqual(ahead.coverage, plain.coverage)
            XCTAssertEqual(ahead.failures.map(\.original.actions), plain.failures.map(\.original.actions))
            XCTAssertFalse(plain.failures.isEmpty)
            XCTAssertFalse(machine.log.taken.isEmpty)
            if lies {
                XCTAssertGreaterThan(machine.log.prepared.count, 50, "a wrong foretelling starts a new plan")
            } else {
                XCTAssertEqual(machine.log.unprepared, 0, "every step is the next of the last walk prepared")
                XCTAssertLessThanOrEqual(machine.log.prepared.count, 50 + plain.outsideBounds)
            }
        }
    }

    /// A counterexample carries its path, taken once when it is found: printing it as text or
    /// JSON takes no step again. One of a live system carries none, so that finding it steps
    /// the system no more than the search did.
    func testACounterexampleCarriesItsPath() {
        let machine = StepCountingCounter()
        let explored = Explorer(machine, options: .init(workers: 1)).run()
        guard let c = explored.violations.first(where: { $0.property == "never-13" }) else { return XCTFail("13 not found") }
        XCTAssertEqual(c.path?.steps.map(\.action), c.actions)
        XCTAssertEqual(c.path?.steps.last?.violations.map(\.property), ["never-13"])
        let stepped = machine.counter.steps
        _ = TraceText.text(c, machine: machine)
        _ = TraceText.json(c, machine: machine)
        XCTAssertEqual(machine.counter.steps, stepped, "printing took steps again")

        let live = StepCountingCounter()
        let liveRun = Explorer(live, options: .init(workers: 1), live: LiveSystem()).run()
        XCTAssertNil(liveRun.violations.first?.path)
        XCTAssertLessThan(live.counter.steps, stepped, "the same search without the paths takes fewer steps")
    }

    func testAMachineThatDoesNotRepeatItselfIsNamedInItsCounterexample() {
        let machine = ForgetfulCounter()
        let r = Explorer(machine, options: .init(workers: 1)).run()
        guard let c = r.violations.first else { return XCTFail("no violation") }
        XCTAssertNotNil(c.unreplayable, "\(c.actions)")
        XCTAssertTrue(TraceText.text(c, machine: machine).contains("WARNING: this trace is incomplete"))
    }
}

/// A machine with some properties added to another's, and the engine's defaults for what it
/// does not forward (every action explored, every successor encoded).
struct WithProperties<M: ExplorableMachine & FuzzableMachine & ShrinkableMachine>: ExplorableMachine, FuzzableMachine, ShrinkableMachine {
    let base: M
    let extra: [Property<M>]
    init(_ base: M, extra: [Property<M>]) { self.base = base; self.extra = extra }
    func initialStates() -> [M.State] { base.initialStates() }
    func actions(in state: M.State, into actions: inout [M.Action]) { base.actions(in: state, into: &actions) }
    func step(_ state: M.State, _ action: M.Action) -> M.Step { base.step(state, action) }
    func successor(of step: M.Step) -> M.State? { base.successor(of: step) }
    var properties: [Property<WithProperties>] {
        (base.properties + extra).map { p in
            switch p.check {
            case .state(let f): Property(name: p.name, summary: p.summary, check: .state(f))
            case .transition(let f): Property(name: p.name, summary: p.summary, check: .transition(f))
            case .sometimes(let f): Property(name: p.name, summary: p.summary, check: .sometimes(f))
            }
        }
    }
    func isWithinBounds(_ state: M.State) -> Bool { base.isWithinBounds(state) }
    func encode(_ state: M.State, into bytes: inout [UInt8]) { base.encode(state, into: &bytes) }
    func decode(_ bytes: ArraySlice<UInt8>) -> M.State? { base.decode(bytes) }
    func concretize(_ path: [M.Action], from initial: M.State) -> [M.Action] { base.concretize(path, from: initial) }
    func kindName(of action: M.Action) -> String { base.kindName(of: action) }
}

/// Flags a step taken on any thread but the one it was made on.
struct ThreadCheckingMachine: ExplorableMachine, FuzzableMachine, ShrinkableMachine, @unchecked Sendable {
    let thread: Thread
    let sawOtherThread = Flag()
    final class Flag: @unchecked Sendable { var value = false }
    init(thread: Thread) { self.thread = thread }
    func initialStates() -> [Int] { [0] }
    func actions(in state: Int, into actions: inout [Int]) { actions += [1, 2] }
    func step(_ state: Int, _ action: Int) -> Int {
        if Thread.current !== thread { sawOtherThread.value = true }
        return state + action
    }
    func successor(of step: Int) -> Int? { step }
    var properties: [Property<ThreadCheckingMachine>] { [] }
    func isWithinBounds(_ state: Int) -> Bool { state < 300 }
    func encode(_ state: Int, into bytes: inout [UInt8]) { withUnsafeBytes(of: Int64(state)) { bytes += $0 } }
    func decode(_ bytes: ArraySlice<UInt8>) -> Int? { bytes.count == 8 ? bytes.withUnsafeBytes { Int($0.loadUnaligned(as: Int64.self)) } : nil }
    func kindName(of action: Int) -> String { String(action) }
}

/// A counter whose `+1` stops working after it has been taken a few times: exploring finds
/// 3 by `+1 +1 +1` (and takes six `+1`s to see every state), but following that path again
/// does not get there.
final class ForgetfulCounter: ExplorableMachine, DescribedMachine, @unchecked Sendable {
    private var incrementsLeft = 7
    func initialStates() -> [Int] { [0] }
    func actions(in state: Int, into actions: inout [String]) { actions.append("inc") }
    func step(_ state: Int, _ action: String) -> Int? {
        incrementsLeft -= 1
        return incrementsLeft >= 0 ? state + 1 : nil
    }
    func successor(of step: Int?) -> Int? { step }
    var properties: [Property<ForgetfulCounter>] { [Property(name: "below-3", summary: "", check: .state { $0 < 3 ? nil : "reached 3" })] }
    func isWithinBounds(_ state: Int) -> Bool { state <= 5 }
    func encode(_ state: Int, into bytes: inout [UInt8]) { bytes.append(UInt8(state)) }
    func decode(_ bytes: ArraySlice<UInt8>) -> Int? { bytes.first.map(Int.init) }
    func describe(_ state: Int) -> String { String(state) }
    func describe(_ action: String) -> String { action }
    func parseAction(_ text: String) throws(ActionParseError) -> String { text }
}

/// `CounterMachine` that foretells its steps (wrongly when it `lies`: one more than the truth)
/// and logs the walks it was told of and the steps it took.
struct ForetellingCounter: FuzzableMachine, ShrinkableMachine, @unchecked Sendable {
    final class Log {
        var prepared: [[String]] = []
        var taken: [String] = []
        /// Steps that were not the next action of the walk prepared last.
        var unprepared = 0
        var next = 0
        func take(_ action: String) {
            taken.append(action)
            if let plan = prepared.last, next < plan.count, plan[next] == action { next += 1 } else { unprepared += 1 }
        }
    }
    let base = CounterMachine()
    let lies: Bool
    let log = Log()
    func initialStates() -> [Int] { base.initialStates() }
    func actions(in state: Int, into actions: inout [String]) { base.actions(in: state, into: &actions) }
    func step(_ state: Int, _ action: String) -> (before: Int, after: Int?) {
        log.take(action)
        return base.step(state, action)
    }
    func successor(of step: (before: Int, after: Int?)) -> Int? { step.after }
    var properties: [Property<ForetellingCounter>] { base.properties.map(forwarded) }
    func isWithinBounds(_ state: Int) -> Bool { base.isWithinBounds(state) }
    func kindName(of action: String) -> String { action }
    /// Foretells on the base machine, and logs the walks it is told of.
    var live: LiveSystem<ForetellingCounter> {
        let base = base, lies = lies, log = UncheckedLog(log)
        return LiveSystem(foretell: { state, action in base.step(state, action).after.map { lies ? $0 + 1 : $0 } },
                          prepareWalk: { actions, _ in log.log.prepared.append(actions); log.log.next = 0 })
    }
}

struct UncheckedLog: @unchecked Sendable {
    let log: ForetellingCounter.Log
    init(_ log: ForetellingCounter.Log) { self.log = log }
}

/// `CounterMachine` counting the steps taken on it.
struct StepCountingCounter: ExplorableMachine, DescribedMachine, @unchecked Sendable {
    final class Counter { var steps = 0 }
    let base = CounterMachine()
    let counter = Counter()
    func initialStates() -> [Int] { base.initialStates() }
    func actions(in state: Int, into actions: inout [String]) { base.actions(in: state, into: &actions) }
    func step(_ state: Int, _ action: String) -> (before: Int, after: Int?) {
        counter.steps += 1
        return base.step(state, action)
    }
    func successor(of step: (before: Int, after: Int?)) -> Int? { step.after }
    var properties: [Property<StepCountingCounter>] { base.properties.map(forwarded) }
    func isWithinBounds(_ state: Int) -> Bool { base.isWithinBounds(state) }
    func encode(_ state: Int, into bytes: inout [UInt8]) { base.encode(state, into: &bytes) }
    func decode(_ bytes: ArraySlice<UInt8>) -> Int? { base.decode(bytes) }
    func describe(_ state: Int) -> String { String(state) }
    func describe(_ action: String) -> String { action }
    func parseAction(_ text: String) throws(ActionParseError) -> String { text }
}

/// A property of `CounterMachine` as one of a machine over the same states, actions and steps.
func forwarded<N: StateMachine>(_ p: Property<CounterMachine>) -> Property<N>
    where N.State == Int, N.Action == String, N.Step == (before: Int, after: Int?) {
    switch p.check {
    case .state(let f): Property(name: p.name, summary: p.summary, check: .state(f))
    case .transition(let f): Property(name: p.name, summary: p.summary, check: .transition { s, a, step in f(s, a, step) })
    case .sometimes(let f): Property(name: p.name, summary: p.summary, check: .sometimes(f))
    }
}
