@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzDriver
import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// What a system declares it offers decides what NavFuzz sends and explores, in process and
/// through the handshake (docs/VERIFY.md §2.1, docs/DRIVER-PROTOCOL.md §2).
final class CapabilityTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Python driver of docs/DRIVER-PROTOCOL.md §6, as the docs print it.
    static func documentedTinyDriver() throws -> String {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/DRIVER-PROTOCOL.md"), encoding: .utf8)
        guard let open = text.range(of: "```python\n"), let close = text.range(of: "```", range: open.upperBound ..< text.endIndex) else {
            throw XCTSkip("docs/DRIVER-PROTOCOL.md has no python block")
        }
        return String(text[open.upperBound ..< close.lowerBound])
    }

    func write(_ script: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navfuzz-capabilities-\(UUID().uuidString).py")
        try script.write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return "exec python3 '\(url.path)'"
    }

    /// The documented driver passes the default run: it declares no tab root, so the tab
    /// presets are skipped and said so, and it is never sent a call it cannot map.
    func testTheDocumentedNoTabDriverPassesTheDefaultRun() throws {
        let script = try Self.documentedTinyDriver()
        XCTAssertTrue(script.contains(#""rootKinds": ["navigation"]"#), "the documented driver declares its roots")
        let report = Verifier.verify(driver: try write(script), options: Verifier.Options(walks: 30))
        XCTAssertTrue(report.passed, report.text)
        XCTAssertTrue(report.notes.contains("small-tab: skipped; the implementation offers no tab root"), report.text)
        XCTAssertTrue(report.notes.contains("swarm-tab: skipped; the implementation offers no tab root"), report.text)
        XCTAssertGreaterThan(report.steps, 100, report.text)

        // Without the declaration, the tab preset's first reset already differs.
        let undeclared = script.replacingOccurrences(of: #", "rootKinds": ["navigation"]"#, with: "")
        let failing = Verifier.verify(driver: try write(undeclared), options: Verifier.Options(walks: 30))
        XCTAssertEqual(failing.failure(.snapshotConforms)?.trace, [], failing.text)
    }

    /// A library without tabs is never asked to start one, nor to be a tab root.
    func testNoTabIsEverAskedOfALibraryWithoutTabs() {
        let system = Recording(Capabilities(rootKinds: [.navigation], kinds: [.navigation, .redirection]))
        let report = Verifier.verify(system, options: Verifier.Options(depth: 2, walks: 40))
        XCTAssertTrue(report.passed, report.text)
        XCTAssertEqual(system.tabRequests, 0)
        XCTAssertGreaterThan(system.received.count, 1000)
        XCTAssertFalse(report.unreached.contains("other-tab-page-visible"), "a tab state is not looked for")
    }

    /// `present` with `push`, which the model refuses, reaches only a system that lists `push`
    /// among its styles; `push` starts and redirects reach every system that offers them.
    func testAPushPresentationIsSentOnlyWhenPushIsAStyle() {
        func received(_ styles: Set<Style>) -> [Action] {
            let system = Recording(Capabilities(styles: styles))
            XCTAssertTrue(Verifier.verify(system, options: Verifier.Options(depth: 2, walks: 10)).passed)
            return system.received
        }
        func pushed(_ actions: [Action]) -> (present: Int, start: Int) {
            var counts = (present: 0, start: 0)
            for action in actions {
                switch action {
                case .present(_, _, .push): counts.present += 1
                case .start(_, _, .push, _): counts.start += 1
                default: break
                }
            }
            return counts
        }
        let modalOnly = pushed(received([.sheet, .fullScreen]))
        XCTAssertEqual(modalOnly.present, 0)
        XCTAssertGreaterThan(modalOnly.start, 0)
        XCTAssertGreaterThan(pushed(received(Set(Style.allCases))).present, 0)
    }

    /// By default the runner answers malformed calls itself (arguments outside the alphabets,
    /// ids never made): the adapter is never called with them. Calls on coordinators that
    /// ended reach every system. A system that asks for the malformed ones gets them, and plenty.
    func testTheRunnerAnswersMalformedCallsUnlessTheSystemAsksForThem() {
        let options = Verifier.Options(depth: 2, walks: 60)
        let mapping = Recording(Capabilities())
        XCTAssertTrue(Verifier.verify(mapping, options: options).passed)
        XCTAssertEqual(mapping.invalidReceived, 0)
        XCTAssertEqual(mapping.neverMadeReceived, 0)
        XCTAssertGreaterThan(mapping.staleReceived, 20)
        XCTAssertGreaterThan(mapping.received.count, 1000)

        let asking = Recording(Capabilities(receivesInvalidCalls: true))
        XCTAssertTrue(Verifier.verify(asking, options: options).passed)
        XCTAssertGreaterThan(asking.invalidReceived, 20)
        XCTAssertGreaterThan(asking.neverMadeReceived, 5)
    }

    /// A crash on a flow that ended (a second `finishFlow`, "Done" tapped twice) is found by
    /// default, with a shortest trace: calls on ended coordinators reach every system.
    func testACrashOnAnEndedFlowIsFoundByDefault() {
        let options = Verifier.Options(presets: [.small], depth: 2, walks: 60)
        let mapping = Recording(Capabilities(), mutant: .endedCoordinatorCrashes)
        let report = Verifier.verify(mapping, options: options)
        XCTAssertFalse(report.passed, report.text)
        XCTAssertTrue(report.failures.contains { $0.trace.count <= 3 }, report.text)
    }

    /// A handshake capability NavFuzz cannot read stops verification, naming the field.
    func testAnUnreadableCapabilityNamesTheField() throws {
        let cases: [(String, String)] = [
            (#""rootKinds": ["navigation", "grid"]"#, "field 'rootKinds[1]': expected a root kind (navigation, tab, redirection), found \"grid\""),
            (#""kinds": "tab""#, "field 'kinds': expected an array of names, found a string"),
            (#""invalidCalls": 1"#, "field 'invalidCalls': expected true or false, found 1"),
            (#""dialect": ["pop-to"]"#, "field 'dialect[0]': expected a dialect option (stack-on-top-layer, pop-to-presented, dismiss-nothing-applies, no-pushed-navigation, pushed-deep-link), found \"pop-to\""),
        ]
        let script = try Self.documentedTinyDriver()
        for (field, message) in cases {
            let broken = script.replacingOccurrences(of: #""rootKinds": ["navigation"]"#, with: field)
            let report = Verifier.verify(driver: try write(broken), options: Verifier.Options(walks: 1))
            XCTAssertTrue(report.error?.contains(message) == true, "\(field): \(report.error ?? report.text)")
            XCTAssertEqual(report.exitCode, 2)
        }
    }

    /// A driver that speaks a dialect is verified in it: its configurations carry it.
    func testADriversDialectComesFromItsHandshake() throws {
        let script = try Self.documentedTinyDriver().replacingOccurrences(
            of: #""rootKinds": ["navigation"]"#, with: #""rootKinds": ["navigation"], "dialect": ["dismiss-nothing-applies"]"#)
        let driver = try DriverSystem(command: try write(script), timeout: 5)
        defer { driver.stop() }
        XCTAssertEqual(driver.capabilities.dialect, .dismissNothingApplies)
        XCTAssertEqual(driver.capabilities.rootKinds, [.navigation])
    }

    /// The handshake carries what is not the default, and reads back as it was.
    func testCapabilitiesGoThroughTheHandshake() {
        let offered = Capabilities(actions: [.push, .start], styles: [.sheet], rootKinds: [.navigation], kinds: [.navigation],
                                   receivesInvalidCalls: true, dialect: [.popToPresented, .dismissNothingApplies])
        let reply = DriverMessages.helloReply(name: "x", capabilities: offered)
        XCTAssertEqual(reply.text, #"{"navfuzz":1,"name":"x","actions":["push","start"],"styles":["sheet"],"rootKinds":["navigation"],"kinds":["navigation"],"invalidCalls":true,"dialect":["pop-to-presented","dismiss-nothing-applies"]}"#)
        XCTAssertEqual(DriverMessages.helloReply(name: "x", capabilities: Capabilities(actions: [.pop])).text,
                       #"{"navfuzz":1,"name":"x","actions":["pop"]}"#)
    }
}

/// The sample library with the given capabilities, counting what it is sent.
private final class Recording: NavigationSystem {
    let inner: SampleSystem
    let capabilities: Capabilities
    private(set) var received: [Action] = []
    /// Calls refused `invalid`, `noSuchCoordinator` for an id never made, and for one that ended.
    private(set) var invalidReceived = 0, neverMadeReceived = 0, staleReceived = 0
    private(set) var tabRequests = 0
    /// The highest id seen live since the last reset.
    private var highest = -1

    init(_ capabilities: Capabilities, mutant: Mutant? = nil) {
        self.capabilities = capabilities
        inner = SampleSystem(mutant: mutant)
    }

    func reset(configuration: Configuration) {
        if configuration.rootKind == .tab { tabRequests += 1 }
        inner.reset(configuration: configuration)
        highest = -1
        seen()
    }

    func apply(_ action: Action) -> SystemStep {
        received.append(action)
        let step = inner.apply(action)
        if step.outcome == .refused(.invalid) { invalidReceived += 1 }
        if step.outcome == .refused(.noSuchCoordinator) {
            if action.coordinators.contains(where: { Int($0.index) > highest }) { neverMadeReceived += 1 } else { staleReceived += 1 }
        }
        seen()
        switch action {
        case .start(_, .tab, _, _), .forcePresentation(.tab, _, _): tabRequests += 1
        default: break
        }
        return step
    }

    func observedState() -> State { inner.observedState() }

    private func seen() {
        let state = inner.observedState()
        for i in state.positions { highest = max(highest, Int(state.id(at: i).index)) }
    }
}
