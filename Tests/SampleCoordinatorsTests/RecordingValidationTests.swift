@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit
import NavFuzzRecorder
import SampleCoordinators
import XCTest

/// Recordings of the sample library, made the way an app makes them (docs/VALIDATE.md), checked
/// against the model: the correct library's conform, each bug is flagged at the event that
/// shows it, and files that are not recordings are named with their line and field.
final class RecordingValidationTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "navfuzz-recordings-\(getpid())-\(UUID().uuidString)/"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    /// Drives `system` through `script` as an app's code and gestures would, recording each
    /// event with the tree the adapter reads (or without, for a partial recording).
    private func record(_ system: NavigationSystem, _ script: [String], configuration: Configuration = Configuration(),
                        trees: Bool = true, name: String = "run.jsonl") throws -> String {
        let path = directory + UUID().uuidString + "-" + name
        try system.reset(configuration: configuration)
        let recorder = try NavigationRecorder(writingTo: URL(fileURLWithPath: path), configuration: configuration,
                                              tree: trees ? try system.observedState() : nil)
        // The script is written in the model's ids; the app calls its own coordinators, paired
        // with the model's through the canonical form.
        let model = Model(configuration: configuration)
        var state = model.initialState()
        for text in script {
            let scripted = try Action(parsing: text)
            let app = try system.observedState()
            var appID: [CoordinatorID: CoordinatorID] = [:]
            for (m, a) in zip(state.canonicalOrder(), app.canonicalOrder()) { appID[state.id(at: m)] = app.id(at: a) }
            let action = scripted.retargeted { appID[$0] ?? $0 }
            let step = try system.apply(action)
            recorder.record(action, outcome: step.outcome, events: step.events, tree: trees ? try system.observedState() : nil,
                            top: step.top, selected: step.selected)
            state = model.step(state, scripted).state
        }
        try recorder.flush()
        return path
    }

    /// A random walk of `count` model actions from `seed`, as text, in the model's ids.
    private func walk(seed: UInt64, count: Int, configuration: Configuration = Configuration()) -> [String] {
        let machine = CoordinatorMachine.fromConfiguration(configuration)
        var rng = SplitMix64(seed: seed)
        var state = machine.model.initialState()
        var out: [String] = []
        var actions: [Action] = []
        while out.count < count {
            actions.removeAll()
            machine.actions(in: state, into: &actions)
            let action = actions[Int(rng.next() % UInt64(actions.count))]
            out.append(action.description)
            state = machine.model.step(state, action).state
        }
        return out
    }

    func testRecordingsOfTheCorrectLibraryConformWhateverItsIds() throws {
        for seed: UInt64 in 0 ..< 10 {
            for configuration in [Configuration(), Configuration(rootKind: .tab)] {
                let script = walk(seed: seed, count: 60, configuration: configuration)
                for system: NavigationSystem in [SampleSystem(), RenumberingSystem(SampleSystem())] {
                    let result = RecordingFile.validate(path: try record(system, script, configuration: configuration))
                    XCTAssertNil(result.divergence.map { ConformanceFailure.text($0.failures) }, "seed \(seed)")
                    XCTAssertNil(result.unreadable)
                    XCTAssertEqual(result.events, 60)
                }
            }
        }
    }

    func testABugIsFlaggedAtTheEventThatShowsItWithARegressionTest() throws {
        let script = ["start c0 navigation push r1", "push c1 r0", "pop c1", "userBack", "start c0 navigation sheet r0", "userSwipeDismiss",
                      "pop c0"]
        let path = try record(SampleSystem(mutant: .swipeLeavesChild), script)
        let result = RecordingFile.validate(path: path)
        let d = try XCTUnwrap(result.divergence)
        XCTAssertEqual(d.line, 7, "the header is line 1; the swipe is the sixth event")
        XCTAssertEqual(result.events, 6)
        XCTAssertEqual(d.failures.map(\.check.name), ["no-orphan-children", "snapshot-conforms"])
        XCTAssertTrue(d.traceFound)
        // The shortest model trace to the state the swipe started from, then the swipe: the
        // pushed flow that came and went is not needed.
        XCTAssertEqual(d.failures[0].trace.map(\.description), ["start c0 navigation sheet r0", "userSwipeDismiss"])
        XCTAssertTrue(d.failures[0].text.contains("found by the recording \(path), line 7, shrunk from 6 steps"), d.failures[0].text)
        // The regression test fails on the buggy library and passes on the correct one.
        let options = Verifier.Options.replaying(actions: d.failures[0].trace, configuration: d.failures[0].configuration)
        XCTAssertFalse(Verifier.verify(InProcessSystem(SampleSystem(mutant: .swipeLeavesChild)), options: options).passed)
        XCTAssertTrue(Verifier.verify(InProcessSystem(SampleSystem()), options: options).passed)
        XCTAssertTrue(d.failures[0].regressionTest(.swiftTesting, subject: "MyAdapter()").contains("\"userSwipeDismiss\""))
    }

    func testEachBugIsFlaggedAtItsEventWithItsCheck() throws {
        // A scripted run per bug, as a UI test would tap through it: the event that shows the
        // bug is the last one, and the check that names it is among those broken there.
        let runs: [(Mutant, Configuration, [Action])] = [
            (.swipeLeavesChild, Configuration(), [.start(CoordinatorID(0), .navigation, .sheet, Route(0)), .userSwipeDismiss]),
            (.backLeavesChild, Configuration(), [.start(CoordinatorID(0), .navigation, .push, Route(1)), .userBack]),
            (.popRemovesRoot, Configuration(), [.push(CoordinatorID(0), Route(1)), .pop(CoordinatorID(0)), .pop(CoordinatorID(0))]),
            (.dismissWrongLevel, Configuration(), [.present(CoordinatorID(0), Route(0), .sheet), .present(CoordinatorID(0), Route(1), .sheet),
                                                   .dismiss(CoordinatorID(0))]),
            (.tabTapIgnored, Configuration(rootKind: .tab), [.userSelectTab(Page(1))]),
        ]
        for (mutant, configuration, actions) in runs {
            let script = actions.map(\.description)
            let buggy = RecordingFile.validate(path: try record(SampleSystem(mutant: mutant), script, configuration: configuration,
                                                                name: "\(mutant.rawValue).jsonl"))
            let d = try XCTUnwrap(buggy.divergence, mutant.rawValue)
            XCTAssertEqual(d.line, actions.count + 1, mutant.rawValue)
            XCTAssertTrue(d.failures.contains { $0.check.name == mutant.caughtBy }, "\(mutant): \(ConformanceFailure.text(d.failures))")
            let correct = RecordingFile.validate(path: try record(SampleSystem(), script, configuration: configuration, name: "correct.jsonl"))
            XCTAssertNil(correct.divergence, mutant.rawValue)
        }
    }

    func testAPartialRecordingStillComparesOutcomesAndEvents() throws {
        // The back gesture at a pushed child's first screen: the model ends the child, the
        // buggy library keeps it and says nothing.
        let script = ["start c0 navigation push r1", "userBack", "userBack"]
        let path = try record(SampleSystem(mutant: .backLeavesChild), script, trees: false)
        let d = try XCTUnwrap(RecordingFile.validate(path: path).divergence)
        XCTAssertEqual(d.failures.map(\.check.name), ["snapshot-conforms"])
        XCTAssertTrue(d.failures[0].reason.contains("the model's events are completed(c1, cancelled), the implementation's none"), d.failures[0].reason)
        XCTAssertTrue(d.failures[0].text.contains("(no tree recorded)"), d.failures[0].text)
        XCTAssertNil(RecordingFile.validate(path: try record(SampleSystem(), script, trees: false, name: "good.jsonl")).divergence)
    }

    func testAPartialRecordingOfAnAppWithItsOwnIdsIsJudgedOnlyWhereTheIdsAreKnown() throws {
        // The starting tree pairs the ids; a child started since is paired when it is the only
        // one; a tab bar with two pages' flows started in one call is not, and the recording is
        // not judged from the event that names one of them: a guess would fail a correct app.
        let path = directory + "renumbered.jsonl"
        let app = RenumberingSystem(SampleSystem())
        app.reset(configuration: Configuration())
        let recorder = try NavigationRecorder(writingTo: URL(fileURLWithPath: path), configuration: Configuration(),
                                              tree: app.observedState())
        let out = RenumberingSystem.out
        for action: Action in [.start(out(CoordinatorID(0)), .navigation, .sheet, Route(1)), .push(out(CoordinatorID(1)), Route(0)),
                               .userSwipeDismiss, .start(out(CoordinatorID(0)), .tab, .sheet, Route(0)), .userSelectTab(Page(1)),
                               .push(out(CoordinatorID(4)), Route(1))] {
            let step = app.apply(action)
            recorder.record(action, outcome: step.outcome, events: step.events)
        }
        try recorder.flush()
        let result = RecordingFile.validate(path: path)
        XCTAssertNil(result.divergence.map { ConformanceFailure.text($0.failures) })
        XCTAssertEqual(result.events, 5)
        let why = try XCTUnwrap(result.undecided)
        XCTAssertTrue(why.hasPrefix("line 7: the app names c11, which no recorded tree showed, and 3 of the model's coordinators could be it"), why)
        // The same run of the buggy library is still caught where the ids are known: the
        // swipe leaves the child, and the library reports no completion.
        let buggy = directory + "renumbered-buggy.jsonl"
        let bad = RenumberingSystem(SampleSystem(mutant: .swipeLeavesChild))
        bad.reset(configuration: Configuration())
        let r2 = try NavigationRecorder(writingTo: URL(fileURLWithPath: buggy), configuration: Configuration(), tree: bad.observedState())
        for action: Action in [.start(out(CoordinatorID(0)), .navigation, .sheet, Route(1)), .userSwipeDismiss] {
            let step = bad.apply(action)
            r2.record(action, outcome: step.outcome, events: step.events)
        }
        try r2.flush()
        XCTAssertEqual(RecordingFile.validate(path: buggy).divergence?.line, 3)
    }

    func testARecordingSwitchedOnMidAppStartsFromItsTree() throws {
        let system = SampleSystem()
        system.reset(configuration: Configuration())
        for text in ["start c0 navigation sheet r1", "push c1 r0"] { _ = system.apply(try Action(parsing: text)) }
        let path = directory + "late.jsonl"
        let recorder = try NavigationRecorder(writingTo: URL(fileURLWithPath: path), configuration: Configuration(),
                                              tree: system.observedState())
        for text in ["pop c1", "userSwipeDismiss"] {
            let action = try Action(parsing: text)
            let step = system.apply(action)
            recorder.record(action, outcome: step.outcome, events: step.events, tree: system.observedState())
        }
        try recorder.flush()
        let result = RecordingFile.validate(path: path)
        XCTAssertNil(result.divergence.map { ConformanceFailure.text($0.failures) })
        XCTAssertEqual(result.events, 2)
        // A start no state of the model looks like: a child its parent hosts nowhere.
        var broken = system.observedState()
        var root = try XCTUnwrap(broken.coordinators.first { $0.id == broken.root })
        root.children.append(CoordinatorID(9))
        let orphan = Coordinator(id: CoordinatorID(9), kind: .navigation, parent: broken.root, initialRoute: Route(0), stack: [.screen(Route(0))])
        broken = State(coordinators: broken.coordinators.map { $0.id == root.id ? root : $0 } + [orphan], root: broken.root)
        let bad = directory + "bad-start.jsonl"
        _ = try NavigationRecorder(writingTo: URL(fileURLWithPath: bad), configuration: Configuration(), tree: broken)
        let d = try XCTUnwrap(RecordingFile.validate(path: bad).divergence)
        XCTAssertEqual(d.line, 1)
        XCTAssertFalse(d.traceFound)
    }

    func testTheRecorderNeverWritesOverARecording() throws {
        let path = try record(SampleSystem(), ["push c0 r1"])
        let before = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertThrowsError(try NavigationRecorder(writingTo: URL(fileURLWithPath: path), configuration: Configuration()))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), before)
    }

    func testFilesThatAreNoRecordingsAreNamedWithTheirLineAndField() throws {
        let header = #"{"navfuzz-recording":1,"configuration":{"routes":2,"pages":2,"initialPages":["p0","p1"],"root":"navigation"}}"#
        let cases: [(String, String)] = [
            ("", "empty"),
            (#"{"action":"pop c0","outcome":"refused","reason":"atRoot"}"#, ":1: navfuzz-recording: missing"),
            (#"{"navfuzz-recording":2,"configuration":{}}"#, ":1: navfuzz-recording: this NavFuzz reads version 1, the file is version 2"),
            (header + "\n" + #"{"action":"fly c0","outcome":"applied"}"#, ":2: action: 'fly c0' is not an action"),
            (header + "\n" + #"{"action":"pop c0","outcome":"maybe"}"#, ":2: outcome: expected"),
            (header + "\n" + #"{"action":"pop c0","outcome":"refused","reason":"atRoot"}"# + "\n" + #"{"action":"pop c0","outc"#,
             ":3: the recording ends in the middle of a line"),
            (header + "\nnot json\n", ":2: not JSON"),
            (header + "\n" + #"{"n":1,"action":"pop c0","outcome":"refused","reason":"atRoot"}"# + "\n"
                + #"{"n":3,"action":"pop c0","outcome":"refused","reason":"atRoot"}"#, ":3: n: event 3 where event 2 belongs"),
            (header + "\n" + #"{"action":"pop c0","outcome":"applied","snapshot":{"root":0,"coordinators":[{"id":-4}]}}"#,
             ":2: snapshot.coordinators[0].id"),
            (header + "\n" + #"{"action":"pop c0","outcome":"applied","top":"c1"}"#, ":2: top: expected a coordinator id"),
        ]
        for (k, (text, expected)) in cases.enumerated() {
            let path = directory + "hostile-\(k).jsonl"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let result = RecordingFile.validate(path: path)
            let why = try XCTUnwrap(result.unreadable, "case \(k)")
            XCTAssertTrue(why.hasPrefix(path), why)
            XCTAssertTrue(why.contains(expected), "case \(k): \(why)")
            XCTAssertFalse(why.contains("\n"), why)
        }
    }

    func testHostileTreesAreJudgedNotTrusted() throws {
        // A parent loop and a child that names itself: invariants break, nothing hangs or traps.
        let header = #"{"navfuzz-recording":1,"configuration":{"routes":2,"pages":2,"initialPages":["p0","p1"],"root":"navigation"}}"#
        let loop = #"{"root":0,"coordinators":[{"id":0,"kind":"navigation","parent":1,"children":[1],"initialRoute":"r0","stack":["r0","c1"],"modals":[]},{"id":1,"kind":"navigation","parent":0,"children":[0],"initialRoute":"r0","stack":["r0","c0"],"modals":[]}]}"#
        let path = directory + "loop.jsonl"
        try Data((header + "\n" + #"{"action":"start c0 navigation push r0","outcome":"applied","snapshot":"# + loop + "}\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        let d = try XCTUnwrap(RecordingFile.validate(path: path).divergence)
        XCTAssertTrue(d.failures.contains { $0.check.name == "tree-consistent" }, ConformanceFailure.text(d.failures))
    }
}
