/// Makes arbitrary program output safe to put in XML 1.0.
///
/// Test output is captured from fuzzed programs: it contains terminal colour codes, stray control
/// bytes and broken UTF-8, any of which makes the XML unparseable or unreadable in CI.
@_spi(Engine) public enum TextSanitizer {
    /// Decodes bytes as UTF-8 (each invalid sequence, including encoded surrogates, becomes
    /// U+FFFD) and then sanitizes the text.
    @_spi(Engine) public static func sanitize(_ bytes: [UInt8]) -> String {
        sanitize(String(decoding: bytes, as: UTF8.self))
    }

    /// Strips ANSI escape sequences and removes every character XML 1.0 does not allow.
    /// Swift strings cannot hold unpaired surrogates, so those are already gone (as U+FFFD).
    @_spi(Engine) public static func sanitize(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == escape {
                i = skipEscape(scalars, from: i)
                continue
            }
            if isXMLChar(c) { out.append(c) }
            i += 1
        }
        return String(out)
    }

    /// A name for XML, normalized like `xs:token` (space runs become one space, no leading or
    /// trailing space), with every control character and every character XML does not allow
    /// written out (`\t`, `\u{1}`) rather than deleted: CI tools compare names textually, and
    /// two names must not become one (`a\u{1}.trace` and `a\u{2}.trace`).
    @_spi(Engine) public static func token(_ text: String) -> String {
        var written = String.UnicodeScalarView()
        // Backslashes stay as they are: a name read back from a report and written again (a
        // merge) must not change.
        for c in escaped(text).unicodeScalars {
            if isXMLChar(c) { written.append(c) } else { written += "\\u{\(String(c.value, radix: 16))}".unicodeScalars }
        }
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for c in written {
            if c == " " {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(c)
            }
        }
        return String(out)
    }

    /// The text with every control character written out (`\n`, `\t`, `\u{1}`), so that it
    /// stays one visible line; with `quoting`, also `"` and `\`, which makes it the body of a
    /// Swift string literal.
    @_spi(Engine) public static func escaped(_ text: String, quoting: Bool = false) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"" where quoting: out += "\\\""
            case "\\" where quoting: out += "\\\\"
            case _ where c.value < 0x20 || (0x7F..<0xA0).contains(c.value) || c.value == 0x2028 || c.value == 0x2029:
                out += "\\u{\(String(c.value, radix: 16))}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private static let escape: Unicode.Scalar = "\u{1B}"
    private static let bell: Unicode.Scalar = "\u{07}"

    /// Returns the index just after the escape sequence starting at `start` (which holds ESC).
    /// CSI `ESC [ params final` and OSC `ESC ] ... BEL|ESC \` are removed whole; any other ESC
    /// is removed alone. An unterminated sequence removes only what belongs to it, so no
    /// ordinary text after it is lost.
    private static func skipEscape(_ s: [Unicode.Scalar], from start: Int) -> Int {
        let next = start + 1
        guard next < s.count else { return next }
        switch s[next] {
        case "[":
            var i = next + 1
            while i < s.count {
                let v = s[i].value
                if (0x40...0x7E).contains(v) { return i + 1 }  // final byte
                if !(0x20...0x3F).contains(v) { return i }       // not part of a CSI: stop here
                i += 1
            }
            return i
        case "]":
            var i = next + 1
            while i < s.count {
                if s[i] == bell { return i + 1 }
                if s[i] == escape {
                    return (i + 1 < s.count && s[i + 1] == "\\") ? i + 2 : i
                }
                i += 1
            }
            return next + 1  // unterminated: drop only the introducer, keep the text
        default:
            return next
        }
    }

    /// XML 1.0 `Char` minus surrogates (impossible in a Unicode.Scalar).
    private static func isXMLChar(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09, 0x0A, 0x0D: return true
        case 0x00..<0x20: return false
        case 0xFFFE, 0xFFFF: return false
        default: return true
        }
    }
}
