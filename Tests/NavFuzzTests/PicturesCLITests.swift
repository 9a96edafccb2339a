import Foundation
import NavFuzzJUnit
import XCTest

/// The HTML page and the JUnit report are made from the same failing cases: the page's title
/// counts them, it has a section for each in the report's order, and the console sends the
/// reader to it only when there is something on it.
final class PicturesCLITests: XCTestCase {
    /// The failing cases a page lists, as `suite case` in its order.
    private func pageCases(_ html: String) -> [String] {
        html.components(separatedBy: "<h2 id=\"case-").dropFirst().compactMap { part -> String? in
            let codes = part.components(separatedBy: "<code>").dropFirst().prefix(2).map { $0.components(separatedBy: "</code>")[0] }
            return codes.count == 2 ? codes.joined(separator: " ") : nil
        }
    }

    private func reportCases(_ path: String) throws -> [String] {
        try JUnitReader.read(path: path).suites.flatMap { s in s.cases.filter { $0.outcome.isFailed }.map { "\(s.name) \($0.name)" } }
    }

    func testFailingCorpusFilesAreOnThePageAsInTheReport() throws {
        let dir = try CLI.temporaryDirectory()
        let corpus = dir.appendingPathComponent("c")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        try "# navfuzz-corpus 1\npush c0 r1\nexpect: holds\n".write(to: corpus.appendingPathComponent("a-holds.trace"), atomically: true, encoding: .utf8)
        try "# navfuzz-corpus 1\npush c0 r1\nexpect: violates stack-shape\n"
            .write(to: corpus.appendingPathComponent("b-expects-more.trace"), atomically: true, encoding: .utf8)
        try "# navfuzz-corpus 1\nfault: swipe-leaves-child\nstart c0 navigation sheet r0\nuserSwipeDismiss\nexpect: holds\n"
            .write(to: corpus.appendingPathComponent("c-breaks.trace"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", "c", "--junit", "r.xml"], in: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        let html = try String(contentsOf: dir.appendingPathComponent("r.html"), encoding: .utf8)
        let failing = try reportCases(dir.appendingPathComponent("r.xml").path)
        XCTAssertEqual(failing, ["corpus c/b-expects-more.trace", "corpus c/c-breaks.trace"])
        XCTAssertEqual(pageCases(html), failing)
        XCTAssertTrue(html.contains("<title>NavFuzz: 2 failing cases</title>"), html)
        XCTAssertFalse(html.contains("No failures."), "the page says what the report says")
        // Each failing file is drawn: the one that broke an invariant up to that step.
        XCTAssertEqual(html.components(separatedBy: "<h3 id=\"failure-").count - 1, 2)
        XCTAssertTrue(html.contains("step 2: <span class=\"action\">userSwipeDismiss</span>"), html)
        XCTAssertTrue(r.stdout.contains("picture: r.html#failure-"), r.stdout)
        XCTAssertTrue(r.stdout.contains("pictures: r.html"), r.stdout)
        // A passing run: no pointer to the page, which says so.
        let ok = try CLI.run(["replay", "c/a-holds.trace", "--junit", "ok.xml"], in: dir)
        XCTAssertEqual(ok.status, 0)
        XCTAssertFalse(ok.stdout.contains("pictures:"))
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("ok.html"), encoding: .utf8).contains("No failures."))
    }

    /// One trace of an implementation that broke several checks: as many failing cases on the
    /// page as in the report, the trace drawn once, the other cases pointing to it.
    func testOneTraceThatBrokeSeveralChecksIsDrawnOnce() throws {
        let dir = try CLI.temporaryDirectory()
        let driver = CLI.products.appendingPathComponent("SampleDriver").path
        let r = try CLI.run(["verify", "--driver", "\(driver) --mutant swipe-leaves-child", "--presets", "small", "--depth", "2",
                             "--walks", "0", "--junit", "v.xml"], in: dir)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let failing = try reportCases(dir.appendingPathComponent("v.xml").path)
        XCTAssertGreaterThan(failing.count, 1, "the mutant breaks more than one check: \(failing)")
        let html = try String(contentsOf: dir.appendingPathComponent("v.html"), encoding: .utf8)
        XCTAssertEqual(pageCases(html), failing)
        XCTAssertTrue(html.contains("<title>NavFuzz: \(failing.count) failing cases</title>"), html)
        let drawn = html.components(separatedBy: "<h3 id=\"failure-").count - 1
        let pointers = html.components(separatedBy: "the same trace as above").count - 1
        XCTAssertGreaterThan(pointers, 0, "a trace breaking several checks is drawn once")
        let texts = html.components(separatedBy: "<pre>").count - 1
        let unreached = try JUnitReader.read(path: dir.appendingPathComponent("v.xml").path).suites.flatMap(\.cases).filter {
            if case .failure(let message, _, _) = $0.outcome { message.hasSuffix("never reached, so the run did not test it") } else { false }
        }
        XCTAssertEqual(texts, unreached.count, "a `sometimes` property never reached has no trace: its text is shown")
        XCTAssertEqual(drawn + pointers + texts, failing.count, "each failing check has its picture, points to it, or shows its text")
    }

    /// An exploration whose one shortest trace breaks several invariants (a counterexample
    /// each): the trace is drawn once, and each case links to it.
    func testOneModelTraceThatBrokeSeveralInvariantsIsDrawnOnce() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["explore", "--preset", "small", "--max-depth", "3", "--fault", "pop-removes-root", "--junit", "e.xml"], in: dir)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let failing = try reportCases(dir.appendingPathComponent("e.xml").path)
        XCTAssertGreaterThan(failing.count, 1, "\(failing)")
        let html = try String(contentsOf: dir.appendingPathComponent("e.html"), encoding: .utf8)
        XCTAssertEqual(pageCases(html), failing)
        XCTAssertEqual(html.components(separatedBy: "<h3 id=\"failure-").count - 1, 1, "one trace, drawn once")
        XCTAssertEqual(html.components(separatedBy: "the same trace as above").count - 1, failing.count - 1)
        let links = Set(r.stdout.split(separator: "\n").filter { $0.hasPrefix("picture: ") })
        XCTAssertEqual(links, ["picture: e.html#failure-1"], r.stdout)
    }

    /// A crash at the failing step: the page shows the implementation's side in words (it left
    /// no tree) and what the driver wrote on standard error.
    func testACrashShowsTheImplementationsSideAndWhatTheDriverSaid() throws {
        let dir = try CLI.temporaryDirectory()
        let driver = CLI.packageRoot.appendingPathComponent("scripts/probes/tiny-driver.py").path
        let r = try CLI.run(["verify", "--driver", "exec python3 '\(driver)' crash", "--presets", "small", "--depth", "1", "--walks", "0",
                             "--no-positions", "--overlap-depth", "-1", "--junit", "v.xml"], in: dir)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let html = try String(contentsOf: dir.appendingPathComponent("v.html"), encoding: .utf8)
        let crash = try XCTUnwrap(html.range(of: "<code>no-crash</code>"), html)
        let section = html[crash.lowerBound...]
        XCTAssertTrue(section.contains("implementation: crashed: no state to draw"), String(section))
        XCTAssertTrue(section.contains("what the implementation said (its standard error)"), String(section))
        XCTAssertTrue(section.contains("tiny driver: cannot push r1"), String(section))
    }
}
