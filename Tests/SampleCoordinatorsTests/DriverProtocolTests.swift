@_spi(Engine) import CoordinatorModel
import NavFuzzDriver
import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// The JSON of the driver protocol: the parser's errors, and that the fast snapshot reader and
/// writer agree with the `Snapshot` path on every state a walk of the sample reaches.
final class DriverProtocolTests: XCTestCase {
    func testJSONRoundTrip() throws {
        let text = #"{"a":[1,-2,3.5,true,false,null],"b":"x\"y\\z\n\u00e9\ud83d\ude00","c":{}}"#
        let value = try DriverJSON(parsing: text)
        XCTAssertEqual(value["a"], .array([.int(1), .int(-2), .double(3.5), .bool(true), .bool(false), .null]))
        XCTAssertEqual(value["b"]?.string, "x\"y\\z\né😀")
        XCTAssertEqual(try DriverJSON(parsing: value.text), value)
    }

    /// An `overlap` request and its reply read back as written, three calls and a stall
    /// included; a choice for a call that is not there is named.
    func testOverlapMessagesRoundTrip() throws {
        let request = OverlapRequest(calls: [try Action(parsing: "push c0 r1"), .userBack, try Action(parsing: "push c0 r1")],
                                     choices: [.start(1), .resume(1), .start(2)], timeout: 2.5)
        let json = try DriverJSON(parsing: DriverMessages.overlap(configuration: Configuration(), path: [try Action(parsing: "push c0 r0")], request).text)
        let (configuration, path, read) = try DriverMessages.overlapRequest(from: json)
        XCTAssertEqual(configuration, Configuration())
        XCTAssertEqual(path.map(\.description), ["push c0 r0"])
        XCTAssertEqual(read, request)

        var result = OverlapResult(calls: 3)
        result.events = [.started(call: 0), .suspended(call: 0, at: .wait), .started(call: 1), .returned(call: 1, .refused(.noBack)), .hung(call: 0)]
        result.schedule = [([.start(1), .resume(0)], .start(1))]
        result.steps[1] = SystemStep(outcome: .refused(.noBack))
        result.firstSuspended = true
        result.overlapped = true
        result.hung = 0
        result.stall = .deadlock
        result.leaked = [3]
        let reply = try DriverJSON(parsing: DriverMessages.overlapReply(result).text)
        let back = try DriverMessages.overlapResult(from: reply, calls: 3)
        XCTAssertEqual(back.events, result.events)
        XCTAssertEqual(back.schedule.map(\.taken), [.start(1)])
        XCTAssertEqual(back.schedule.first?.options, [.start(1), .resume(0)])
        XCTAssertEqual(back.steps[1]?.outcome, .refused(.noBack))
        XCTAssertNil(back.steps[0])
        XCTAssertEqual(back.hung, 0)
        XCTAssertEqual(back.stall, .deadlock)
        XCTAssertEqual(back.leaked, [3])
        XCTAssertTrue(back.firstSuspended && back.overlapped)

        var bad = json
        if case .object(var members) = bad, let i = members.firstIndex(where: { $0.0 == "choices" }) {
            members[i].1 = .array([.string("resume 4")])
            bad = .object(members)
        }
        XCTAssertThrowsError(try DriverMessages.overlapRequest(from: bad)) { error in
            XCTAssertEqual("\(error)", "field 'choices[0]': expected 'start N' or 'resume N' for one of the 3 calls, found 'resume 4'")
        }
    }

    func testJSONErrorsNameTheColumn() {
        func error(_ text: String) -> String {
            do { _ = try DriverJSON(parsing: text); return "parsed" } catch { return error.description }
        }
        XCTAssertEqual(error(#"{"a":}"#), "column 6: expected a JSON value, found '}'")
        XCTAssertEqual(error(#"{"a":1"#), "column 7: expected ',' or '}', found the end of the line")
        XCTAssertEqual(error(#"{"a":1} x"#), "column 9: expected the end of the line, found 'x'")
        XCTAssertEqual(error(#"{a:1}"#), "column 2: expected a member name in quotes, found 'a'")
        XCTAssertEqual(error(#"["\q"]"#), #"column 4: expected an escape (\" \\ \/ \b \f \n \r \t \uXXXX), found 'q'"#)
    }

    /// States of a long walk over the sample, tab roots included.
    func states() -> [State] {
        var out: [State] = []
        for root in [Kind.navigation, .tab] {
            let system = SampleSystem()
            let configuration = Configuration(rootKind: root)
            system.reset(configuration: configuration)
            out.append(system.observedState())
            var rng = Xoshiro(seed: 42)
            let domain = Preset.ci.domain
            var model = Model(configuration: configuration).initialState()
            var actions: [Action] = []
            for _ in 0..<300 {
                actions.removeAll()
                domain.actions(in: model, into: &actions)
                guard let a = rng.element(of: actions) else { break }
                let step = Model(configuration: configuration).step(model, a)
                if step.state.coordinators.count > 8 { continue }
                model = step.state
                _ = system.apply(a)
                out.append(system.observedState())
            }
        }
        return out
    }

    func testFastSnapshotCodingAgreesWithSnapshots() throws {
        for state in states() {
            var bytes: [UInt8] = []
            WireForm.writeSnapshot(state, into: &bytes)
            let fast = try DriverJSON(parsing: bytes)
            XCTAssertEqual(fast, DriverMessages.snapshotJSON(Snapshot(state)))
            XCTAssertEqual(try DriverMessages.state(from: fast), try Snapshot(state).state())
        }
    }

    func testStepReplyWriterAgreesWithTheGenericOne() throws {
        let state = SampleSystem().observedState()
        let events = [Completion(CoordinatorID(3), .finished), Completion(CoordinatorID(4), .cancelled)]
        for outcome in [Outcome.applied, .refused(.atRoot)] {
            var bytes: [UInt8] = []
            WireForm.writeStep(outcome: outcome, events: events, state: state, leaked: [7], into: &bytes)
            XCTAssertEqual(try DriverJSON(parsing: bytes),
                           DriverMessages.stepReply(outcome: outcome, events: events, snapshot: Snapshot(state), leaked: [7]))
        }
    }

    func testSnapshotFieldErrors() throws {
        func error(_ text: String) throws -> String {
            let json = try DriverJSON(parsing: text)
            do { _ = try DriverMessages.state(from: json); return "parsed" } catch { return error.description }
        }
        XCTAssertEqual(try error(#"{"coordinators":[]}"#), "expected field 'snapshot.root'")
        XCTAssertEqual(try error(#"{"root":0,"coordinators":[{"id":0,"kind":"nav","stack":[]}]}"#),
                       "field 'snapshot.coordinators[0].kind': expected navigation, tab or redirection, found 'nav'")
        XCTAssertEqual(try error(#"{"root":0,"coordinators":[{"id":0,"kind":"navigation","stack":["r0",3]}]}"#),
                       "field 'snapshot.coordinators[0].stack[1]': expected a string, found a number")
        XCTAssertEqual(try error(#"{"root":0,"coordinators":[{"id":0,"kind":"tab","tab":{"pages":["p0"],"current":"q","pageCoordinators":[1]}}]}"#),
                       "field 'snapshot.coordinators[0].tab.current': expected a page like p0, found 'q'")
        XCTAssertEqual(try error(#"{"root":-1,"coordinators":[]}"#), "field 'snapshot.root': expected a non-negative id, found -1")
        // The largest id a driver may name is read, not trapped on.
        XCTAssertEqual(try error(#"{"root":2147483647,"coordinators":[{"id":2147483647,"kind":"navigation","stack":["r0"]}]}"#), "parsed")
    }

    func testServerAnswersHandshakeAndErrors() {
        let server = DriverSession(name: "test", system: InProcessSystem(SampleSystem(mutant: .tabTapIgnored)))
        var out: [UInt8] = []
        XCTAssertEqual(server.reply(to: #"{"navfuzz":1}"#, out: &out)["navfuzz"], .int(1))
        XCTAssertEqual(server.reply(to: #"{"navfuzz":1}"#, out: &out)["actions"]?.array?.count, ActionName.standard.count)
        XCTAssertEqual(server.reply(to: #"{"cmd":"step","action":"pop c0"}"#, out: &out)["error"]?.string, "step before reset")
        XCTAssertEqual(server.reply(to: #"{"cmd":"dance"}"#, out: &out)["error"]?.string,
                       "expected a handshake or field 'cmd' (reset, step, snapshot, save, restore, forget or overlap)")
        // A synchronous adapter's calls never overlap: the handshake says so, and an overlap is refused.
        XCTAssertEqual(server.reply(to: #"{"navfuzz":1}"#, out: &out)["overlaps"], .bool(false))
        XCTAssertEqual(server.reply(to: #"{"cmd":"overlap"}"#, out: &out)["error"]?.string,
                       "overlap: this driver's calls do not overlap (it hands over no suspension points)")
        XCTAssertNotNil(server.reply(to: #"{"cmd":"reset","configuration":{"routes":2,"pages":2,"initialPages":["p0","p1"],"root":"navigation"}}"#, out: &out)["snapshot"])
        XCTAssertEqual(server.reply(to: #"{"cmd":"step","action":"pop c0"}"#, out: &out)["reason"]?.string, "atRoot")
        XCTAssertEqual(server.reply(to: #"{"cmd":"step","action":"pop"}"#, out: &out)["error"]?.string,
                       "step: cannot parse action 'pop': column 4: expected a coordinator like c0, found the end of the line")
        XCTAssertEqual(server.reply(to: #"{"cmd":"reset","configuration":{"routes":0,"pages":2,"initialPages":["p0"],"root":"tab"}}"#, out: &out)["error"]?.string,
                       "field 'configuration': routes must be between 1 and 250")
    }
}

extension DriverSession {
    /// One request through the server's line handling, parsed back.
    func reply(to line: String, out: inout [UInt8]) -> DriverJSON {
        out.removeAll()
        respond(to: line, into: &out)
        return (try? DriverJSON(parsing: out)) ?? .null
    }
}

/// The server's fast path answers as its general path does, and saved states come back.
final class DriverServerTests: XCTestCase {
    static let reset = #"{"cmd":"reset","configuration":{"routes":2,"pages":2,"initialPages":["p0","p1"],"root":"navigation"}}"#

    func testTheFastPathAnswersAsTheGeneralOne() {
        let fast = DriverSession(name: "a", system: InProcessSystem(SampleSystem())), general = DriverSession(name: "b", system: InProcessSystem(SampleSystem()))
        var a: [UInt8] = [], b: [UInt8] = []
        fast.respond(to: Self.reset, into: &a)
        general.respond(to: Self.reset, into: &b)
        for action in ["push c0 r1", "start c0 navigation sheet r0", "pop c1", "userSwipeDismiss", "pop c0", "pop c0"] {
            a.removeAll(); b.removeAll()
            fast.respond(to: #"{"cmd":"step","action":"\#(action)"}"#, into: &a)
            general.respond(to: #"{ "action" : "\#(action)", "cmd" : "step" }"#, into: &b)
            XCTAssertEqual(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self), action)
        }
        // A replayed step's reply has no snapshot, and neither has one that changed nothing.
        a.removeAll()
        fast.respond(to: #"{"cmd":"step","action":"push c0 r0","snapshot":false}"#, into: &a)
        XCTAssertEqual(String(decoding: a, as: UTF8.self), #"{"outcome":"applied","events":[]}"#)
        a.removeAll()
        fast.respond(to: #"{"cmd":"step","action":"dismiss c0"}"#, into: &a)
        XCTAssertEqual(String(decoding: a, as: UTF8.self), #"{"outcome":"refused","reason":"nothingPresented","events":[],"unchanged":true}"#)
    }

    func testSavedStatesComeBack() {
        let server = DriverSession(name: "s", system: InProcessSystem(SampleSystem()))
        var out: [UInt8] = []
        XCTAssertEqual(server.reply(to: #"{"navfuzz":1}"#, out: &out)["restore"], .int(1))
        _ = server.reply(to: Self.reset, out: &out)
        XCTAssertEqual(server.reply(to: #"{"cmd":"save","id":4}"#, out: &out), .object([]))
        _ = server.reply(to: #"{"cmd":"step","action":"push c0 r1"}"#, out: &out)
        XCTAssertEqual(server.reply(to: #"{"cmd":"restore","id":4}"#, out: &out)["restored"], .bool(true))
        let after = server.reply(to: #"{"cmd":"snapshot"}"#, out: &out)
        XCTAssertEqual(after["snapshot"]?["coordinators"]?.array?.first?["stack"], .array([.string("r0")]))
        XCTAssertEqual(server.reply(to: #"{"cmd":"restore","id":5}"#, out: &out)["restored"], .bool(false))
        _ = server.reply(to: #"{"cmd":"forget"}"#, out: &out)
        XCTAssertEqual(server.reply(to: #"{"cmd":"restore","id":4}"#, out: &out)["restored"], .bool(false))
        // A system that does not save says so.
        let plain = DriverSession(name: "p", system: InProcessSystem(WithoutSavedStates(SampleSystem())))
        XCTAssertNil(plain.reply(to: #"{"navfuzz":1}"#, out: &out)["restore"])
        XCTAssertEqual(plain.reply(to: #"{"cmd":"save","id":1}"#, out: &out)["error"]?.string, "this driver does not save states")
    }
}
