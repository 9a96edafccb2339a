import Foundation
@_spi(Engine) import NavFuzzKit
import XCTest

/// One rule writes out what would act in a reader's terminal, log or page: error lines and
/// names (one line), bodies (their own lines kept), JSON (its own escapes), shell words and
/// printed regression tests (a Swift string literal's body).
final class EscapingTests: XCTestCase {
    /// The hostile strings every output is tested with (HostileTextCLITests, probe-hostile.sh).
    private var hostile: [String] {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let data = try Data(contentsOf: root.appendingPathComponent("scripts/probes/hostile-strings.json"))
            return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String])
        }
    }

    private func acting(_ text: String, keepingLines: Bool = false) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { TextSanitizer.writtenOut($0) && !(keepingLines && $0 == "\n") }
    }

    func testControlCharactersAreWrittenOut() {
        XCTAssertEqual(TextSanitizer.escaped("a\nb\r\tc\u{1}\u{7F}\u{85}\u{9B}\u{2028}\u{202E}\u{FFFF}d"),
                       #"a\nb\r\tc\u{1}\u{7f}\u{85}\u{9b}\u{2028}\u{202e}\u{ffff}d"#)
        XCTAssertEqual(TextSanitizer.escaped(#"C:\x "y""#), #"C:\x "y""#, "without quoting, quotes and backslashes stay")
        XCTAssertEqual(TextSanitizer.escaped(#"C:\x "y""#, quoting: true), #"C:\\x \"y\""#)
        XCTAssertEqual(TextSanitizer.escaped("Zürich → 東京 🚀"), "Zürich → 東京 🚀")
    }

    /// Each hostile string through each form: nothing that acts is left, two strings never
    /// become one, writing out twice changes nothing (a token is read back instead), and the
    /// forms for tools and shells give the very string back.
    func testEveryHostileStringThroughEveryForm() throws {
        let strings = try hostile
        XCTAssertGreaterThanOrEqual(strings.count, 10)
        for s in strings {
            let line = TextSanitizer.escaped(s), lines = TextSanitizer.escapedLines(s), name = TextSanitizer.token(s)
            XCTAssertEqual(acting(line), [], line)
            XCTAssertEqual(acting(lines, keepingLines: true), [], lines)
            XCTAssertEqual(acting(name), [], name)
            XCTAssertEqual(TextSanitizer.escaped(line), line, "written out twice")
            XCTAssertEqual(TextSanitizer.name(fromToken: name), s, "a name is read back from its token")
            XCTAssertEqual(lines.split(separator: "\n", omittingEmptySubsequences: false).count,
                           s.unicodeScalars.filter { $0 == "\n" }.count + 1, "a body keeps its own lines, no more")
            // JSON: exact for a reader.
            let json = String(decoding: try JSONSerialization.data(withJSONObject: [s]), as: UTF8.self)
            let written = TextSanitizer.jsonEscaped(json)
            XCTAssertEqual(acting(written), [], written)
            XCTAssertEqual(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String], [s])
            // A shell word: one line, nothing that acts, and bash reads the very string.
            let word = TraceText.shellQuoted(s)
            XCTAssertEqual(acting(word), [], word)
            XCTAssertEqual(try bash(echoing: word), s, word)
        }
        XCTAssertEqual(Set(strings.map { TextSanitizer.escaped($0) }).count, strings.count)
        XCTAssertEqual(Set(strings.map { TextSanitizer.token($0) }).count, strings.count, "names stay apart")
    }

    private func bash(echoing word: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "printf '%s' " + word]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
