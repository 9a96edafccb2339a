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

    func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    func err(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// A progress line that overwrites itself; nothing when not on a terminal.
    func progress(_ line: String) {
        guard isInteractive else { return }
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
    }

    func endProgress() {
        guard isInteractive else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    func red(_ s: String) -> String { useColor ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
    func green(_ s: String) -> String { useColor ? "\u{1B}[32m\(s)\u{1B}[0m" : s }
    func bold(_ s: String) -> String { useColor ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
}
