@_spi(Engine) import CoordinatorModel
import Foundation
@_spi(Engine) @testable import NavFuzzKit
import XCTest

/// Machines and paths shared by the fuzzer, shrinker, corpus and trace tests.
enum FuzzFixtures {
    /// `Preset.small` (or `small-tab`), where every fault shows within three steps: the tab
    /// faults need a tab as root, dismiss-wrong-level needs two modal levels.
    static func machine(for fault: Fault) -> CoordinatorMachine {
        // The opt-in transitions' faults need their domain.
        let preset: Preset = fault.needsTransitions ? .transitions : fault.needsLaunch ? .launch
            : [.tabRootTopLastPage, .duplicatePageChild].contains(fault) ? .smallTab : .small
        if fault == .sharedFinishPopsParent {
            // A shared flow under a screen of its parent needs stacks of three, and three steps
            // with the right targets: one route and no starts, modals or tabs, so that walks meet it.
            let narrow = Domain(routes: [Route(0)], pages: [], startKinds: [], startStyles: [], forceStyles: [], presentStyles: [],
                                pageLists: [], badgeValues: [], transitions: true)
            return CoordinatorMachine(model: Model(configuration: preset.configuration, fault: fault),
                                      bounds: Preset.transitionsCI.bounds, domain: narrow)
        }
        var bounds = preset.bounds
        if fault == .dismissWrongLevel { bounds.maxModals = 2 }
        return CoordinatorMachine(model: Model(configuration: preset.configuration, fault: fault), bounds: bounds, domain: preset.domain)
    }

    static let fuzz = CoordinatorMachine(preset: .fuzz)

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func counterexample(_ machine: CoordinatorMachine, property: String, _ actions: [String]) throws -> Counterexample<CoordinatorMachine> {
        let parsed = try actions.map { try machine.parseAction($0) }
        return Counterexample(property: property, kind: machine.properties.first { $0.name == property }?.kind ?? .state,
                              reason: "", machine: machine, initial: machine.model.initialState(), actions: parsed)
    }
}

final class FuzzerTests: XCTestCase {
    // MARK: - Determinism

    func testSameSeedGivesTheSameReportWithOneAndTwoWorkers() {
        for fault in [nil, Fault.dismissWrongLevel] {
            let machine = CoordinatorMachine(preset: .fuzz, fault: fault)
            func run(_ workers: Int) -> String {
                Fuzzer.coordinators(machine, options: .init(seed: 7, walks: 300, walkLength: 60, workers: workers)).text(machine, timings: false)
            }
            let one = run(1)
            XCTAssertEqual(one, run(2), "fault \(String(describing: fault))")
            XCTAssertEqual(one, run(1))
        }
    }

    func testDifferentSeedsWalkDifferently() {
        let m = FuzzFixtures.fuzz
        let a = Fuzzer.coordinators(m, options: .init(seed: 1, walks: 100, walkLength: 40, workers: 1))
        let b = Fuzzer.coordinators(m, options: .init(seed: 2, walks: 100, walkLength: 40, workers: 1))
        XCTAssertNotEqual(a.coverage, b.coverage)
    }

    func testTimingsAreLeftOutOfTheComparableText() {
        let m = FuzzFixtures.fuzz
        let r = Fuzzer.coordinators(m, options: .init(seed: 3, walks: 20, walkLength: 10, workers: 1))
        XCTAssertFalse(r.text(m, timings: false).contains("steps/s"))
        XCTAssertFalse(r.text(m, timings: false).contains("workers"))
        XCTAssertTrue(r.text(m).contains("steps/s"))
    }

    // MARK: - Faults are caught and shrunk to the shortest length

    func testEveryFaultIsCaughtAndShrunkToTheExplorersShortestLength() {
        for fault in Fault.allCases {
            let machine = FuzzFixtures.machine(for: fault)
            // The transitions' domain is large and these two faults short (one and two steps):
            // a shallower exploration and fewer walks find them.
            let short = [Fault.switchRootKeepsOldFlow, .redirectActsOnSelf].contains(fault)
            let explored = Explorer.coordinators(machine, options: .init(workers: 2, maxDepth: short ? 2 : 3))
            let walks = short ? 300 : 2000
            let fuzzed = Fuzzer.coordinators(machine, options: .init(seed: 1, walks: walks, walkLength: 20, workers: 2))
            XCTAssertFalse(explored.violations.isEmpty, "the explorer misses \(fault)")
            XCTAssertFalse(fuzzed.failures.isEmpty, "the fuzzer misses \(fault)")
            var compared = 0
            for failure in fuzzed.failures {
                guard let shortest = explored.violations.first(where: { $0.property == failure.property }) else { continue }
                compared += 1
                XCTAssertEqual(failure.shrunk.actions.count, shortest.actions.count,
                               "\(fault) \(failure.property): shrunk \(failure.shrunk.actions) vs shortest \(shortest.actions)")
                XCTAssertLessThanOrEqual(failure.shrunk.actions.count, failure.originalLength)
                // The shrunk trace still fails that property when replayed.
                let run = TraceRun(machine, initial: failure.shrunk.initial, actions: failure.shrunk.actions)
                XCTAssertTrue(run.steps.last?.violations.contains { $0.property == failure.property } ?? !run.initialViolations.isEmpty)
            }
            XCTAssertGreaterThan(compared, 0, "no property both found for \(fault)")
        }
    }

    func testTheCorrectModelHoldsUnderFuzzing() {
        for preset in Preset.fuzzPresets {
            let m = CoordinatorMachine(preset: preset)
            let r = Fuzzer.coordinators(m, options: .init(seed: 11, walks: 400, walkLength: 80, workers: 2))
            XCTAssertEqual(r.failures.map(\.property), [], r.text(m, timings: false))
        }
    }

    // MARK: - Coverage and budgets

    func testCoverageAddsUpToTheSteps() {
        let m = FuzzFixtures.fuzz
        let r = Fuzzer.coordinators(m, options: .init(seed: 5, walks: 200, walkLength: 50, workers: 2))
        let applied = r.coverage.kinds.reduce(0) { $0 + $1.applied }
        let refused = r.coverage.kinds.reduce(0) { $0 + $1.refusedTotal }
        XCTAssertEqual(applied + refused, r.steps)
        XCTAssertEqual(r.walks, 200)
        XCTAssertEqual(r.coverage.kinds.map(\.kind), ActionName.allCases.map(\.rawValue))
        for p in r.coverage.properties {
            XCTAssertEqual(p.checks, p.kind != .transition ? r.walks + applied : r.steps, p.property)
            XCTAssertEqual(p.failedWalks, 0)
        }
        // The fuzz domain includes none and multiple; user actions are drawn most.
        let byKind = Dictionary(uniqueKeysWithValues: r.coverage.kinds.map { ($0.kind, $0.applied + $0.refusedTotal) })
        XCTAssertGreaterThan(byKind["multiple"] ?? 0, 0)
        XCTAssertGreaterThan(byKind["none"] ?? 0, 0)
        XCTAssertGreaterThan(byKind["userBack"] ?? 0, byKind["push"] ?? 0)
        XCTAssertTrue(r.coverage.kinds.first { $0.kind == "dismiss" }?.refused.contains { $0.reason == "nothingPresented" } ?? false)
    }

    func testKindsLeftOutOfTheDomainAreNeverDrawn() {
        let m = CoordinatorMachine(preset: .small)
        let r = Fuzzer.coordinators(m, options: .init(seed: 5, walks: 100, walkLength: 30, workers: 1))
        for k in r.coverage.kinds where k.kind == "none" || k.kind == "multiple" {
            XCTAssertEqual(k.weight, 0)
            XCTAssertEqual(k.applied + k.refusedTotal, 0)
        }
    }

    func testWeightsOverrideTheMachinesDefaults() {
        let m = FuzzFixtures.fuzz
        let r = Fuzzer.coordinators(m, options: .init(seed: 5, walks: 50, walkLength: 30, workers: 1, swarm: false,
                                                       weights: ["push": 1, "pop": 0, "userBack": 0]))
        let pop = r.coverage.kinds.first { $0.kind == "pop" }
        XCTAssertEqual(pop.map { $0.applied + $0.refusedTotal }, 0)
        XCTAssertEqual(r.coverage.kinds.first { $0.kind == "userBack" }?.weight, 0)
    }

    func testATimeBudgetAloneStopsTheRun() {
        let m = FuzzFixtures.fuzz
        let r = Fuzzer.coordinators(m, options: .init(seed: 5, maxSeconds: 0.2, walkLength: 20, workers: 2))
        XCTAssertGreaterThan(r.walks, 0)
        XCTAssertEqual(r.coverage.kinds.reduce(0) { $0 + $1.applied + $1.refusedTotal }, r.steps)
    }

    func testAWalkStopsAtItsFirstViolation() {
        let m = CoordinatorMachine(preset: .fuzz, fault: .popRemovesRoot)
        let r = Fuzzer.coordinators(m, options: .init(seed: 9, walks: 50, walkLength: 200, workers: 1, shrink: false))
        for f in r.failures {
            let run = TraceRun(m, initial: f.original.initial, actions: f.original.actions)
            // Only the last step of the recorded walk violates anything.
            XCTAssertTrue(run.steps.dropLast().allSatisfy { $0.violations.isEmpty }, f.property)
            XCTAssertEqual(f.shrunk.actions.count, f.original.actions.count, "no shrinking asked for")
        }
        XCTAssertFalse(r.failures.isEmpty)
    }

    // MARK: - Random numbers and swarm testing

    func testXoshiroMatchesTheReferenceAlgorithm() {
        // Computed with an independent implementation of SplitMix64 seeding and xoshiro256**.
        var a = Xoshiro(seed: 0)
        XCTAssertEqual([a.next(), a.next(), a.next()], [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0])
        var b = Xoshiro(seed: 42)
        XCTAssertEqual([b.next(), b.next(), b.next()], [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1])
        var s = SplitMix64(seed: 0)
        XCTAssertEqual(s.next(), 0xE220_A839_7B1D_CDAF)
    }

    func testBelowStaysInRangeAndReachesEveryValue() {
        var rng = Xoshiro(seed: 1)
        var seen = [Int](repeating: 0, count: 7)
        for _ in 0..<7000 {
            let v = rng.below(7)
            XCTAssertTrue((0..<7).contains(v))
            seen[v] += 1
        }
        XCTAssertTrue(seen.allSatisfy { $0 > 800 }, "\(seen)")
        XCTAssertEqual(rng.below(0), 0)
        XCTAssertEqual(rng.below(1), 0)
    }

    func testWalkSeedsDependOnlyOnSeedAndIndex() {
        XCTAssertEqual(Xoshiro.walkSeed(3, walk: 10), Xoshiro.walkSeed(3, walk: 10))
        XCTAssertNotEqual(Xoshiro.walkSeed(3, walk: 10), Xoshiro.walkSeed(3, walk: 11))
        XCTAssertNotEqual(Xoshiro.walkSeed(3, walk: 10), Xoshiro.walkSeed(4, walk: 10))
    }

    func testSwarmKeepsAtLeastOneKindAndOnlyWeightedOnes() {
        let filter = KindFilter(names: ["a", "b", "c", "d"], weights: [1, 0, 2, 1])
        for seed in 0..<200 {
            var rng = Xoshiro(seed: UInt64(seed))
            var f = filter
            f.swarm(using: &rng)
            XCTAssertFalse(f.enabledNames.isEmpty)
            XCTAssertFalse(f.enabledNames.contains("b"))
            for _ in 0..<10 {
                guard let k = f.pick(using: &rng) else { return XCTFail("nothing picked") }
                XCTAssertTrue(f.isEnabled(k))
            }
        }
    }

    // MARK: - The generic defaults, on a machine that only enumerates

    func testDefaultSamplingFindsAndShrinksABugInAPlainMachine() {
        let m = BelowFiveCounter()
        XCTAssertEqual(m.actionKinds, ["inc", "dec", "reset"])
        let r = Fuzzer(m, options: .init(seed: 2, walks: 200, walkLength: 30, workers: 2)).run()
        XCTAssertEqual(r.failures.map(\.property), ["below-five"])
        // The shortest way to 5 is five increments.
        XCTAssertEqual(r.failures.first?.shrunk.actions, [.inc, .inc, .inc, .inc, .inc])
        let again = Fuzzer(m, options: .init(seed: 2, walks: 200, walkLength: 30, workers: 1)).run()
        XCTAssertEqual(r.text(m, timings: false), again.text(m, timings: false))
    }
}

/// A counter that must stay below five: the smallest machine that uses every default.
struct BelowFiveCounter: ExplorableMachine, FuzzableMachine, ShrinkableMachine, DescribedMachine {
    enum Move: String, Sendable, Hashable { case inc, dec, reset }
    func initialStates() -> [Int] { [0] }
    func actions(in state: Int, into actions: inout [Move]) { actions += [.inc, .dec, .reset] }
    func step(_ state: Int, _ action: Move) -> Int? {
        switch action {
        case .inc: state + 1
        case .dec: state > 0 ? state - 1 : nil
        case .reset: 0
        }
    }
    func successor(of step: Int?) -> Int? { step }
    var properties: [Property<BelowFiveCounter>] {
        [Property(name: "below-five", summary: "the counter stays below five", check: .state { $0 < 5 ? nil : "reached \($0)" })]
    }
    func isWithinBounds(_ state: Int) -> Bool { true }
    func encode(_ state: Int, into bytes: inout [UInt8]) { bytes.append(UInt8(truncatingIfNeeded: state)) }
    func decode(_ bytes: ArraySlice<UInt8>) -> Int? { bytes.first.map(Int.init) }
    func describe(_ state: Int) -> String { "\(state)" }
    func describe(_ action: Move) -> String { action.rawValue }
    func parseAction(_ text: String) throws(ActionParseError) -> Move {
        guard let m = Move(rawValue: text) else { throw ActionParseError(column: 1, message: "expected inc, dec or reset") }
        return m
    }
    func kindName(of action: Move) -> String { action.rawValue }
}
