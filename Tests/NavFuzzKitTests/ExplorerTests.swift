@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit
import XCTest

/// A tiny deliberately broken machine: a counter with +1, +3 and ×2 up to a bound, whose
/// properties fail at known distances from 0, so that shortest traces are known by hand.
struct CounterMachine: ExplorableMachine, FuzzableMachine, ShrinkableMachine, DescribedMachine {
    var bound = 40
    var initial = [0]

    func initialStates() -> [Int] { initial }
    func actions(in state: Int, into actions: inout [String]) { actions += ["inc", "add3", "double", "noop"] }
    func step(_ state: Int, _ action: String) -> (before: Int, after: Int?) {
        switch action {
        case "inc": (state, state + 1)
        case "add3": (state, state + 3)
        case "double": (state, state == 0 ? nil : state * 2)  // refused at 0
        default: (state, nil)
        }
    }
    func successor(of step: (before: Int, after: Int?)) -> Int? { step.after }
    var properties: [Property<CounterMachine>] {
        [
            // 13 = 3+3+... shortest: 0→3→6→12→13 (add3, add3, double, inc): 4 steps.
            Property(name: "never-13", summary: "13 is unreachable", check: .state { $0 == 13 ? "reached 13" : nil }),
            // Doubling 5 happens first after 0→1→2→5 (inc, inc, add3) then double: 4 steps.
            Property(name: "never-double-5", summary: "5 is never doubled",
                     check: .transition { s, a, _ in s == 5 && a == "double" ? "doubled 5" : nil }),
            Property(name: "holds", summary: "never fails", check: .state { _ in nil }),
        ]
    }
    func isWithinBounds(_ state: Int) -> Bool { state <= bound }
    func encode(_ state: Int, into bytes: inout [UInt8]) { withUnsafeBytes(of: Int64(state).littleEndian) { bytes += $0 } }
    func decode(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count == 8 else { return nil }
        return Int(bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }
    func describe(_ state: Int) -> String { String(state) }
    func describe(_ action: String) -> String { action }
    func parseAction(_ text: String) throws(ActionParseError) -> String {
        guard ["inc", "add3", "double", "noop"].contains(text) else { throw ActionParseError(column: 1, message: "expected an action") }
        return text
    }
    func kindName(of action: String) -> String { action }
}

final class ExplorerTests: XCTestCase {
    func run<M: ExplorableMachine>(_ m: M, workers: Int = 2, maxDepth: Int? = nil, maxStates: Int? = nil) -> ExplorationReport<M> {
        Explorer(m, options: .init(workers: workers, maxDepth: maxDepth, maxStates: maxStates)).run()
    }

    func testCounterMachineFindsEachViolationWithTheShortestTrace() {
        let r = run(CounterMachine())
        XCTAssertEqual(r.states, 41)
        let byName = Dictionary(uniqueKeysWithValues: r.violations.map { ($0.property, $0) })
        XCTAssertEqual(Set(byName.keys), ["never-13", "never-double-5"])
        XCTAssertEqual(byName["never-13"]?.actions.count, 4)
        XCTAssertEqual(byName["never-double-5"]?.actions.count, 4)
        XCTAssertEqual(byName["never-double-5"]?.actions.last, "double")
        // The trace replays to the violation.
        let m = CounterMachine()
        var s = 0
        for a in byName["never-13"]?.actions ?? [] { s = m.successor(of: m.step(s, a)) ?? s }
        XCTAssertEqual(s, 13)
    }

    func testCountsAndTracesDoNotDependOnWorkers() {
        for workers in [1, 3, 8] {
            let r = run(CounterMachine(bound: 200), workers: workers)
            XCTAssertEqual(r.states, 201)
            XCTAssertEqual(r.transitions, 201 * 4)
            XCTAssertEqual(r.violations.map(\.actions), run(CounterMachine(bound: 200), workers: 1).violations.map(\.actions))
        }
        let model = CoordinatorMachine(preset: .ci, fault: .dismissWrongLevel)
        let one = Explorer.coordinators(model, options: .init(workers: 1, maxDepth: 3))
        let many = Explorer.coordinators(model, options: .init(workers: 4, maxDepth: 3))
        XCTAssertEqual(one.states, many.states)
        XCTAssertEqual(one.transitions, many.transitions)
        XCTAssertEqual(one.violations.map { "\($0.property) \($0.actions)" }, many.violations.map { "\($0.property) \($0.actions)" })
        // Cut short by a state cap while chunks merge as they finish: the same states, cut at
        // the same one.
        let capped = [1, 2, 4].map { Explorer.coordinators(CoordinatorMachine(preset: .small), options: .init(workers: $0, maxStates: 3_000)) }
        for r in capped {
            XCTAssertEqual(r.partial, .maxStates(3_000))
            XCTAssertEqual(r.states, 3_000)
            XCTAssertEqual(r.transitions, capped[0].transitions)
            XCTAssertEqual(r.depth, capped[0].depth)
        }
    }

    func testDepthBoundKeepsStatesWithinThatManySteps() {
        let r = run(CounterMachine(), maxDepth: 2)
        // 0; 1, 3; 2, 4, 6 (and 2 again by doubling 1).
        XCTAssertEqual(r.states, 6)
        XCTAssertEqual(r.depth, 2)
        XCTAssertTrue(r.violations.isEmpty)
    }

    func testMaxStatesStopsWithAPartialReport() {
        let r = run(CounterMachine(bound: 1000), maxStates: 50)
        XCTAssertNotNil(r.partial)
        XCTAssertLessThanOrEqual(r.states, 50)
    }

    /// A naive BFS over a `Set` of full canonical encodings agrees with the fingerprint explorer.
    func testNaiveSetBFSFindsTheSameStateCount() {
        // Depth 3: the complete counts are pinned on a release build by .ci/run.
        for (preset, depth) in [(Preset.small, 3), (Preset.smallTab, 3), (Preset.ci, 2), (Preset.transitions, 2), (Preset.launch, 2), (Preset.viewRoot, 4)] {
            let machine = CoordinatorMachine(preset: preset)
            var seen: Set<[UInt8]> = [machine.model.initialState().canonicalEncoding()]
            var frontier = [machine.model.initialState()]
            var actions: [Action] = []
            for _ in 0..<depth {
                var next: [CoordinatorModel.State] = []
                for s in frontier {
                    actions.removeAll()
                    machine.actions(in: s, into: &actions)
                    for a in actions {
                        let step = machine.model.step(s, a)
                        if !step.outcome.isRefused, preset.bounds.contains(step.state),
                           seen.insert(step.state.canonicalEncoding()).inserted { next.append(step.state) }
                    }
                }
                frontier = next
            }
            let r = Explorer.coordinators(machine, options: .init(workers: 2, maxDepth: depth))
            XCTAssertEqual(r.states, seen.count, preset.name)
            XCTAssertTrue(r.violations.isEmpty, "\(preset.name): \(r.violations.map(\.property))")
        }
    }

    /// Exploration leaves the up-front refusals unstepped and counts them, and does not encode
    /// a successor equal to its state; every figure, every counterexample and every reason is
    /// what stepping each action and encoding each successor gives, faults included.
    func testLeavingOutUpFrontRefusalsChangesNoResult() {
        let cases: [(Preset, Fault?, Int)] = [(.small, nil, 3), (.smallTab, nil, 2)] + Fault.allCases.map { (.smallTab, $0, 2) }
        var failing = 0
        for (preset, fault, depth) in cases {
            let machine = CoordinatorMachine(preset: preset, fault: fault)
            let options = Explorer<CoordinatorMachine>.Options(workers: 2, maxDepth: depth, distinct: 3)
            let fast = Explorer.coordinators(machine, options: options)
            // The engine's defaults: every action stepped, every successor encoded.
            let every = Explorer(WithProperties(machine, extra: []), options: .init(workers: 2, maxDepth: depth, distinct: 3)).run()
            let name = "\(preset.name) \(fault?.rawValue ?? "correct")"
            XCTAssertEqual([fast.states, fast.applied, fast.refused, fast.depth], [every.states, every.applied, every.refused, every.depth], name)
            XCTAssertEqual(fast.violations.map { "\($0.property): \($0.reason) \($0.actions)" },
                           every.violations.map { "\($0.property): \($0.reason) \($0.actions)" }, name)
            XCTAssertEqual(fast.unreached, every.unreached, name)
            if !fast.violations.isEmpty { failing += 1 }
        }
        XCTAssertGreaterThanOrEqual(failing, 5, "the faults' counterexamples were compared")
    }

    /// Depth-bounded prefixes of the presets, cheap enough for a debug build. The complete
    /// presets are pinned by `.ci/run` on a release build (`--expect-states`).
    func testPinnedPresetPrefixes() {
        let expected: [(Preset, Int, Int)] = [(.small, 4, 12_598), (.smallTab, 3, 2_146), (.ci, 3, 13_444), (.ciTab, 2, 1_396), (.deep, 3, 13_444),
                                                (.transitions, 2, 744), (.transitionsCI, 2, 1_306), (.launch, 3, 23_339)]
        for (preset, depth, count) in expected {
            let r = Explorer.coordinators(CoordinatorMachine(preset: preset), options: .init(workers: 2, maxDepth: depth))
            XCTAssertEqual(r.states, count, "\(preset.name) to depth \(depth)")
        }
    }

    /// The rule that says a `sometimes` property cannot come about (docs/SEMANTICS.md §5.3) agrees
    /// with complete explorations of small bounds: a property is reached exactly when the rule
    /// says it can come about, so a run that misses one fails rather than skips it.
    func testWhatCannotComeAboutIsWhatACompleteExplorationNeverReaches() {
        var checked = 0
        // Each property on both sides of its rule, a few thousand states at most each.
        let cases: [(Kind, Int, Int, Int, Int)] = [
            (.navigation, 1, 1, 0, 1), (.navigation, 2, 1, 1, 1), (.navigation, 2, 2, 1, 2), (.navigation, 2, 3, 0, 1),
            (.navigation, 4, 1, 1, 1), (.navigation, 4, 1, 1, 2), (.tab, 2, 1, 1, 1), (.tab, 2, 3, 0, 1), (.tab, 3, 2, 0, 2),
            (.tab, 3, 1, 1, 2),
        ]
        for (root, coordinators, stack, modals, pages) in cases {
            let configuration = Configuration(routeCount: 1, pageCount: pages, rootKind: root)
            let bounds = Bounds(maxCoordinators: coordinators, maxStack: stack, maxModals: modals)
            let domain = Domain(routes: [Route(0)], pages: (0..<pages).map(Page.init))
            let preset = Preset(name: "p", configuration: configuration, bounds: bounds, maxDepth: nil, domain: domain)
            let r = Explorer.coordinators(CoordinatorMachine(preset: preset), options: .init(workers: 2, maxStates: 20_000))
            XCTAssertNil(r.partial, "\(root) \(bounds) \(pages) pages")
            for p in SometimesProperty.all {
                let impossible = p.impossible(within: bounds, configuration: configuration, domain: domain)
                XCTAssertEqual(r.unreached.contains(p.name), impossible != nil,
                               "\(p.name) under a \(root) root, \(bounds), \(pages) pages (\(r.states) states): \(impossible ?? "can come about")")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 10)
    }

    /// Each model fault is found with the shortest trace, of the length worked out by hand.
    func testInjectedFaultsAreFoundWithShortestTraces() {
        let cases: [(Fault, Preset, String, Int)] = [
            (.swipeLeavesChild, .small, "no-orphan-children", 2),       // start sheet, userSwipeDismiss
            (.backLeavesChild, .small, "no-orphan-children", 2),        // start push, userBack
            (.tabRootTopLastPage, .smallTab, "force-presentation-on-top", 1),
            (.popRemovesRoot, .small, "stack-shape", 1),                // pop c0
            (.dismissWrongLevel, .ci, "modal-discipline", 3),           // present, present, dismiss
            (.restartKeepsFullScreen, .small, "restart-resets", 2),     // present fullScreen, restart
            (.duplicatePageChild, .smallTab, "tree-consistent", 1),     // setPages keeping a page
            (.dismissNothingRemovesCaller, .small, "modal-discipline", 2),
            (.switchRootKeepsOldFlow, .transitions, "tree-consistent", 1),    // switchRoot leaves a second parentless tree
            (.redirectActsOnSelf, .transitions, "modal-discipline", 2),       // start redirection sheet, redirectTo set
            (.sharedFinishPopsParent, .transitionsCI, "finishflow-cleans-up", 3),   // startShared, push c0, finishFlow
            (.launchChildTwice, .launch, "restart-resets", 1),                 // restartApp over the launch child
        ]
        for (fault, preset, invariant, length) in cases {
            // Breadth-first to the known length: a shorter trace, if one existed, would be found first.
            let r = Explorer.coordinators(CoordinatorMachine(preset: preset, fault: fault), options: .init(workers: 2, maxDepth: length))
            guard let v = r.violations.first(where: { $0.property == invariant }) else {
                XCTFail("\(fault.rawValue): \(invariant) not violated; got \(r.violations.map(\.property))")
                continue
            }
            XCTAssertEqual(v.actions.count, length, "\(fault.rawValue): \(v.actions)")
            XCTAssertTrue(r.violations.allSatisfy { $0.actions.count >= 1 })
            // Replaying the concrete trace on the faulty model shows the same violation.
            let machine = CoordinatorMachine(preset: preset, fault: fault)
            var s = v.initial
            var seen = false
            for a in v.actions {
                let step = machine.step(s, a)
                seen = seen || Invariant.named(invariant)?.violation(before: s, action: a, step: step, configuration: machine.model.configuration) != nil
                s = step.state
            }
            XCTAssertTrue(seen, "\(fault.rawValue): replay of \(v.actions) does not violate \(invariant)")
        }
    }

    func testCorrectModelHoldsEveryInvariantOnCIPrefix() {
        let r = Explorer.coordinators(CoordinatorMachine(preset: .ciTab), options: .init(workers: 2, maxDepth: 2))
        XCTAssertTrue(r.violations.isEmpty, "\(r.violations.map { "\($0.property): \($0.reason) \($0.actions)" })")
        XCTAssertGreaterThan(r.refused, 0)
    }
}
