@_spi(Engine) import CoordinatorModel
import Foundation
@_spi(Engine) @testable import NavFuzzKit
import XCTest

final class TraceTextTests: XCTestCase {
    func testACounterexampleReadsAsNumberedStepsWithStates() throws {
        let m = CoordinatorMachine(preset: .small, fault: .swipeLeavesChild)
        var cx = try FuzzFixtures.counterexample(m, property: "no-orphan-children",
                                                 ["start c0 navigation sheet r1", "dismiss c0", "userSwipeDismiss", "start c0 navigation sheet r1", "userSwipeDismiss"])
        cx.reason = "c2 is a child of c0 but hosted nowhere: an orphan"
        XCTAssertEqual(TraceText.text(cx, machine: m), """
            no-orphan-children (state) violated: c2 is a child of c0 but hosted nowhere: an orphan
            5 steps from the initial state:
               0. initial state
                  c0 navigation stack [r0]   <- visible
               1. start c0 navigation sheet r1  -> applied
                  c0 navigation stack [r0] modals [sheet c1]
                    c1 navigation (sheet) initial r1 stack [r1]   <- visible
               2. dismiss c0  -> applied; completed(c1, cancelled)
                  c0 navigation stack [r0]   <- visible
               3. userSwipeDismiss  -> refused(nothingPresented)
                  (state unchanged)
               4. start c0 navigation sheet r1  -> applied
                  c0 navigation stack [r0] modals [sheet c2]
                    c2 navigation (sheet) initial r1 stack [r1]   <- visible
               5. userSwipeDismiss  -> applied
               !! no-orphan-children: c2 is a child of c0 but hosted nowhere: an orphan
                  c0 navigation stack [r0]   <- visible
                    c2 navigation (not hosted) initial r1 stack [r1]
            """)
    }

    /// A long trace shows the states of its last steps and where a property failed, so that
    /// printing it takes space in proportion to its length.
    func testALongTraceShowsTheStatesThatMatter() throws {
        let m = CoordinatorMachine(preset: .small)
        let actions = try (Array(repeating: "push c0 r1", count: 200) + ["pop c0"]).map { try m.parseAction($0) }
        let text = TraceText.text(TraceRun(m, initial: m.initialStates()[0], actions: actions, keeping: .forPrinting), machine: m)
        let shown = text.split(separator: "\n").filter { $0.hasPrefix("      c0 navigation") }
        XCTAssertEqual(shown.count, 1 + TraceRun<CoordinatorMachine>.lastStatesShown, text)
        XCTAssertEqual(text.components(separatedBy: "(states are shown for the last 3 steps and where a property failed)").count, 2, text)
        XCTAssertTrue(text.contains("  201. pop c0  -> applied"), text)
        // Up to the limit, every state is shown.
        let short = TraceText.text(TraceRun(m, initial: m.initialStates()[0], actions: Array(actions.prefix(TraceRun<CoordinatorMachine>.statesShownInFull)), keeping: .forPrinting), machine: m)
        XCTAssertEqual(short.split(separator: "\n").filter { $0.hasPrefix("      c0 navigation") }.count, 1 + TraceRun<CoordinatorMachine>.statesShownInFull)
    }

    /// Judging a corpus file keeps no states and stops at the first violation.
    func testJudgingATraceKeepsNothingAndStopsAtTheFirstViolation() throws {
        let m = CoordinatorMachine(preset: .small, fault: .popRemovesRoot)
        let actions = try (["pop c0"] + Array(repeating: "push c0 r1", count: 50)).map { try m.parseAction($0) }
        let run = TraceRun(m, initial: m.initialStates()[0], actions: actions, keeping: .firstViolations)
        XCTAssertTrue(run.steps.isEmpty)
        XCTAssertEqual(run.firstViolations.first?.step, 1)
        XCTAssertEqual(run.firstViolations.map(\.property), TraceRun(m, initial: m.initialStates()[0], actions: actions).firstViolations.map(\.property))
    }

    func testATraceWithoutViolationSaysSo() throws {
        let m = FuzzFixtures.fuzz
        let text = TraceText.text(TraceRun(m, initial: m.model.initialState(), actions: [try m.parseAction("pop c0")], keeping: .forPrinting), machine: m)
        XCTAssertTrue(text.hasPrefix("every property held\n1 step from the initial state:\n"), text)
        XCTAssertTrue(text.contains("1. pop c0  -> refused(atRoot)"))
    }

    func testTheJSONFormHasSortedKeysAndOneEntryPerStep() throws {
        let m = CoordinatorMachine(preset: .small, fault: .popRemovesRoot)
        var cx = try FuzzFixtures.counterexample(m, property: "stack-shape", ["dismiss c0", "pop c0"])
        cx.reason = "navigation c0 has an empty stack"
        let json = TraceText.json(cx, machine: m)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["property", "kind", "reason", "initial", "steps"])
        XCTAssertEqual(object["property"] as? String, "stack-shape")
        XCTAssertEqual(object["kind"] as? String, "state")
        XCTAssertEqual(object["initial"] as? String, "c0 navigation stack [r0]   <- visible")
        let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.map { $0["action"] as? String }, ["dismiss c0", "pop c0"])
        XCTAssertEqual(steps.map { $0["outcome"] as? String }, ["refused(nothingPresented)", "applied"])
        XCTAssertEqual(steps.last?["state"] as? String, "c0 navigation stack []\n(no visible screen)")
        // Sorted keys: the top level and every step, in byte order.
        func positions(_ keys: [String]) -> [String.Index] { keys.compactMap { json.range(of: "\"\($0)\" :")?.lowerBound } }
        let keys = positions(["initial", "kind", "property", "reason", "steps"])
        XCTAssertEqual(keys.count, 5)
        XCTAssertEqual(keys, keys.sorted())
        let stepKeys = positions(["action", "events", "outcome", "state"])
        XCTAssertEqual(stepKeys.count, 4)
        XCTAssertEqual(stepKeys, stepKeys.sorted())
    }

    func testEventsAppearInJSON() throws {
        let m = FuzzFixtures.fuzz
        let actions = try ["start c0 navigation push r0", "userBack"].map { try m.parseAction($0) }
        let json = TraceText.json(TraceRun(m, initial: m.model.initialState(), actions: actions, keeping: .forPrinting), machine: m)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.last?["events"] as? [String], ["completed(c1, cancelled)"])
        XCTAssertEqual(object["property"] as? String, "")
    }

    /// A long trace's JSON carries the states of its last steps only, as its text does: the
    /// output grows with the trace, not with its square.
    func testALongTraceInJSONKeepsTheStatesOfItsLastSteps() throws {
        let m = FuzzFixtures.fuzz
        let actions = try Array(repeating: "push c0 r1", count: 200).map { try m.parseAction($0) }
        let json = TraceText.json(TraceRun(m, initial: m.model.initialState(), actions: actions, keeping: .forPrinting), machine: m)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.count, 200)
        let shown = steps.indices.filter { !((steps[$0]["state"] as? String) ?? "").isEmpty }
        XCTAssertEqual(shown, Array(200 - TraceRun<CoordinatorMachine>.lastStatesShown ..< 200))
        XCTAssertLessThan(json.utf8.count, 40_000, "with every state a 200-step trace is some 80 KB")
        // A short trace keeps every state.
        let short = TraceText.json(TraceRun(m, initial: m.model.initialState(), actions: Array(actions.prefix(5)), keeping: .forPrinting), machine: m)
        let few = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(short.utf8)) as? [String: Any])?["steps"] as? [[String: Any]])
        XCTAssertTrue(few.allSatisfy { !(($0["state"] as? String) ?? "").isEmpty })
    }

    /// A file name in a printed command (a replay line) is quoted only when the shell would not
    /// leave it alone.
    func testAPathIsShellQuotedOnlyWhenNeeded() {
        XCTAssertEqual(TraceText.shellQuoted("Corpus/0123456789abcdef.trace"), "Corpus/0123456789abcdef.trace")
        XCTAssertEqual(TraceText.shellQuoted("My Corpus/it's.trace"), "'My Corpus/it'\\''s.trace'")
        // A name with a character that acts stays one line and still names the file.
        XCTAssertEqual(TraceText.shellQuoted("a\nb\u{9B}c'd.trace"), #"$'a\x0ab\xc2\x9bc\'d.trace'"#)
    }

    func testTheFuzzReportNamesEachFailureWithItsShrunkSteps() {
        let m = CoordinatorMachine(preset: .fuzz, fault: .swipeLeavesChild)
        let r = Fuzzer.coordinators(m, options: .init(seed: 1, walks: 100, walkLength: 50, workers: 1))
        let text = r.text(m, timings: false)
        XCTAssertTrue(text.contains("no-orphan-children         "), text)
        XCTAssertTrue(text.contains("violation of no-orphan-children (state) in walk "), text)
        XCTAssertTrue(text.contains("  1. start c0 navigation sheet r0\n  2. userSwipeDismiss"), text)
        XCTAssertTrue(text.contains("userSwipeDismiss   w6: "), text)
    }
}
