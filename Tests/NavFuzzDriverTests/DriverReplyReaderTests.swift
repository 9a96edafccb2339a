@_spi(Engine) import CoordinatorModel
@_spi(Engine) @testable import NavFuzzKit
import XCTest
@testable import NavFuzzDriver
import NavFuzzDriverServer

/// The fast reader of step replies accepts what the general one accepts, with the same
/// meaning, or leaves the line to it: on replies as `DriverServer` writes them, as other drivers
/// may (other key orders, spaces, nulls, unknown fields), and on broken ones.
final class DriverReplyReaderTests: XCTestCase {
    /// States of all shapes, from fuzz walks of the model.
    static func states() -> [CoordinatorModel.State] {
        var out: [CoordinatorModel.State] = []
        for preset in Preset.fuzzPresets {
            let machine = CoordinatorMachine(preset: preset)
            var rng = Xoshiro(seed: 7)
            var scratch: [Action] = []
            let kinds = KindFilter(names: machine.actionKinds, weights: machine.actionKinds.map(machine.defaultWeight(ofKind:)))
            for _ in 0 ..< 30 {
                var s = machine.model.initialState()
                for _ in 0 ..< 25 {
                    guard let (a, _) = machine.sampleAction(in: s, kinds: kinds, using: &rng, scratch: &scratch) else { break }
                    let step = machine.step(s, a)
                    if let next = machine.successor(of: step), machine.isWithinBounds(next) { s = next; out.append(s) }
                }
            }
        }
        return out
    }

    /// What the general reader makes of a line, as the harness reads it.
    func general(_ line: String) throws -> SystemStep {
        let json = try DriverJSON(parsing: Array(line.utf8)[...])
        let (outcome, events) = try DriverMessages.outcomeAndEvents(from: json)
        var state: CoordinatorModel.State?
        if let s = json["snapshot"], !s.isNull { state = try DriverMessages.state(from: s) }
        return SystemStep(outcome: outcome, events: events, state: state, leaked: try DriverMessages.leaked(from: json),
                          unchanged: json["unchanged"] == .bool(true), top: json["top"]?.int, selected: json["selected"]?.int)
    }

    func assertSame(_ line: String, file: StaticString = #filePath, line number: UInt = #line) {
        guard let fast = DriverReplyReader.step(Array(line.utf8)[...]) else { return }
        guard let slow = try? general(line) else { return XCTFail("only the fast reader accepts \(line)", file: file, line: number) }
        XCTAssertEqual(fast.outcome, slow.outcome, line, file: file, line: number)
        XCTAssertEqual(fast.events, slow.events, line, file: file, line: number)
        XCTAssertEqual(fast.leaked, slow.leaked, line, file: file, line: number)
        XCTAssertEqual(fast.unchanged, slow.unchanged, line, file: file, line: number)
        XCTAssertEqual(fast.top, slow.top, line, file: file, line: number)
        XCTAssertEqual(fast.selected, slow.selected, line, file: file, line: number)
        XCTAssertEqual(fast.state.map { $0.sameCoordinators(as: slow.state!) && $0.root == slow.state!.root }, slow.state.map { _ in true },
                       line, file: file, line: number)
    }

    func testTheServersRepliesAreReadFastAndTheSame() {
        var read = 0
        for (i, state) in Self.states().enumerated() {
            var bytes: [UInt8] = []
            let outcome: Outcome = i % 3 == 0 ? .refused(.atRoot) : .applied
            let events = i % 4 == 0 ? [Completion(CoordinatorID(i % 7), i % 2 == 0 ? .finished : .cancelled)] : []
            let top = i % 6 == 0 ? i % 5 : nil
            let selected = i % 4 == 1 ? i % 3 : nil
            WireForm.writeStep(outcome: outcome, events: events, state: state, leaked: i % 5 == 0 ? [3] : [], top: top, selected: selected,
                                          into: &bytes)
            let line = String(decoding: bytes, as: UTF8.self)
            XCTAssertNotNil(DriverReplyReader.step(bytes[...]), line)
            XCTAssertEqual(DriverReplyReader.step(bytes[...])?.top, top, line)
            XCTAssertEqual(DriverReplyReader.step(bytes[...])?.selected, selected, line)
            assertSame(line)
            // The general writer, key for key.
            var other: [UInt8] = []
            DriverMessages.stepReply(outcome: outcome, events: events, snapshot: Snapshot(state), leaked: nil).write(into: &other)
            assertSame(String(decoding: other, as: UTF8.self))
            read += 1
        }
        XCTAssertGreaterThan(read, 500)
    }

    func testOtherWaysOfWritingTheSameReply() {
        let lines = [
            #"{ "events" : [ ] , "outcome" : "applied" , "snapshot" : { "coordinators" : [ { "stack" : [ "r1" ] , "kind" : "navigation" , "id" : 3 , "children" : null } ] , "root" : 3 } }"#,
            #"{"outcome":"refused","reason":"noBack","events":null,"snapshot":null,"unchanged":true,"extra":{"a":[1,{"b":null}],"c":"d"}}"#,
            #"{"outcome":"applied","events":[{"result":"cancelled","coordinator":1,"why":"x"}],"leaked":[1],"snapshot":{"root":0,"coordinators":[{"id":0,"kind":"tab","parent":null,"initialRoute":null,"modals":null,"tab":{"pages":["p0"],"current":"p0","badges":{"p0":-2},"pageCoordinators":[1]}},{"id":1,"kind":"navigation","parent":0,"stack":["r0"],"modals":[{"entry":"r1","style":"detents"}]}]}}"#,
        ]
        for line in lines {
            XCTAssertNotNil(DriverReplyReader.step(Array(line.utf8)[...]), line)
            assertSame(line)
        }
    }

    /// Broken or unusual replies are left to the general reader, which names what is wrong.
    func testAnythingUnexpectedIsLeftToTheGeneralReader() {
        let lines = [
            #"{"outcome":"applied"} x"#, #"{"outcome":"applied","outcome":"refused"}"#, #"{"outcome":"sideways"}"#,
            #"{"outcome":"refused","reason":"because"}"#, #"{"outcome":"applied","error":"boom"}"#,
            #"{"outcome":"applied","snapshot":{"root":0,"coordinators":[{"id":0,"kind":"window"}]}}"#,
            #"{"outcome":"applied","snapshot":{"root":0,"coordinators":[{"id":-1,"kind":"navigation"}]}}"#,
            #"{"outcome":"applied","snapshot":{"root":0,"coordinators":[{"id":0,"kind":"navigation","stack":["x1"]}]}}"#,
            #"{"outcome":"applied","snapshot":{"root":0,"coordinators":[{"id":0,"kind":"navigation","stack":["r0\u0031"]}]}}"#,
            #"{"outcome":"applied","events":[{"coordinator":1.5,"result":"finished"}]}"#,
            #"{"outcome":"applied","unchanged":"yes"}"#, #"{"outcome":"applied","snapshot":{"root":0}}"#,
            #"{"outcome":"applied","extra":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
        ]
        for line in lines {
            XCTAssertNil(DriverReplyReader.step(Array(line.utf8)[...]), line)
        }
    }
}
