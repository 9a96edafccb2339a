import Foundation
@_spi(Engine) import NavFuzzKit

/// Where output goes: results on stdout, progress and errors on stderr; when a report takes
/// stdout (`--junit -`), the results go to stderr too, so that stdout is the report alone and a
/// client can parse it (docs/CI.md). Progress only when
/// stderr is a terminal; colour only then and when NO_COLOR is unset. Everything printed goes
/// through `TextSanitizer`'s rule first, so that no name or reason reaches a terminal or a CI
/// log as a control that acts; the colours are NavFuzz's own, added after.
struct Terminal: Sendable {
    let isInteractive: Bool
    let useColor: Bool

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        isInteractive = isatty(2) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        useColor = isInteractive && isatty(1) == 1 && !noColor
    }

    /// One line for people, on stdout or stderr: a line break in it (from a file name, say) is
    /// written out too, so it cannot start a line of its own.
    func out(_ line: String) { emit(Self.results, TextSanitizer.escaped(line) + "\n") }
    func err(_ line: String) { emit(2, TextSanitizer.escaped(line) + "\n") }

    /// Text of many lines built by NavFuzz (help, a failure's trace), whose names are written
    /// out where they were put in: its own line breaks stay.
    func outText(_ text: String) { emit(Self.results, TextSanitizer.escapedLines(text) + "\n") }

    /// JSON for tools, on stdout: exact, with what the rule names in JSON's own escapes.
    func outJSON(_ json: String) { emit(1, TextSanitizer.jsonEscaped(json) + "\n") }

    /// `ok  ` or `FAIL` (green or red on a terminal) and a line of text, on stdout or stderr.
    func verdict(_ failed: Bool, _ text: String, onStderr: Bool = false) {
        let mark = failed ? colored("FAIL", 31) : colored("ok  ", 32)
        emit(onStderr ? 2 : Self.results, mark + "  " + TextSanitizer.escaped(text) + "\n")
    }

    /// From now on standard output is a report's: the lines for people go to stderr. Called
    /// before any work starts, once the report's path is known.
    static func giveStandardOutputToReport() { reportTakesStdout.withLock { $0 = true } }

    private static let reportTakesStdout = Locked(false)
    private static var results: Int32 { reportTakesStdout.withLock { $0 } ? 2 : 1 }

    /// A progress line that overwrites itself; nothing when not on a terminal.
    func progress(_ line: String) {
        guard isInteractive else { return }
        emit(2, "\r\u{1B}[2K" + TextSanitizer.escaped(line))
    }

    func endProgress() {
        guard isInteractive else { return }
        emit(2, "\r\u{1B}[2K")
    }

    /// Writes everything, or gives up quietly when the reader has gone (`| head`): output is
    /// best effort, the exit code and the report are what count.
    private func emit(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
            bytes = bytes.dropFirst(n)
        }
    }

    private func colored(_ s: String, _ code: Int) -> String { useColor ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
}
