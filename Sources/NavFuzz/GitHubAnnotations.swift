import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// Under GitHub Actions (`GITHUB_ACTIONS=true`) each failure is also a workflow annotation, so
/// that it shows on the run's summary and the pull request: `::error file=…,title=…::message`,
/// pointing at the file to open — the corpus file that failed, the trace a failure was saved
/// as, or else the project file.
enum GitHubAnnotations {
    static func lines(_ activities: [Activity], projectFile: String?) -> [String] {
        activities.flatMap { a in
            a.cases.compactMap { c -> String? in
                guard case .failure(let message, _, _) = c.outcome else { return nil }
                let file = c.file ?? projectFile
                var properties = "title=" + escapeProperty("NavFuzz \(a.name): \(c.name)")
                if let file { properties = "file=" + escapeProperty(file) + ",line=1," + properties }
                return "::error \(properties)::\(escapeData(message))"
            }
        }
    }

    /// The file to open for a case: the corpus file it replays, else the trace a failure was
    /// saved as (the last `.trace` word of its `replay:` line).
    static func file(of c: JUnitCase) -> String? {
        if FileManager.default.fileExists(atPath: c.name) { return c.name }
        guard case .failure(_, _, let text) = c.outcome else { return nil }
        return savedTrace(in: text)
    }

    /// The `.trace` file a failure was saved as: the last `.trace` word of its `replay:` line.
    static func savedTrace(in text: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix("replay: ") {
            if let word = line.split(separator: " ").last(where: { $0.hasSuffix(".trace") || $0.hasSuffix(".trace'") }) {
                return String(word).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            }
        }
        return nil
    }

    /// GitHub's escaping of a message and of a property value, after control characters are
    /// written out (one line, nothing invisible).
    static func escapeData(_ s: String) -> String {
        TextSanitizer.escaped(s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A"))
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
