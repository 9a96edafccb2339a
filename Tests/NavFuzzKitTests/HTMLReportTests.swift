@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit
import XCTest

final class HTMLReportTests: XCTestCase {
    private func trace(_ lines: [String], configuration: Configuration = Configuration(), implementation: State? = nil,
                       reason: String = "c1 is <orphaned> & lost") throws -> HTMLReport.Trace {
        let machine = CoordinatorMachine.fromConfiguration(configuration)
        let path = TraceRun(machine, initial: machine.model.initialState(), actions: try lines.map { try Action(parsing: $0) }, keeping: .forPrinting)
        return HTMLReport.Trace(check: "no-orphan-children", reason: reason, source: "explore.small", path: path,
                                implementation: implementation, replay: "NavFuzz replay t.trace")
    }

    /// A page of one failing case drawn by `trace`.
    private func page(_ trace: HTMLReport.Trace) -> String {
        HTMLReport(failures: [HTMLReport.Failure(suite: "explore.small", name: trace.check, message: trace.reason, text: "", pictures: [1])],
                   traces: [trace]).html
    }

    /// The coordinator boxes of the picture that `caption` starts, with their attributes.
    private func boxes(in html: String, after caption: String, until end: String = "</figure>") -> [String: String] {
        guard let start = html.range(of: caption), let end = html.range(of: end, range: start.upperBound..<html.endIndex) else { return [:] }
        var out: [String: String] = [:]
        for part in html[start.upperBound..<end.lowerBound].components(separatedBy: "<g class=\"coordinator\" data-id=\"").dropFirst() {
            let id = String(part.prefix { $0 != "\"" })
            if let rect = part.range(of: "/>") { out[id] = String(part[..<rect.lowerBound]) }
        }
        return out
    }

    func testEveryStepIsDrawnWithWhatItChangedMarked() throws {
        let html = page(try trace(["start c0 navigation push r1", "push c1 r0"]))
        XCTAssertTrue(html.contains(#"data-steps="3""#), "the initial state and two steps")
        XCTAssertEqual(html.components(separatedBy: "<svg ").count - 1, 3)
        XCTAssertTrue(html.contains("step 1: <span class=\"action\">start c0 navigation push r1</span> ⇒ applied"), html)
        XCTAssertTrue(html.contains("step 2: <span class=\"action\">push c1 r0</span> ⇒ applied — <b>fails here</b>"), html)
        // Step 1 created c1 (filled) and changed c0 (its stack); step 2 changed c1 only.
        let first = boxes(in: html, after: "step 1:"), second = boxes(in: html, after: "step 2:")
        XCTAssertTrue(first["c1"]?.contains(##"fill="#dcfce7""##) == true, "\(first)")
        XCTAssertTrue(first["c0"]?.contains(##"stroke="#d97706""##) == true, "\(first)")
        XCTAssertTrue(second["c1"]?.contains(##"stroke="#d97706""##) == true, "\(second)")
        XCTAssertTrue(second["c0"]?.contains(##"stroke="#6b7280""##) == true, "c0 did not change in step 2: \(second)")
        XCTAssertTrue(html.contains(">visible<"), "the owner of the visible screen is marked")
        // Text from the trace is escaped; nothing is fetched.
        XCTAssertTrue(html.contains("c1 is &lt;orphaned&gt; &amp; lost"), html)
        XCTAssertFalse(html.contains("<orphaned>"))
        XCTAssertFalse(html.contains("https://") || html.contains(" src=") || html.contains("<link"), "self-contained")
    }

    /// At an implementation's failing step both trees are drawn in canonical ids, and what the
    /// implementation has that the model has not is marked.
    func testAnImplementationsTreeIsDrawnBesideTheModelsWithTheDifferenceMarked() throws {
        // The implementation kept c1 after the user's back: an orphan the model does not have.
        var impl = Model(configuration: Configuration()).initialState()
        impl = Model(configuration: Configuration()).step(impl, try Action(parsing: "start c0 navigation push r1")).state
        let html = page(try trace(["start c0 navigation push r1", "userBack"], implementation: impl))
        XCTAssertTrue(html.contains(#"data-steps="4""#), "initial, step 1, and the failing step twice")
        XCTAssertTrue(html.contains("model (canonical ids)") && html.contains("implementation (canonical ids)"), html)
        let implementation = boxes(in: html, after: "implementation (canonical ids)")
        XCTAssertTrue(implementation["c1"]?.contains(##"stroke="#dc2626""##) == true, "\(implementation)")
        XCTAssertFalse(boxes(in: html, after: "model (canonical ids)", until: "implementation (canonical ids)").values.contains { $0.contains("#dc2626") })
    }

    func testALongTraceDrawsItsFirstAndLastStepsAndTheFailingOne() throws {
        let lines = Array(repeating: ["push c0 r1", "pop c0"], count: 30).flatMap { $0 }
        let html = page(try trace(lines))
        XCTAssertTrue(html.contains(#"data-steps="41""#), "the initial state, 5 first and 35 last steps")
        XCTAssertTrue(html.contains("steps 6–25 not drawn"), html)
        XCTAssertTrue(html.contains("step 60: <span class=\"action\">pop c0</span> ⇒ applied — <b>fails here</b>"))
    }

    func testAPassingRunSaysSo() {
        let html = HTMLReport().html
        XCTAssertTrue(html.contains("<p>No failures.</p>") && html.contains(#"data-steps="0""#), html)
        XCTAssertTrue(html.contains("<title>NavFuzz: no failures</title>"), html)
    }

    /// The page lists every failing case it is given, whether or not it has a picture, under a
    /// title counted from that list; a trace that fails three cases is drawn once.
    func testEveryFailingCaseIsOnThePageAndATraceIsDrawnOnce() throws {
        let t = try trace(["start c0 navigation push r1", "userBack"])
        let failures = ["no-orphan-children", "no-crash", "no-leak"].map {
            HTMLReport.Failure(suite: "verify", name: $0, message: "\($0): broke", text: "", pictures: [1])
        } + [HTMLReport.Failure(suite: "corpus", name: "Corpus/x.trace", message: "expected holds, but …", text: "FAIL Corpus/x.trace\n  the trace")]
        let html = HTMLReport(failures: failures, traces: [t]).html
        XCTAssertTrue(html.contains("<title>NavFuzz: 4 failing cases</title>"), html)
        XCTAssertEqual(html.components(separatedBy: "<h2 id=\"case-").count - 1, 4)
        XCTAssertEqual(html.components(separatedBy: "<h3 id=\"failure-1\"").count - 1, 1, "drawn once")
        XCTAssertEqual(html.components(separatedBy: "<a href=\"#failure-1\">").count - 1, 2, "the other two cases point to it")
        XCTAssertTrue(html.contains("<pre>FAIL Corpus/x.trace\n  the trace</pre>"), "a case without a picture shows its text")
        XCTAssertFalse(html.contains("No failures."))
    }

    /// A long trace keeps only the steps it draws, so a picture of a million steps is small.
    func testALongTraceKeepsOnlyWhatItDraws() throws {
        let machine = CoordinatorMachine.fromConfiguration(Configuration())
        let actions = Array(repeating: [try Action(parsing: "push c0 r1"), try Action(parsing: "pop c0")], count: 50_000).flatMap { $0 }
        let path = TraceRun(machine, initial: machine.model.initialState(), actions: actions, keeping: .forPrinting)
        let t = HTMLReport.Trace(check: "c", reason: "r", source: "s", path: path, replay: nil)
        XCTAssertEqual(t.stepCount, 100_000)
        XCTAssertEqual(t.drawn.count, 40, "the first 5 and the last 35")
        XCTAssertEqual(t.drawn.last?.number, 99_999)
    }
}
