@_spi(Engine) import CoordinatorModel

/// Differences from the model accepted for now (docs/VERIFY.md §7): a failure that matches an
/// entry is reported as expected, is not one of the failures of its check, and verification
/// looks on for the others, so one known bug does not hide the rest. A whole run also says which
/// entries no longer occur.
///
/// The file form, one entry per line, `#` to the end of a line a comment:
///
///     CHECK [ACTION-KIND|*] [trace PATTERN] [reason PATTERN]
///
/// A trace `PATTERN` is matched against the whole trace to the failing step, its steps joined by
/// `; ` (so `*; push c0 r1` scopes an entry by the trace's last steps); a reason `PATTERN`
/// against the failure's one-line reason; `*` stands for any text.
public struct Baseline: Sendable, Hashable {
    /// One accepted difference: a check, optionally narrowed to an action kind and a trace pattern.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The check.
        public var check: Check
        /// The kind of the failing action (or of a part of a `multiple`); nil: any step, the
        /// initial state included.
        public var action: ActionName?
        /// A pattern the trace must match; nil: any trace.
        public var trace: String?
        /// A pattern the failure's reason must match; nil: any reason.
        public var reason: String?
        /// The entry's line in its file, for messages.
        public var line: Int?

        /// An entry for `check`, at `action` steps, after traces that match `trace`.
        public init(check: Check, action: ActionName? = nil, trace: String? = nil, reason: String? = nil, line: Int? = nil) {
            self.check = check; self.action = action; self.trace = trace; self.reason = reason; self.line = line
        }

        /// The entry as a line of the file.
        public var description: String {
            var text = check.name + " " + (action?.rawValue ?? "*")
            if let trace { text += " trace " + trace }
            if let reason { text += " reason " + reason }
            return text
        }

        /// Whether a failure of `check` at `failing` after `trace` (which ends with it) is this one.
        func matches(check: Check, failing: Action?, trace: [Action], reason: String) -> Bool {
            guard check == self.check else { return false }
            if let pattern = self.reason, !Baseline.glob(Array(pattern.utf8), matches: Array(reason.utf8)) { return false }
            if let action {
                guard let failing else { return false }
                if failing.name != action {
                    guard case .multiple(_, let parts) = failing, parts.contains(where: { $0.name == action }) else { return false }
                }
            }
            if let pattern = self.trace {
                return Baseline.glob(Array(pattern.utf8), matches: Array(trace.map(\.description).joined(separator: "; ").utf8))
            }
            return true
        }
    }

    /// The entries, in file order.
    public var entries: [Entry]

    /// A baseline of `entries`.
    public init(_ entries: [Entry] = []) { self.entries = entries }

    /// Reads the file form; `file` names it in errors.
    public init(parsing text: String, file: String) throws(BaselineError) {
        entries = []
        // "\r\n" is one Character: it ends a line as "\n" does.
        for (n, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            var line = raw
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = words.first else { continue }
            let at = "\(file):\(n + 1)"
            guard let check = Check(name: String(first)) else {
                throw BaselineError("\(at): no check named '\(TextSanitizer.escaped(String(first)))' (checks: \(Check.all.map(\.name).joined(separator: ", ")))")
            }
            var entry = Entry(check: check, line: n + 1)
            var rest = words.dropFirst()
            if let kind = rest.first, kind != "trace" {
                if kind != "*" {
                    guard let name = ActionName(rawValue: String(kind)) else {
                        throw BaselineError("\(at): no action kind named '\(TextSanitizer.escaped(String(kind)))' (push, pop, … or *)")
                    }
                    entry.action = name
                }
                rest = rest.dropFirst()
            }
            // `trace PATTERN`, then `reason PATTERN`, each optional, each to the next keyword.
            for keyword in ["trace", "reason"] {
                guard let first = rest.first, first == keyword else { continue }
                let end = keyword == "trace" ? (rest.firstIndex(of: "reason") ?? rest.endIndex) : rest.endIndex
                let pattern = rest[rest.index(after: rest.startIndex) ..< end].joined(separator: " ")
                guard !pattern.isEmpty else { throw BaselineError("\(at): expected a pattern after '\(keyword)'") }
                if keyword == "trace" { entry.trace = pattern } else { entry.reason = pattern }
                rest = rest[end...]
            }
            if let extra = rest.first {
                throw BaselineError("\(at): expected 'trace PATTERN' or 'reason PATTERN' after the action kind, found '\(TextSanitizer.escaped(String(extra)))'")
            }
            entries.append(entry)
        }
    }

    /// Reads a baseline file: a regular file, bounded as a corpus file is.
    public init(contentsOf path: String) throws(BaselineError) {
        let text: String
        do { text = try Corpus<CoordinatorMachine>.read(path) } catch {
            throw BaselineError(error.description.replacingOccurrences(of: "corpus file", with: "baseline file"))
        }
        try self.init(parsing: text, file: path)
    }

    /// The file form.
    public var text: String { entries.map { $0.description + "\n" }.joined() }

    /// The first entry `check`'s failure at `failing` after `trace` matches.
    func entry(matching check: Check, failing: Action?, trace: [Action], reason: String) -> Int? {
        entries.firstIndex { $0.matches(check: check, failing: failing, trace: trace, reason: reason) }
    }

    /// `*` matches any run of bytes; everything else itself. Iterative, with one point to go
    /// back to: linear in practice, whatever the pattern.
    static func glob(_ p: [UInt8], matches s: [UInt8]) -> Bool {
        var i = 0, j = 0, star = -1, mark = 0
        while j < s.count {
            if i < p.count && p[i] == UInt8(ascii: "*") {
                star = i; mark = j; i += 1
            } else if i < p.count && p[i] == s[j] {
                i += 1; j += 1
            } else if star >= 0 {
                i = star + 1; mark += 1; j = mark
            } else {
                return false
            }
        }
        while i < p.count && p[i] == UInt8(ascii: "*") { i += 1 }
        return i == p.count
    }
}
