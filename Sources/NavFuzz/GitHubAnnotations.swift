import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// Under GitHub Actions (`GITHUB_ACTIONS=true`) each failed case (a failure or an error) is
/// also a workflow annotation, so that it shows on the run's summary and the pull request:
/// `::error file=…,title=…::message`,
/// pointing at the file to open in the repository — the corpus file that failed, else the
/// project file. A trace a failure was saved as lies in the build directory, which the
/// repository does not hold: its replay line is in the failure's text instead.
enum GitHubAnnotations {
    static func lines(_ activities: [Activity], projectFile: String?) -> [String] {
        activities.flatMap { a in
            a.cases.compactMap { c -> String? in
                let message: String
                switch c.outcome {
                case .failure(let m, _, _), .error(let m, _, _): message = m
                case .passed, .skipped: return nil
                }
                var properties = "title=" + escapeProperty("NavFuzz \(a.name): \(TextSanitizer.token(c.name))")
                if let file = c.file ?? projectFile, TextSanitizer.escaped(file) == file {
                    properties = "file=" + escapeProperty(file) + ",line=1," + properties
                }
                return "::error \(properties)::\(escapeData(message))"
            }
        }
    }

    /// The file in the repository to open for a case: the corpus file it replays, named
    /// relative to the working directory, outside hidden directories (`.build`), and exactly
    /// (a name `TextSanitizer` would write out could only be linked under another name).
    static func file(of c: JUnitCase) -> String? {
        let name = c.name
        guard !name.hasPrefix("/"), !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
              TextSanitizer.escaped(name) == name, FileManager.default.fileExists(atPath: name) else { return nil }
        return name
    }

    /// A token no text of this run can hold, for `::stop-commands::TOKEN` … `::TOKEN::`.
    static func stopToken() -> String {
        "navfuzz-" + String(UInt64.random(in: 1...UInt64.max), radix: 16)
    }

    /// A message and a property value as GitHub reads them: first `TextSanitizer`'s rule (one
    /// line, nothing that acts, as in the report), then GitHub's own escapes.
    static func escapeData(_ s: String) -> String {
        TextSanitizer.escaped(s).replacingOccurrences(of: "%", with: "%25")
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
