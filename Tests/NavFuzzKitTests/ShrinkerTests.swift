@_spi(Engine) import CoordinatorModel
@_spi(Engine) @testable import NavFuzzKit
import XCTest

final class ShrinkerTests: XCTestCase {
    private func actions(_ m: CoordinatorMachine, _ lines: [String]) throws -> [Action] {
        try lines.map { try m.parseAction($0) }
    }

    private func shrink(_ m: CoordinatorMachine, _ lines: [String], _ property: String) throws -> ShrinkResult<CoordinatorMachine>? {
        Shrinker.coordinators(m, actions: try actions(m, lines), from: m.model.initialState(), property: property)
    }

    /// Whether replaying `trace` fails `property` at some step.
    private func fails(_ m: CoordinatorMachine, _ trace: [Action], _ property: String) -> Bool {
        let run = TraceRun(m, initial: m.model.initialState(), actions: trace)
        return run.initialViolations.contains { $0.property == property }
            || run.steps.contains { $0.violations.contains { $0.property == property } }
    }

    // MARK: - The first failure of a file

    /// The shrinker finds the invariant a trace breaks first as a corpus replay does: the same
    /// property at the same step for every file of the corpus (the faults' files break one
    /// each), and for fuzzed walks that break several.
    func testTheFirstFailureIsTheOneAReplayJudges() throws {
        let corpus = Corpus<CoordinatorMachine>.coordinators
        var broken = 0
        for entry in try corpus.load(path: FuzzFixtures.packageRoot.appendingPathComponent("Corpus").path) {
            let judged = TraceRun(entry.machine, initial: entry.initial, actions: entry.actions, keeping: .firstViolations).firstViolations.first
            let found = Shrinker(entry.machine).firstFailure(entry.actions, from: entry.initial)
            XCTAssertEqual(found?.property, judged?.property, entry.path)
            XCTAssertEqual(found?.steps, judged?.step, entry.path)
            if found != nil { broken += 1 }
        }
        XCTAssertGreaterThanOrEqual(broken, Fault.allCases.count)
        var walksBroken = 0
        for fault in Fault.allCases {
            var preset = Preset.fuzz
            preset.domain.transitions = fault.needsTransitions
            if fault.needsLaunch { preset.configuration.launch = Preset.launch.configuration.launch }
            let m = CoordinatorMachine(preset: preset, fault: fault)
            for seed in UInt64(1)...8 {
                var random = SplitMix64(seed: seed)
                var trace: [Action] = []
                var state = m.model.initialState()
                var actions: [Action] = []
                for _ in 0..<300 {
                    actions.removeAll()
                    m.actions(in: state, into: &actions)
                    let a = actions[Int(random.next() % UInt64(actions.count))]
                    trace.append(a)
                    state = m.successor(of: m.step(state, a)) ?? state
                }
                let judged = TraceRun(m, initial: m.model.initialState(), actions: trace, keeping: .firstViolations).firstViolations.first
                let found = Shrinker(m).firstFailure(trace, from: m.model.initialState())
                XCTAssertEqual(found?.property, judged?.property, "\(fault)")
                XCTAssertEqual(found?.steps, judged?.step, "\(fault)")
                guard let judged else { continue }
                // Shrinking for the first failure is shrinking for that property.
                walksBroken += 1
                let first = Shrinker.coordinators(m, actions: trace, from: m.model.initialState(), property: nil)
                let named = Shrinker.coordinators(m, actions: trace, from: m.model.initialState(), property: judged.property)
                XCTAssertEqual(first?.counterexample.actions, named?.counterexample.actions, "\(fault)")
                XCTAssertEqual(first?.counterexample.property, judged.property)
                break
            }
        }
        XCTAssertGreaterThan(walksBroken, Fault.allCases.count / 2, "most faults show in a walk of 300 steps")
    }

    // MARK: - Hand-made long traces

    func testALongTraceWithNoiseShrinksToTheTwoSteps() throws {
        let m = CoordinatorMachine(preset: .fuzz, fault: .swipeLeavesChild)
        let noise = ["push c0 r1", "present c0 r2 fullScreen", "dismiss c0", "start c0 navigation push r1", "push c1 r2",
                     "userBack", "start c1 redirection sheet r0", "redirect c2 r1 push", "setBadge c0 p0 1",
                     "multiple c1 [push r0, pop]", "popToRoot c1", "present c1 r0 overlay", "dismissAll c1"]
        let trace = noise + noise + ["popToRoot c0", "start c0 navigation detents r2", "push c5 r1", "userSwipeDismiss", "push c0 r0", "pop c0"]
        let result = try XCTUnwrap(try shrink(m, trace, "no-orphan-children"))
        XCTAssertEqual(result.originalLength, trace.count)
        XCTAssertEqual(result.counterexample.actions.map(\.description), ["start c0 navigation sheet r0", "userSwipeDismiss"])
        XCTAssertEqual(result.counterexample.property, "no-orphan-children")
        XCTAssertTrue(result.counterexample.reason.contains("orphan"), result.counterexample.reason)
        XCTAssertTrue(fails(m, result.counterexample.actions, "no-orphan-children"))
    }

    func testArgumentsAreSimplified() throws {
        let m = CoordinatorMachine(preset: .fuzz, fault: .dismissWrongLevel)
        let result = try XCTUnwrap(try shrink(m, ["present c0 r2 overlay", "present c0 r1 custom", "dismiss c0"], "modal-discipline"))
        XCTAssertEqual(result.counterexample.actions.map(\.description),
                       ["present c0 r0 sheet", "present c0 r0 sheet", "dismiss c0"])
    }

    func testAMultipleIsReplacedByThePartThatMatters() throws {
        let m = CoordinatorMachine(preset: .fuzz, fault: .popRemovesRoot)
        let result = try XCTUnwrap(try shrink(m, ["multiple c0 [push r2, popTo r1]", "multiple c0 [none, pop]", "pop c0"], "stack-shape"))
        XCTAssertEqual(result.counterexample.actions.map(\.description), ["pop c0"])
    }

    func testIdsShiftWhenAnEarlierCreationIsRemoved() throws {
        // c1 is created, then dismissed; the tab that follows gets c2 with pages c3, c4. Removing
        // the first start must rename c3 to c2 for the rest to mean the same.
        let m = CoordinatorMachine(preset: .fuzz, fault: .backLeavesChild)
        let trace = try actions(m, ["start c0 navigation fullScreen r0", "dismiss c0", "start c0 tab sheet r0",
                                    "start c3 navigation push r1", "userBack"])
        let renamed = try XCTUnwrap(m.removing(0..<1, from: trace, initial: m.model.initialState()))
        XCTAssertEqual(renamed.map(\.description), ["dismiss c0", "start c0 tab sheet r0", "start c2 navigation push r1", "userBack"])
        let result = try XCTUnwrap(Shrinker.coordinators(m, actions: trace, from: m.model.initialState(), property: "no-orphan-children"))
        XCTAssertEqual(result.counterexample.actions.map(\.description), ["start c0 navigation push r0", "userBack"])
    }

    func testADeletionThatNeedsARetargetToo() throws {
        // `restart c0` gives the tab new pages c3, c4; `pop c3` is then `pop c1` without it.
        let m = CoordinatorMachine(preset: .fuzzTab, fault: .popRemovesRoot)
        let result = try XCTUnwrap(try shrink(m, ["restart c0", "pop c3"], "top-defined"))
        XCTAssertEqual(result.counterexample.actions.map(\.description), ["pop c1"])
    }

    // MARK: - 1-minimal and deterministic

    func testShrunkTracesAreOneMinimalAndDeterministic() throws {
        for fault in Fault.allCases {
            for preset in Preset.fuzzPresets {
                let m = CoordinatorMachine(preset: preset, fault: fault)
                let report = Fuzzer.coordinators(m, options: .init(seed: 4, walks: 300, walkLength: 60, workers: 2))
                for f in report.failures {
                    let trace = f.shrunk.actions
                    XCTAssertTrue(fails(m, trace, f.property), "\(fault) \(f.property)")
                    for i in trace.indices {
                        var fewer = trace
                        fewer.remove(at: i)
                        XCTAssertFalse(fails(m, fewer, f.property), "\(fault) \(f.property): step \(i + 1) of \(trace) can go")
                    }
                    let again = Shrinker.coordinators(m, actions: f.original.actions, from: f.original.initial, property: f.property)
                    XCTAssertEqual(again?.counterexample.actions, trace)
                }
            }
        }
    }

    func testATraceThatHoldsDoesNotShrink() throws {
        let m = FuzzFixtures.fuzz
        XCTAssertNil(try shrink(m, ["start c0 navigation sheet r0", "userSwipeDismiss"], "no-orphan-children"))
        XCTAssertNil(try shrink(m, ["pop c0"], "no-such-property"))
    }

    func testTheTraceIsCutAfterTheFirstFailingStep() throws {
        let m = CoordinatorMachine(preset: .fuzz, fault: .popRemovesRoot)
        let result = try XCTUnwrap(try shrink(m, ["pop c0", "push c0 r1", "push c0 r0"], "stack-shape"))
        XCTAssertEqual(result.counterexample.actions.map(\.description), ["pop c0"])
    }

    // MARK: - Simplifications

    func testSimplificationsAreStrictlySimplerAndEnd() throws {
        let m = FuzzFixtures.fuzz
        let samples = try actions(m, [
            "start c4 tab custom r2", "forcePresentation redirection overlay r1", "present c3 r2 detents",
            "setPages c2 [p2,p1,p0] p1", "setBadge c1 p2 7", "multiple c2 [close, present r2 custom]",
            "redirect c3 r2 fullScreen", "userSelectTab p2", "popTo c2 r2",
        ])
        for action in samples {
            // Following the first simplification each time must come to an end.
            var current = action
            var steps = 0
            while let next = m.simplifications(of: current).first {
                XCTAssertNotEqual(next, current)
                current = next
                steps += 1
                XCTAssertLessThan(steps, 50, "\(action) simplifies forever")
                if steps >= 50 { break }
            }
            XCTAssertFalse(m.simplifications(of: action).contains(action))
        }
        XCTAssertEqual(m.simplifications(of: .userBack), [])
        XCTAssertEqual(m.simplifications(of: .restartApp), [])
    }
}
