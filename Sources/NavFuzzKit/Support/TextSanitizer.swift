/// The one rule for text that leaves NavFuzz — names, failure bodies, replay lines, the
/// console, workflow annotations, the HTML page, corpus notes: a character that would act
/// rather than show is written out (`\n`, `\r`, `\t`, `\u{1b}`), never deleted and never
/// passed on. Deleting would make a name another file's name; passing on lets a file name move
/// a terminal's cursor, start a GitHub workflow command on a line of its own, or break XML.
///
/// Written out are the C0 controls, DEL and the C1 controls (U+0080–U+009F: U+009B is a
/// terminal's CSI), the line and paragraph separators, the bidirectional controls (they
/// reorder what a reader sees) and U+FFFE and U+FFFF, which XML does not allow. A text of many
/// lines keeps its own line breaks (`escapedLines`); every other text is one line (`escaped`).
@_spi(Engine) public enum TextSanitizer {
    /// Whether `c` is written out.
    @_spi(Engine) public static func writtenOut(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x00..<0x20, 0x7F..<0xA0: true
        case 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// Decodes bytes as UTF-8 (each invalid sequence, including encoded surrogates, becomes
    /// U+FFFD) and writes out what must be (`escapedLines`).
    @_spi(Engine) public static func sanitize(_ bytes: [UInt8]) -> String {
        escapedLines(String(decoding: bytes, as: UTF8.self))
    }

    /// A text of many lines (a failure's body, captured output): its line breaks (`\n`) stay,
    /// everything else the rule names is written out.
    @_spi(Engine) public static func escapedLines(_ text: String) -> String {
        written(text, quoting: false, keepingLineBreaks: true)
    }

    /// A name for XML as `xs:token` wants it (no leading, trailing or doubled space) and one to
    /// one: CI tools compare names textually, so two names must never become one
    /// (`a\u{1}.trace`, `a\\u{1}.trace` and `a  b`, `a b` stay apart). Every character the rule
    /// names is written out (`\t`, `\u{1}`), the backslash as `\\`, and a space that xs:token
    /// would drop as `\u{20}`. `name(fromToken:)` reads it back.
    @_spi(Engine) public static func token(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = ""
        for (i, c) in scalars.enumerated() {
            switch c {
            case "\\": out += "\\\\"
            case " " where i == 0 || i == scalars.count - 1 || scalars[i - 1] == " ": out += "\\u{20}"
            default: out += escaped(String(c))
            }
        }
        return out
    }

    /// The name `token` wrote: its escapes read back. A sequence `token` never writes (a
    /// backslash in another tool's report) stays as it is.
    @_spi(Engine) public static func name(fromToken token: String) -> String {
        var out = String.UnicodeScalarView()
        var rest = token.unicodeScalars[...]
        while let c = rest.popFirst() {
            guard c == "\\", let next = rest.first else { out.append(c); continue }
            switch next {
            case "\\": out.append("\\"); rest.removeFirst()
            case "n": out.append("\n"); rest.removeFirst()
            case "r": out.append("\r"); rest.removeFirst()
            case "t": out.append("\t"); rest.removeFirst()
            case "u":
                let body = rest.dropFirst()
                if body.first == "{", let close = body.firstIndex(of: "}"),
                   let value = UInt32(String(String.UnicodeScalarView(body[body.index(after: body.startIndex)..<close])), radix: 16),
                   let scalar = Unicode.Scalar(value) {
                    out.append(scalar)
                    rest = body[body.index(after: close)...]
                } else {
                    out.append(c)
                }
            default: out.append(c)
            }
        }
        return String(out)
    }

    /// The text on one line with every character the rule names written out (`\n`, `\t`,
    /// `\u{1}`); with `quoting`, also `"` and `\`, which makes it the body of a Swift string
    /// literal. Written out twice, a text stays as it was the first time.
    @_spi(Engine) public static func escaped(_ text: String, quoting: Bool = false) -> String {
        written(text, quoting: quoting, keepingLineBreaks: false)
    }

    private static func written(_ text: String, quoting: Bool, keepingLineBreaks: Bool) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "\n" where keepingLineBreaks: out.unicodeScalars.append(c)
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"" where quoting: out += "\\\""
            case "\\" where quoting: out += "\\\\"
            case _ where writtenOut(c): out += "\\u{\(String(c.value, radix: 16))}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// JSON text (one object, or a document over many lines) with what the rule names inside
    /// its strings written as JSON's `\uXXXX`, which a JSON reader turns back into the same
    /// character: tools get the exact text, a terminal nothing that acts. JSON writers already
    /// escape the C0 controls; outside its strings JSON has only line breaks and spaces.
    @_spi(Engine) public static func jsonEscaped(_ json: String) -> String {
        var out = String.UnicodeScalarView()
        for c in json.unicodeScalars {
            if c != "\n" && writtenOut(c) {
                let hex = String(c.value, radix: 16)
                out += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars
            } else {
                out.append(c)
            }
        }
        return String(out)
    }
}
