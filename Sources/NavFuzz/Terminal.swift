import Foundation


/// Where output goes: results on stdout, progress and errors on stderr. Progress only when
/// stderr is a terminal; colour only then and when NO_COLOR is unset.
struct Terminal: Sendable {
    let isInteractive: Bool
    let useColor: Bool

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        isInteractive = isatty(2) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        useColor = isInteractive && isatty(1) == 1 && !noColor
    }

    func out(_ line: String) { emit(1, line + "\n") }
    func err(_ line: String) { emit(2, line + "\n") }

    /// A progress line that overwrites itself; nothing when not on a terminal.
    func progress(_ line: String) {
        guard isInteractive else { return }
        emit(2, "\r\u{1B}[2K" + line)
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

    func red(_ s: String) -> String { useColor ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
    func green(_ s: String) -> String { useColor ? "\u{1B}[32m\(s)\u{1B}[0m" : s }
    func bold(_ s: String) -> String { useColor ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
}
