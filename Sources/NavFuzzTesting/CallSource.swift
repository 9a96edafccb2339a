import Foundation

/// The first argument of a helper's call as the user wrote it, read from the test's source
/// file, so that a printed regression test makes the adapter the way the test does
/// (`MyAdapter(window: window)`), init arguments and all. Nil when the source cannot be read
/// (a test run on a device): the helpers then print the adapter's type name with `()`.
enum CallSource {
    static func firstArgument(of function: String, file: String, line: Int) -> String? {
        guard line >= 1, let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line <= lines.count else { return nil }
        let rest = lines[(line - 1)...].joined(separator: "\n")
        guard let call = rest.range(of: function + "(") else { return nil }
        return firstArgument(in: rest[call.upperBound...])
    }

    /// Up to the first comma or closing parenthesis outside brackets and string literals;
    /// runs of white space that hold a line break become one space.
    static func firstArgument(in text: Substring) -> String? {
        var depth = 0
        var inString = false, escaped = false
        var out = ""
        for c in text {
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else {
                switch c {
                case "\"": inString = true
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    if depth == 0 { return cleaned(out) }
                    depth -= 1
                case "," where depth == 0: return cleaned(out)
                default: break
                }
            }
            out.append(c)
        }
        return nil
    }

    private static func cleaned(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let joined = words.filter { !$0.isEmpty }.joined(separator: " ")
        return joined.isEmpty ? nil : joined
    }
}
