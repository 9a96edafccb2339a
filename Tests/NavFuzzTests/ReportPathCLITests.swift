import Foundation
import NavFuzzJUnit
import XCTest

/// A report path that is not a plain file is written through, never replaced: a link leads to
/// its target and stays a link, a device, a FIFO and a descriptor are written in place.
/// Everything runs in a scratch directory; the probes of the machine's own /dev run as nobody,
/// who cannot change it.
final class ReportPathCLITests: XCTestCase {
    private let passing = "# navfuzz-corpus 1\npush c0 r1\nexpect: holds\n"

    private func scratch() throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try passing.write(to: dir.appendingPathComponent("ok.trace"), atomically: true, encoding: .utf8)
        return dir
    }

    private func linkTarget(_ url: URL) throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: url.path)
    }

    private func isLink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    func testALinkToAFileStaysALinkAndItsTargetGetsTheReport() throws {
        let dir = try scratch()
        try "stale".write(to: dir.appendingPathComponent("target.xml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.xml").path, withDestinationPath: "target.xml")
        let r = try CLI.run(["replay", "ok.trace", "--junit", "link.xml"], in: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(isLink(dir.appendingPathComponent("link.xml")), "the link was replaced")
        XCTAssertEqual(try linkTarget(dir.appendingPathComponent("link.xml")), "target.xml")
        let report = try JUnitReader.read(path: dir.appendingPathComponent("target.xml").path)
        XCTAssertEqual(report.suites.map(\.name), ["corpus"], "the target holds the new report")
        // Nothing else: the link, its target, the page named after the link, the corpus file.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(),
                       ["link.html", "link.xml", "ok.trace", "target.xml"])
    }

    func testADanglingLinkGetsItsTargetAndALoopIsRefused() throws {
        let dir = try scratch()
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("new.xml").path, withDestinationPath: "made.xml")
        let r = try CLI.run(["replay", "ok.trace", "--junit", "new.xml", "--html", "page.html"], in: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(isLink(dir.appendingPathComponent("new.xml")))
        XCTAssertNoThrow(try JUnitReader.read(path: dir.appendingPathComponent("made.xml").path))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("a.xml").path, withDestinationPath: "b.xml")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("b.xml").path, withDestinationPath: "a.xml")
        try assertBadInput(["replay", "ok.trace", "--junit", "a.xml"], in: dir, mentions: "a.xml: Too many levels of symbolic links")
        XCTAssertEqual(try linkTarget(dir.appendingPathComponent("a.xml")), "b.xml")
        XCTAssertEqual(try linkTarget(dir.appendingPathComponent("b.xml")), "a.xml")
    }

    /// `--junit /dev/null`, the usual way to discard a report, and a link of one's own to it,
    /// as an unprivileged user: written, and the device and the link are left as they were.
    func testDevNullAndALinkToItAsNobody() throws {
        let dir = try scratch()
        let link = dir.appendingPathComponent("null.xml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/null")
        var before = stat()
        XCTAssertEqual(stat("/dev/null", &before), 0)
        for path in ["/dev/null", "null.xml"] {
            let r = try CLI.runAsNobody(["replay", "ok.trace", "--junit", path], in: dir)
            XCTAssertEqual(r.status, 0, "\(path): \(r.stdout) \(r.stderr)")
            XCTAssertTrue(r.stdout.contains("report: \(path)"), r.stdout)
        }
        var after = stat()
        XCTAssertEqual(stat("/dev/null", &after), 0)
        XCTAssertEqual(after.st_mode & S_IFMT, S_IFCHR, "/dev/null is no longer a character device")
        XCTAssertEqual([after.st_rdev, after.st_ino], [before.st_rdev, before.st_ino])
        XCTAssertTrue(isLink(link))
        XCTAssertEqual(try linkTarget(link), "/dev/null")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["null.xml", "ok.trace"],
                       "no page of pictures beside a device")
    }

    /// A FIFO of one's own as nobody: the reader gets the report, the FIFO stays a FIFO.
    func testAFIFOAsNobody() throws {
        let dir = try scratch()
        let fifo = dir.appendingPathComponent("report.xml")
        XCTAssertEqual(mkfifo(fifo.path, 0o666), 0)
        XCTAssertEqual(chmod(fifo.path, 0o666), 0)
        let received = dir.appendingPathComponent("received")
        let reader = Thread {
            let data = FileHandle(forReadingAtPath: fifo.path)?.readDataToEndOfFile() ?? Data()
            try? data.write(to: received)
        }
        reader.start()
        let r = try CLI.runAsNobody(["replay", "ok.trace", "--junit", "report.xml"], in: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: received.path) { usleep(20_000) }
        XCTAssertTrue(try String(contentsOf: received, encoding: .utf8).contains("<testsuite name=\"corpus\""))
        var info = stat()
        XCTAssertEqual(lstat(fifo.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }

    /// A link to /dev/stdout: standard output carries the report alone (the lines for people go
    /// to stderr), and the link stays. As nobody, so that nothing can touch /dev.
    func testALinkToStandardOutputGetsTheReportAlone() throws {
        let dir = try scratch()
        let link = dir.appendingPathComponent("out.xml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/stdout")
        let r = try CLI.runAsNobody(["replay", "ok.trace", "--junit", "out.xml"], in: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(try linkTarget(link), "/dev/stdout")
        XCTAssertTrue(r.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("</testsuites>\n"), r.stdout)
        XCTAssertTrue(r.stderr.contains("every expectation met"), r.stderr)
        XCTAssertTrue(r.stderr.contains("1 passed, 0 failed\nreport: out.xml"), r.stderr)
    }

    /// `-` is standard output, which then holds the report and nothing else, failing or not, so
    /// that a client reading the stream parses it; a report path of one character is a file like
    /// any other (the directory part of such a name once trapped in Foundation).
    func testADashIsStandardOutputAndAOneLetterNameIsAFile() throws {
        let dir = try scratch()
        let dash = try CLI.run(["replay", "ok.trace", "--junit", "-"], in: dir)
        XCTAssertEqual(dash.status, 0, dash.stdout + dash.stderr)
        XCTAssertTrue(dash.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), dash.stdout)
        XCTAssertTrue(dash.stdout.hasSuffix("</testsuites>\n"), dash.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
        let failing = try CLI.run(["explore", "--preset", "small", "--fault", "back-leaves-child", "--max-depth", "4",
                                   "--junit", "-", "--save-failures", "failures"], in: dir)
        XCTAssertEqual(failing.status, 1, failing.stderr)
        let streamed = dir.appendingPathComponent("streamed.xml")
        try Data(failing.stdout.utf8).write(to: streamed)
        let report = try JUnitReader.read(path: streamed.path)
        XCTAssertEqual(report.suites.flatMap(\.cases).filter { $0.outcome.isFailed }.count, 1, failing.stdout)
        XCTAssertTrue(failing.stderr.contains("userBack"), "the trace is on stderr: \(failing.stderr)")
        let json = try CLI.run(["replay", "ok.trace", "--junit", "-", "--trace-format", "json"], in: dir)
        XCTAssertEqual(json.status, 2, json.stdout + json.stderr)
        XCTAssertEqual(json.stderr, "NavFuzz: error: --trace-format json and the report (/dev/stdout) both want standard output "
                       + "(send the report to a file, for example --junit report.xml)\n")
        let letter = try CLI.run(["replay", "ok.trace", "--junit", "a"], in: dir)
        XCTAssertEqual(letter.status, 0, letter.stdout + letter.stderr)
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("a"), encoding: .utf8).contains("<testsuites>"))
    }

    /// The check before any work reads the path as the write will: a FIFO nobody may write,
    /// behind a link, is refused at once with one line, and both are left as they are.
    func testAFIFOThatCannotBeWrittenIsRefusedAtOnce() throws {
        let dir = try scratch()
        let fifo = dir.appendingPathComponent("closed")
        XCTAssertEqual(mkfifo(fifo.path, 0o444), 0)
        XCTAssertEqual(chmod(fifo.path, 0o444), 0)
        let link = dir.appendingPathComponent("closed.xml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "closed")
        let r = try CLI.runAsNobody(["replay", "ok.trace", "--junit", "closed.xml"], in: dir)
        XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("NavFuzz: error: cannot write the report to closed.xml: Permission denied"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1)
        XCTAssertTrue(isLink(link))
        var info = stat()
        XCTAssertEqual(lstat(fifo.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }
}
