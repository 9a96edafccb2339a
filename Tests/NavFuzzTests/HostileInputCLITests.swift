import Foundation
import NavFuzzJUnit
import XCTest

/// Inputs that are not what they claim to be: refused at once with exit 2, and devices left
/// as they are.
final class HostileInputCLITests: XCTestCase {
    func testABillionLaughsReportIsRefusedAtOnce() throws {
        let dir = try CLI.temporaryDirectory()
        let laughs = dir.appendingPathComponent("laughs.xml")
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for i in 1...9 { xml += "<!ENTITY lol\(i) \"\(String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10))\">\n" }
        xml += "]>\n<testsuites><testsuite name=\"&lol9;\" tests=\"0\"/></testsuites>\n"
        try xml.write(to: laughs, atomically: true, encoding: .utf8)
        let start = Date()
        try assertBadInput(["merge", dir.appendingPathComponent("out.xml").path, laughs.path], mentions: "\(laughs.path):2")
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    func testADeviceOrAFIFOIsNotReadAsAReport() throws {
        let dir = try CLI.temporaryDirectory()
        let fifo = dir.appendingPathComponent("pipe.xml")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        for input in ["/dev/zero", fifo.path] {
            let start = Date()
            try assertBadInput(["merge", dir.appendingPathComponent("out.xml").path, input], mentions: "not a regular file")
            XCTAssertLessThan(Date().timeIntervalSince(start), 1, input)
        }
    }

    func testADeviceOrAFIFOIsNotReadAsACorpusFile() throws {
        let dir = try CLI.temporaryDirectory()
        let fifo = dir.appendingPathComponent("pipe.trace")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        for input in ["/dev/zero", fifo.path] {
            try assertBadInput(["replay", input], mentions: "\(input): not a regular file")
        }
    }

    func testAReportToADeviceIsWrittenThroughAndTheDeviceStays() throws {
        let r = try CLI.run(["explore", "--preset", "small", "--max-depth", "2", "--junit", "/dev/null"])
        XCTAssertEqual(r.status, 0, r.stderr)
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is no longer a character device")
    }

    func testAReportToAFIFOReachesItsReader() throws {
        let dir = try CLI.temporaryDirectory()
        let fifo = dir.appendingPathComponent("report.xml")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let reader = Thread {
            let read = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile() ?? Data()
            try? read.write(to: dir.appendingPathComponent("received.xml"))
        }
        reader.start()
        let r = try CLI.run(["explore", "--preset", "small", "--max-depth", "2", "--junit", fifo.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        var info = stat()
        XCTAssertEqual(stat(fifo.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: dir.appendingPathComponent("received.xml").path) { usleep(20_000) }
        let received = try String(contentsOf: dir.appendingPathComponent("received.xml"), encoding: .utf8)
        XCTAssertTrue(received.contains("<testsuite name=\"explore.small\""), received)
    }

    func testALongReportNameIsWritten() throws {
        let dir = try CLI.temporaryDirectory()
        let name = String(repeating: "r", count: 250) + ".xml"
        let r = try CLI.run(["explore", "--preset", "small", "--max-depth", "2", "--junit", dir.appendingPathComponent(name).path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path))
        // The report and its page of pictures (named after it, 255 bytes), and no temporary file.
        let page = String(repeating: "r", count: 250) + ".html"
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), [page, name].sorted(), "no temporary file is left")
    }

    func testAnErrorNamingAValueWithANewlineIsStillOneLine() throws {
        try assertBadInput(["explore", "--preset", "small\nbig"], mentions: "small\\nbig")
        try assertBadInput(["replay", "no\u{1}such\rfile.trace"], mentions: "no\\u{1}such\\rfile.trace")
    }

    /// A corpus case is one case however its path was typed, so that CI keeps one history.
    func testACorpusCaseIsNamedTheSameHoweverItsPathIsTyped() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Corpus"), withIntermediateDirectories: true)
        try "# navfuzz-corpus 1\nroot: navigation\npush c0 r1\nexpect: holds\n"
            .write(to: dir.appendingPathComponent("Corpus/x.trace"), atomically: true, encoding: .utf8)
        var names: Set<String> = []
        for typed in ["Corpus/x.trace", "./Corpus/x.trace", dir.appendingPathComponent("Corpus/x.trace").path, "Corpus//./x.trace"] {
            let r = try CLI.run(["replay", typed, "--junit", "r.xml"], in: dir)
            XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
            let suite = try XCTUnwrap(JUnitReader.read(path: dir.appendingPathComponent("r.xml").path).suites.first)
            names.formUnion(suite.cases.map(\.name))
        }
        XCTAssertEqual(names, ["Corpus/x.trace"])
    }

    /// Two corpus files whose names differ only in a control character stay two cases, through
    /// the report and through a merge of two shards: the failure is not lost.
    func testNamesThatDifferInAControlCharacterStayApart() throws {
        let dir = try CLI.temporaryDirectory()
        let corpus = dir.appendingPathComponent("c")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        try "# navfuzz-corpus 1\npush c0 r1\nexpect: holds\n".write(to: corpus.appendingPathComponent("a\u{1}.trace"), atomically: true, encoding: .utf8)
        try "# navfuzz-corpus 1\npush c0 r1\nexpect: violates stack-shape\n"
            .write(to: corpus.appendingPathComponent("a\u{2}.trace"), atomically: true, encoding: .utf8)
        var parts: [String] = []
        for shard in ["0/2", "1/2"] {
            let out = dir.appendingPathComponent("part\(parts.count).xml").path
            _ = try CLI.run(["replay", "c", "--shard", shard, "--junit", out], in: dir)
            parts.append(out)
        }
        let merged = dir.appendingPathComponent("merged.xml").path
        let m = try CLI.run(["merge", merged] + parts, in: dir)
        XCTAssertEqual(m.status, 1, m.stdout + m.stderr)
        let cases = try JUnitReader.read(path: merged).suites.flatMap(\.cases)
        // Written out in the report, read back as the files' names.
        XCTAssertEqual(Set(cases.map(\.name)), ["c/a\u{1}.trace", "c/a\u{2}.trace"], "\(cases.map(\.name))")
        XCTAssertEqual(cases.filter { $0.outcome.isFailed }.map(\.name), ["c/a\u{2}.trace"])
        let written = try String(contentsOfFile: merged, encoding: .utf8)
        XCTAssertTrue(written.contains(#"name="c/a\u{1}.trace""#) && written.contains(#"name="c/a\u{2}.trace""#), written)
        // Asked for, each corpus case links its file (outside the strict schema) when its
        // name names it exactly, and a merge keeps the links; a name written out would link
        // to no file, so it has none.
        try "# navfuzz-corpus 1\npush c0 r1\nexpect: violates stack-shape\n"
            .write(to: corpus.appendingPathComponent("plain.trace"), atomically: true, encoding: .utf8)
        let linked = dir.appendingPathComponent("linked.xml").path
        _ = try CLI.run(["replay", "c", "--junit-file-attributes", "--junit", linked], in: dir)
        let xml = try String(contentsOfFile: linked, encoding: .utf8)
        XCTAssertTrue(xml.contains(#"file="c/plain.trace" line="1""#), xml)
        XCTAssertEqual(try JUnitReader.read(path: linked).suites.flatMap(\.cases).compactMap(\.file), ["c/plain.trace"])
        let relinked = dir.appendingPathComponent("relinked.xml").path
        _ = try CLI.run(["merge", relinked, linked], in: dir)
        XCTAssertEqual(try JUnitReader.read(path: relinked).suites.flatMap(\.cases).compactMap(\.file), ["c/plain.trace"])
        XCTAssertFalse(try String(contentsOfFile: merged, encoding: .utf8).contains(" file="), "not unless asked for")
        // A failing corpus file is its own annotation under GitHub Actions, linked when it can be.
        let annotated = try CLI.run(["replay", "c", "--junit", dir.appendingPathComponent("r.xml").path], in: dir,
                                    environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertTrue(annotated.stdout.contains(#"::error title=NavFuzz corpus%3A c/a\u{2}.trace::expected violates stack-shape"#),
                      annotated.stdout)
        XCTAssertTrue(annotated.stdout.contains(#"::error file=c/plain.trace,line=1,title=NavFuzz corpus%3A c/plain.trace::expected violates stack-shape"#),
                      annotated.stdout)
    }

    /// `shrink --max-seconds` stops at the limit with a trace that still fails, and says so;
    /// without a limit the same file shrinks to its two steps.
    func testShrinkStopsAtItsTimeLimit() throws {
        let dir = try CLI.temporaryDirectory()
        let steps = Array(repeating: "push c0 r1", count: 300) + ["start c0 navigation sheet r0", "userSwipeDismiss"]
        try ("# navfuzz-corpus 1\nfault: swipe-leaves-child\n" + steps.joined(separator: "\n") + "\nexpect: holds\n")
            .write(to: dir.appendingPathComponent("long.trace"), atomically: true, encoding: .utf8)
        let cut = try CLI.run(["shrink", "long.trace", "--max-seconds", "0.001", "--save-failures", "cut"], in: dir)
        XCTAssertEqual(cut.status, 1, cut.stdout + cut.stderr)
        XCTAssertTrue(cut.stdout.contains("shrunk 302 steps to 302 in "), cut.stdout)
        XCTAssertTrue(cut.stdout.contains("stopped by --max-seconds: it still fails, but may not be minimal"), cut.stdout)
        let saved = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("cut").path)
        XCTAssertEqual(try CLI.run(["replay", "cut/\(saved[0])"], in: dir).status, 1, "the trace kept still fails")
        let whole = try CLI.run(["shrink", "long.trace", "--save-failures", "whole"], in: dir)
        XCTAssertTrue(whole.stdout.contains("shrunk 302 steps to 2 in "), whole.stdout)
        XCTAssertFalse(whole.stdout.contains("stopped by --max-seconds"))
    }

    func testACRLFCorpusFileReplays() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("crlf.trace")
        try "# navfuzz-corpus 1\r\nroot: navigation\r\npush c0 r1\r\npop c0\r\nexpect: holds\r\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", file.path])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    }
}
