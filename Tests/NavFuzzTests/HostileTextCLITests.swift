import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit
import XCTest

/// The hostile strings of scripts/probes/hostile-strings.json (which scripts/probe-hostile.sh
/// and EscapingTests use too), each the name of a failing corpus file, through every output:
/// the console, the JUnit report's names, messages and bodies, the replay lines, GitHub's
/// workflow annotations, the HTML page and JSON for tools. None carries a character that acts;
/// every one still names its file.
final class HostileTextCLITests: XCTestCase {
    static var hostile: [String] {
        get throws {
            let url = CLI.packageRoot.appendingPathComponent("scripts/probes/hostile-strings.json")
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String])
        }
    }

    /// The characters that act, as they could reach a reader: what the rule writes out, bar the
    /// line break of a text of many lines.
    private func acting(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0 != "\n" && TextSanitizer.writtenOut($0) }
    }

    private func failingCorpus() throws -> (dir: URL, names: [String]) {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("c"), withIntermediateDirectories: true)
        var names: [String] = []
        for s in try Self.hostile {
            let name = "c/\(s).trace"
            try "# navfuzz-corpus 1\npush c0 r1\nexpect: violates stack-shape\n"
                .write(to: dir.appendingPathComponent(name), atomically: false, encoding: .utf8)
            names.append(name)
        }
        return (dir, names)
    }

    func testEveryOutputWritesHostileNamesOut() throws {
        let (dir, names) = try failingCorpus()
        let r = try CLI.run(["replay", "c", "--junit", "r.xml"], in: dir, environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(r.status, 1, r.stderr)

        // The console: nothing that acts, no line a workflow command but NavFuzz's own.
        XCTAssertEqual(acting(r.stdout + r.stderr), [], r.stdout)
        let commands = r.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        XCTAssertEqual(commands.filter { $0.hasPrefix("::error ") }.count, names.count, r.stdout)
        XCTAssertEqual(commands.filter { !$0.hasPrefix("::error ") }.count, 2, "commands stopped around the failures' text: \(commands)")
        XCTAssertTrue(commands.dropFirst(names.count).first?.hasPrefix("::stop-commands::navfuzz-") == true, "\(commands)")
        XCTAssertFalse(r.stdout.split(separator: "\n").contains { $0.hasPrefix("::warning") }, r.stdout)
        for name in names {
            XCTAssertTrue(r.stdout.contains("title=NavFuzz corpus%3A " + annotationTitle(name)), "\(name): \(r.stdout)")
            XCTAssertTrue(r.stdout.contains("FAIL " + TextSanitizer.escaped(name) + ": expected violates stack-shape"), name)
        }

        // The report: the same written-out name as case name and in the body, the broken
        // expectation as the message, and a replay line a shell runs on the very file.
        let xml = try String(contentsOf: dir.appendingPathComponent("r.xml"), encoding: .utf8)
        XCTAssertEqual(acting(xml), [])
        let cases = try JUnitReader.read(path: dir.appendingPathComponent("r.xml").path).suites.flatMap(\.cases)
        // Names are written one to one (`TextSanitizer.token`): read back, each is its file's.
        XCTAssertEqual(Set(cases.map(\.name)), Set(names))
        for name in names { XCTAssertTrue(xml.contains("name=\"" + TextSanitizer.token(name).replacingOccurrences(of: "&", with: "&amp;")), name) }
        for c in cases {
            guard case .failure(let message, _, let text) = c.outcome else { XCTFail("\(c.name) passed"); continue }
            XCTAssertEqual(message, "expected violates stack-shape, but every property held")
            XCTAssertTrue(text.hasPrefix("FAIL \(TextSanitizer.escaped(c.name)): "), text)
            let replay = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("replay: ") })
            let word = String(try XCTUnwrap(replay.range(of: " replay ").map { replay[$0.upperBound...] }))
            XCTAssertEqual(try shellWord(word, in: dir), "exists", "\(c.name): \(word) names no file")
        }

        // The page: every failing case, under a title that counts them, nothing that acts.
        let html = try String(contentsOf: dir.appendingPathComponent("r.html"), encoding: .utf8)
        XCTAssertEqual(acting(html), [])
        XCTAssertTrue(html.contains("<title>NavFuzz: \(names.count) failing cases</title>"), html)
        XCTAssertEqual(html.components(separatedBy: "<h2 id=\"case-").count - 1, names.count)
    }

    /// For tools, JSON names each file exactly (a reader decodes the escapes), and still
    /// carries nothing that acts.
    func testJSONNamesTheFilesExactly() throws {
        let (dir, names) = try failingCorpus()
        let r = try CLI.run(["replay", "c", "--trace-format", "json", "--junit", "r.xml"], in: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(acting(r.stdout + r.stderr), [])
        let saved = try r.stdout.split(separator: "\n").map { line in
            try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["saved"] as? String)
        }
        XCTAssertEqual(Set(saved), Set(names))
    }

    /// A file whose name is not UTF-8 is a case in error, named with its byte written out; the
    /// other files are judged and the report written.
    func testANameThatIsNotUTF8IsReportedNotFatal() throws {
        let dir = try CLI.temporaryDirectory()
        let corpus = dir.appendingPathComponent("c")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        try "# navfuzz-corpus 1\npush c0 r1\nexpect: holds\n".write(to: corpus.appendingPathComponent("good.trace"), atomically: true, encoding: .utf8)
        let bad = Array(corpus.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".trace".utf8) + [0]
        let fd = bad.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        let r = try CLI.run(["replay", "c", "--junit", "r.xml"], in: dir, environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertEqual(acting(r.stdout + r.stderr), [])
        // The annotation is titled with the case's name as the report writes it: a backslash is
        // written out, so that no file named with the characters `\x{ff}` takes this case's name.
        XCTAssertTrue(r.stdout.contains(#"::error title=NavFuzz corpus%3A c/bad\\x{ff}.trace::the file name is not UTF-8"#), r.stdout)
        let cases = try JUnitReader.read(path: dir.appendingPathComponent("r.xml").path).suites.flatMap(\.cases)
        XCTAssertEqual(cases.map(\.name).sorted(), [#"c/bad\x{ff}.trace"#, "c/good.trace"])
        XCTAssertTrue(cases.contains { $0.name == "c/good.trace" && $0.outcome == .passed })
        XCTAssertTrue(cases.contains { $0.name == #"c/bad\x{ff}.trace"# && $0.outcome.isError })
    }

    /// `eval`s the word in bash: "exists" when it names a file there.
    private func shellWord(_ word: String, in dir: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", #"eval "set -- $1" && test -e "$1" && printf exists"#, "bash", word]
        process.currentDirectoryURL = dir
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// A name as the title of a GitHub annotation shows it: the report's name, then GitHub's escapes.
private func annotationTitle(_ name: String) -> String {
    TextSanitizer.token(name).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: ":", with: "%3A")
        .replacingOccurrences(of: ",", with: "%2C")
}
