@_spi(Engine) import CoordinatorModel
import Foundation
@_spi(Engine) @testable import NavFuzzKit
import XCTest

final class CorpusTests: XCTestCase {
    private let corpus = Corpus.coordinators

    private func makeTempDir() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navfuzz-corpus-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// The one-line error parsing `text` as `t.trace` gives, or nil.
    private func parseError(_ text: String) -> String? {
        do {
            _ = try corpus.parse(text, path: "t.trace")
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: - The project's corpus

    func testEveryFileOfTheCorpusReplaysAsExpected() throws {
        let dir = FuzzFixtures.packageRoot.appendingPathComponent("Corpus").path
        let results = try corpus.replay(path: dir)
        for r in results { XCTAssertTrue(r.passed, r.summary) }
        let holds = results.filter { $0.expectation == .holds }
        XCTAssertGreaterThanOrEqual(holds.count, 20)
        XCTAssertTrue(holds.allSatisfy { !$0.path.contains("/faults/") })
    }

    func testEveryFaultHasACorpusFileThatCatchesIt() throws {
        let dir = FuzzFixtures.packageRoot.appendingPathComponent("Corpus/faults").path
        let entries = try corpus.load(path: dir)
        for fault in Fault.allCases {
            let files = entries.filter { $0.machine.model.fault == fault }
            XCTAssertEqual(files.count, 1, "\(fault)")
            guard let entry = files.first else { continue }
            guard case .violates = entry.expectation else { return XCTFail("\(entry.path) does not expect a violation") }
            XCTAssertTrue(corpus.replay(entry).passed, corpus.replay(entry).summary)
            // Without the fault the same steps hold: the file shows the fault, not a model bug.
            let correct = CorpusEntry(path: entry.path, file: entry.file, machine: CoordinatorMachine(
                model: Model(configuration: entry.machine.model.configuration), bounds: .unbounded, domain: entry.machine.domain),
                initial: entry.initial, actions: entry.actions)
            XCTAssertEqual(corpus.replay(correct).violations, [], entry.path)
        }
    }

    func testEveryCorpusFileSaysWhatItGuards() throws {
        let dir = FuzzFixtures.packageRoot.appendingPathComponent("Corpus").path
        for entry in try corpus.load(path: dir) {
            XCTAssertTrue(entry.file.notes.contains { $0.key == "guards" && !$0.value.isEmpty }, entry.path)
        }
    }

    // MARK: - Format

    func testAFileParsesIntoSettingsActionsAndExpectation() throws {
        let text = """
        # navfuzz-corpus 1
        # guards: something
        # source: hand-written
        root: tab
        pages: 3

          select c0 p2
        setPages c0 [p2, p0]
        expect: violates tree-consistent
        """
        let entry = try corpus.parse(text, path: "t.trace")
        XCTAssertEqual(entry.file.notes, [CorpusNote(key: "guards", value: "something"), CorpusNote(key: "source", value: "hand-written")])
        XCTAssertEqual(entry.machine.model.configuration.rootKind, .tab)
        XCTAssertEqual(entry.machine.model.configuration.pageCount, 3)
        XCTAssertEqual(entry.actions.map(\.description), ["select c0 p2", "setPages c0 [p2,p0]"])
        XCTAssertEqual(entry.expectation, .violates("tree-consistent"))
        XCTAssertFalse(corpus.replay(entry).passed)
        XCTAssertTrue(corpus.replay(entry).summary.hasPrefix("FAIL t.trace: expected violates tree-consistent, but every property held"),
                      corpus.replay(entry).summary)
    }

    func testParseErrorsNameFileLineAndColumn() {
        let head = "# navfuzz-corpus 1\n"
        XCTAssertEqual(parseError(head + "push c0 r0\n  pop x0\nexpect: holds\n"),
                       "t.trace:3:7: expected a coordinator like c0, found 'x0'")
        XCTAssertEqual(parseError(head + "root: tabs\nexpect: holds\n"),
                       "t.trace:2:7: expected a root kind (navigation, tab, redirection), found 'tabs'")
        XCTAssertEqual(parseError(head + "colour: blue\nexpect: holds\n"),
                       "t.trace:2:1: expected a setting (root, routes, pages, initialPages, startPage, dialect, launch, fault, initial, expect), found 'colour:'")
        XCTAssertEqual(parseError(head + "fault: nope\nexpect: holds\n")?.hasPrefix("t.trace:2:8: expected a fault (swipe-leaves-child"), true)
        XCTAssertEqual(parseError(head + "routes: 0\nexpect: holds\n"), "t.trace:2:9: expected a number of routes from 1 to 250, found '0'")
        XCTAssertEqual(parseError("push c0 r0\nexpect: holds\n"), "t.trace:1:1: expected '# navfuzz-corpus 1' as the first line")
        XCTAssertEqual(parseError("# navfuzz-corpus 2\nexpect: holds\n"),
                       "t.trace:1:1: expected '# navfuzz-corpus 1': this NavFuzz reads corpus version 1, found '# navfuzz-corpus 2'")
        XCTAssertEqual(parseError(head + "push c0 r0\n"), "t.trace:3:1: expected an 'expect: holds' or 'expect: violates PROPERTY' line")
        XCTAssertEqual(parseError(head + "expect: holds\nexpect: holds\n"),
                       "t.trace:3:1: expected one 'expect:' line, found a second (the first is on line 2)")
        XCTAssertEqual(parseError(head + "expect: maybe\n"), "t.trace:2:9: expected 'holds' or 'violates PROPERTY', found 'maybe'")
        XCTAssertEqual(parseError(head + "expect: violates tree-happy\n")?.hasPrefix("t.trace:2:18: expected a property (tree-consistent,"), true)
        XCTAssertEqual(parseError(head + "push c0 r0\nroot: tab\nexpect: holds\n"),
                       "t.trace:3:1: expected an action: settings ('root:') go before the first action")
        XCTAssertEqual(parseError(head + "initial: 1\nexpect: holds\n"),
                       "t.trace:2:10: expected the number of an initial state, 0 to 0, found '1'")
        XCTAssertEqual(parseError(head + "multiple c0 [push r1, restart]\nexpect: holds\n")?.hasPrefix("t.trace:2:23: expected a router action inside multiple"), true)
        // Numbers as they are printed, and no other way (a file read prints back the same).
        XCTAssertEqual(parseError(head + "routes: 02\nexpect: holds\n"), "t.trace:2:9: expected a number of routes from 1 to 250, found '02'")
        XCTAssertEqual(parseError(head + "pages: +3\nexpect: holds\n"), "t.trace:2:8: expected a number of pages from 1 to 250, found '+3'")
        XCTAssertEqual(parseError(head + "initial: 00\nexpect: holds\n"),
                       "t.trace:2:10: expected the number of an initial state, 0 to 0, found '00'")
        XCTAssertEqual(parseError(head + "push c0 r01\nexpect: holds\n"), "t.trace:2:9: expected a route like r0, found 'r01'")
        XCTAssertEqual(parseError(head + "initialPages: [p0,p+1]\npages: 3\nexpect: holds\n")?.hasPrefix("t.trace:2:15: expected a page list"), true)
        // A launch as printed, its style a modal one, its route in the alphabet.
        XCTAssertEqual(parseError(head + "launch: navigation push r1\nexpect: holds\n"),
                       "t.trace:2:20: expected a modal style (sheet, detents, fullScreen, overlay, custom), found 'push'")
        XCTAssertEqual(parseError(head + "launch:  tab  sheet r01\nexpect: holds\n"), "t.trace:2:21: expected a route like r0, found 'r01'")
        XCTAssertEqual(parseError(head + "launch: navigation sheet r1 now\nexpect: holds\n"),
                       "t.trace:2:29: expected the end of the launch, found 'now'")
        XCTAssertEqual(parseError(head + "routes: 1\nlaunch: navigation sheet r1\nexpect: holds\n"),
                       "t.trace:3:9: expected a usable configuration: launch route r1 is outside the route alphabet")
    }

    func testAMissingPathIsOneLine() {
        XCTAssertThrowsError(try corpus.load(path: "/no/such/corpus")) { error in
            XCTAssertEqual((error as? CorpusError)?.description, "/no/such/corpus: no such file or directory")
        }
    }

    func testADirectoryIsReadRecursivelyInPathOrderSkippingHiddenAndOtherFiles() throws {
        let dir = try makeTempDir()
        let file = "# navfuzz-corpus 1\nexpect: holds\n"
        for name in ["b.trace", "a.trace", "sub/c.trace", "A.trace", "notes.txt", ".hidden.trace", ".tmp/d.trace"] {
            let path = dir + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try file.write(toFile: path, atomically: false, encoding: .utf8)
        }
        let files = try Corpus<CoordinatorMachine>.files(at: dir)
        XCTAssertEqual(files, ["A.trace", "a.trace", "b.trace", "sub/c.trace"].map { dir + "/" + $0 })
        XCTAssertEqual(try Corpus<CoordinatorMachine>.files(at: dir + "/notes.txt"), [dir + "/notes.txt"])
        XCTAssertEqual(try corpus.replay(path: dir).map(\.passed), [true, true, true, true])
    }

    // MARK: - Saving

    func testSaveIsContentNamedAtomicAndReplays() throws {
        let dir = try makeTempDir() + "/new/corpus"
        let m = CoordinatorMachine(preset: .fuzz, fault: .swipeLeavesChild)
        let cx = try FuzzFixtures.counterexample(m, property: "no-orphan-children", ["start c0 navigation sheet r0", "userSwipeDismiss"])
        let notes = [CorpusNote(key: "guards", value: "found by the fuzzer"), CorpusNote(key: "source", value: "fuzz seed 1 walk 3")]
        let path = try Corpus.save(cx, machine: m, settings: m.corpusSettings, notes: notes,
                                   expectation: .violates("no-orphan-children"), to: dir)
        let name = (path as NSString).lastPathComponent
        XCTAssertTrue(name.hasSuffix(".trace"))
        XCTAssertEqual(name.count, 16 + ".trace".count)
        XCTAssertTrue(name.dropLast(6).allSatisfy { $0.isHexDigit && !$0.isUppercase })
        // Only the file itself: no temporary left behind.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [name])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), """
            # navfuzz-corpus 1
            # guards: found by the fuzzer
            # source: fuzz seed 1 walk 3
            root: navigation
            routes: 3
            pages: 3
            fault: swipe-leaves-child
            start c0 navigation sheet r0
            userSwipeDismiss
            expect: violates no-orphan-children

            """)
        // Saved again, from another run with other notes: the same name, the file untouched.
        let again = try Corpus.save(cx, machine: m, settings: m.corpusSettings, notes: [CorpusNote(key: "source", value: "another run")],
                                    expectation: .violates("no-orphan-children"), to: dir)
        XCTAssertEqual(again, path)
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("fuzz seed 1 walk 3"))
        // Another trace or another expectation is another file.
        let holds = try Corpus.save(cx, machine: m, settings: m.corpusSettings, notes: [], expectation: .holds, to: dir)
        XCTAssertNotEqual(holds, path)
        // Both replay, with what they expect.
        let results = try corpus.replay(path: dir)
        XCTAssertEqual(results.count, 2)
        XCTAssertEqual(results.first { $0.path == path }?.passed, true)
        XCTAssertEqual(results.first { $0.path == holds }?.passed, false)
        XCTAssertTrue(results.first { $0.path == holds }?.summary.contains("at step 2 (userSwipeDismiss) no-orphan-children") ?? false)
    }

    func testSaveReportsAnUnwritableDirectoryInOneLine() throws {
        let dir = try makeTempDir()
        let blocker = dir + "/file"
        try "x".write(toFile: blocker, atomically: false, encoding: .utf8)
        let m = FuzzFixtures.fuzz
        let cx = try FuzzFixtures.counterexample(m, property: "stack-shape", ["pop c0"])
        XCTAssertThrowsError(try Corpus.save(cx, machine: m, settings: [], notes: [], expectation: .holds, to: blocker + "/sub")) { error in
            XCTAssertEqual((error as? CorpusError)?.description, "\(blocker)/sub: cannot create the corpus directory")
        }
    }

    func testSettingsRoundTripThroughTheFactory() throws {
        let configurations = [
            Configuration(),
            Configuration(routeCount: 3, pageCount: 4, initialPages: [Page(2), Page(0), Page(3)], rootKind: .tab),
            Configuration(rootKind: .tab, dialect: .dismissNothingApplies, launch: Launch(kind: .redirection, style: .overlay, route: Route(1))),
            Configuration(rootKind: .tab, startPage: Page(1)),
        ]
        for (c, fault) in zip(configurations, [nil, Fault.duplicatePageChild, Fault.launchChildTwice, nil]) {
            let m = CoordinatorMachine(model: Model(configuration: c, fault: fault), bounds: .unbounded, domain: Preset.small.domain)
            let settings = m.corpusSettings.enumerated().map { i, s in CorpusSetting(key: s.key, value: s.value, line: i + 2, column: 1) }
            let back = try CoordinatorMachine.fromCorpus(CorpusConfiguration(file: "t", settings: settings))
            XCTAssertEqual(back.model.configuration, c)
            XCTAssertEqual(back.model.fault, fault)
        }
    }

    func testTheFileTextRoundTrips() throws {
        let file = CorpusFile(notes: [CorpusNote(key: "guards", value: "x")], settings: [CorpusSetting(key: "root", value: "tab")],
                              actions: [.init(text: "select c0 p1", line: 0, column: 1)], expectation: .holds)
        let back = try CorpusFile(parsing: file.text, file: "t")
        XCTAssertEqual(back.text, file.text)
        XCTAssertEqual(back.contentText, "root: tab\nselect c0 p1\nexpect: holds\n")
    }

    /// A note quotes what found a trace (a driver's command, say): whatever it holds, it stays
    /// one comment line, so the file reads back with the same actions.
    func testANoteStaysOneLine() throws {
        let file = CorpusFile(notes: [CorpusNote(key: "found-by", value: "verify --driver 'x\npush c0 r1\u{1B}[2J'")], settings: [],
                              actions: [.init(text: "pop c0", line: 0, column: 1)], expectation: .holds)
        XCTAssertEqual(file.text, "# navfuzz-corpus 1\n# found-by: verify --driver 'x\\npush c0 r1\\u{1b}[2J'\npop c0\nexpect: holds\n")
        XCTAssertEqual(try CorpusFile(parsing: file.text, file: "t").actions.map(\.text), ["pop c0"])
    }

    // MARK: - Overlapping calls

    /// An `overlap:` line after the actions: on the model the two calls run in the order they
    /// started; the entry keeps the steps of their schedule for an implementation.
    func testOverlappingCallsParseAndReplayOnTheModel() throws {
        let text = "# navfuzz-corpus 1\nroot: navigation\npush c0 r0\noverlap: pop c0 | userBack | start 2, resume 1\nexpect: holds\n"
        let entry = try corpus.parse(text, path: "t.trace")
        XCTAssertEqual(entry.actions.map(\.description), ["push c0 r0", "pop c0", "userBack"])
        XCTAssertEqual(entry.overlap, [.started(call: 0), .started(call: 1), .resumed(call: 0)])
        XCTAssertTrue(corpus.replay(entry).passed)
        XCTAssertEqual(try CorpusFile(parsing: text, file: "t").text, text)
        let given = entry.givenTrace
        XCTAssertEqual(given.actions.map(\.description), ["push c0 r0"])
        XCTAssertEqual(given.interleaving?.replayText, "pop c0 | userBack | start 2, resume 1")
    }

    func testOverlapErrorsNameLineAndColumn() {
        let head = "# navfuzz-corpus 1\npush c0 r0\n"
        XCTAssertEqual(parseError(head + "overlap: pop c0 | userBack | start 3\nexpect: holds\n"),
                       "t.trace:3:10: expected a step 'start N' or 'resume N' for one of the 2 calls, found 'start 3'")
        // Three calls: `start 3` is a step.
        XCTAssertNil(parseError(head + "overlap: pop c0 | userBack | pop c0 | start 2, start 3\nexpect: holds\n"))
        XCTAssertEqual(parseError(head + "overlap: pop c0 | userBack\nexpect: holds\n"),
                       "t.trace:3:10: expected 'CALL | CALL | STEPS', found 'pop c0 | userBack'")
        XCTAssertEqual(parseError(head + "overlap: pop x0 | userBack | -\nexpect: holds\n")?.hasPrefix("t.trace:3:14: "), true)
        XCTAssertEqual(parseError(head + "overlap: pop c0 | userBack | -\npush c0 r1\nexpect: holds\n"),
                       "t.trace:4:1: expected no action after the overlapping calls (line 3)")
    }
}
