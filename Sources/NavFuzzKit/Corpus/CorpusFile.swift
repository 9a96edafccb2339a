/// The corpus file format (docs/CORPUS.md): line-based text that reads well in a diff.
///
///     # navfuzz-corpus 1
///     # guards: a child presented as a sheet and swiped away must end
///     root: navigation
///     start c0 navigation sheet r1
///     userSwipeDismiss
///     expect: holds
///
/// The first line names the format and version. `#` lines are comments; `# key: value` comments
/// are kept as notes. `key: value` lines are settings: `expect` and `initial` belong to the
/// corpus, every other key configures the machine (through the caller's factory); `overlap`
/// after the actions names two overlapping calls and their steps. Every other line is one
/// action in the machine's text form. This file only reads and writes the text; it
/// knows nothing of any machine.
@_spi(Engine) public struct CorpusFile: Sendable, Hashable {
    @_spi(Engine) public static let header = "# navfuzz-corpus 1"
    @_spi(Engine) public static let version = 1

    @_spi(Engine) public var notes: [CorpusNote]
    @_spi(Engine) public var settings: [CorpusSetting]
    /// The action lines, as written (trimmed), with where they are.
    @_spi(Engine) public var actions: [Located]
    /// Two overlapping calls after the actions (`overlap: CALL | CALL | STEPS`), as written.
    @_spi(Engine) public var overlap: Located?
    @_spi(Engine) public var expectation: CorpusExpectation
    /// Where the expectation's value starts (0 when not read from a file).
    @_spi(Engine) public var expectationLine: Int
    @_spi(Engine) public var expectationColumn: Int

    @_spi(Engine) public struct Located: Sendable, Hashable {
        @_spi(Engine) public var text: String
        @_spi(Engine) public var line: Int
        /// 1-based column where the text starts.
        @_spi(Engine) public var column: Int
    }

    @_spi(Engine) public init(notes: [CorpusNote], settings: [CorpusSetting], actions: [Located],
                expectation: CorpusExpectation, expectationLine: Int = 0, expectationColumn: Int = 0) {
        self.notes = notes; self.settings = settings; self.actions = actions
        self.expectation = expectation; self.expectationLine = expectationLine
        self.expectationColumn = expectationColumn
    }

    /// Reads the text of one file; errors name `file:line:column`.
    @_spi(Engine) public init(parsing text: String, file: String) throws(CorpusError) {
        var notes: [CorpusNote] = []
        var settings: [CorpusSetting] = []
        var actions: [Located] = []
        var expectation: (CorpusExpectation, Int, Int)?
        var overlap: Located?
        // CRLF line ends are one Character in Swift: split on both.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        func fail(_ line: Int, _ column: Int, _ message: String) -> CorpusError {
            CorpusError(file: file, line: line, column: column, message: message)
        }
        if let wrong = Self.headerError(lines.first.map { trimmed($0).text } ?? "") { throw fail(1, 1, wrong) }
        for (i, raw) in lines.enumerated().dropFirst() {
            let number = i + 1
            let (body, column) = trimmed(raw.hasSuffix("\r") ? raw.dropLast() : raw)
            if body.isEmpty { continue }
            if body.hasPrefix("#") {
                let comment = trimmed(body.dropFirst()).text
                if let (key, value, _) = keyValue(comment[...]) { notes.append(CorpusNote(key: key, value: value)) }
                continue
            }
            guard let (key, value, valueOffset) = keyValue(body[...]) else {
                if let overlap { throw fail(number, column, "expected no action after the overlapping calls (line \(overlap.line))") }
                actions.append(Located(text: body, line: number, column: column))
                continue
            }
            let valueColumn = column + valueOffset
            switch key {
            case "expect":
                if let (_, previous, _) = expectation { throw fail(number, column, "expected one 'expect:' line, found a second (the first is on line \(previous))") }
                guard let read = Self.expectation(value) else {
                    throw fail(number, valueColumn, "expected 'holds' or 'violates PROPERTY', found '\(value)'")
                }
                expectation = (read, number, valueColumn)
            case "overlap":
                if let overlap { throw fail(number, column, "expected one 'overlap:' line, found a second (the first is on line \(overlap.line))") }
                if value.isEmpty { throw fail(number, valueColumn, "expected two calls and their steps after 'overlap:'") }
                overlap = Located(text: value, line: number, column: valueColumn)
            default:
                if !actions.isEmpty || overlap != nil {
                    throw fail(number, column, "expected an action: settings ('\(key):') go before the first action")
                }
                if let previous = settings.first(where: { $0.key == key }) {
                    throw fail(number, column, "expected each setting once, found '\(key):' again (first on line \(previous.line))")
                }
                if value.isEmpty { throw fail(number, valueColumn, "expected a value after '\(key):'") }
                settings.append(CorpusSetting(key: key, value: value, line: number, keyColumn: column, column: valueColumn))
            }
        }
        guard let (exp, line, column) = expectation else {
            throw fail(lines.count, 1, "expected an 'expect: holds' or 'expect: violates PROPERTY' line")
        }
        self.init(notes: notes, settings: settings, actions: actions, expectation: exp,
                  expectationLine: line, expectationColumn: column)
        self.overlap = overlap
    }

    /// What is wrong with `first`, the file's first line, when it is not the header.
    private static func headerError(_ first: String) -> String? {
        if first == header { return nil }
        if first.hasPrefix("# navfuzz-corpus ") {
            return "expected '\(header)': this NavFuzz reads corpus version \(version), found '\(first)'"
        }
        return "expected '\(header)' as the first line"
    }

    /// An `expect:` line's value: `holds` or `violates PROPERTY`.
    private static func expectation(_ value: String) -> CorpusExpectation? {
        let words = value.split(separator: " ", omittingEmptySubsequences: true)
        if words == ["holds"] { return .holds }
        if words.count == 2 && words[0] == "violates" { return .violates(String(words[1])) }
        return nil
    }

    /// The file's text: header, notes, settings, actions, expectation, one per line.
    @_spi(Engine) public var text: String {
        var lines = [Self.header]
        // A note quotes what found the trace (a driver's command, a reason): one line, always.
        lines += notes.map { "# \($0.key): \(TextSanitizer.escaped($0.value))" }
        lines += settings.map { "\($0.key): \($0.value)" }
        lines += actions.map(\.text)
        if let overlap { lines.append("overlap: \(overlap.text)") }
        lines.append("expect: \(expectation)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines that carry meaning (no comments): what names a saved file.
    @_spi(Engine) public var contentText: String {
        var lines = settings.map { "\($0.key): \($0.value)" }
        lines += actions.map(\.text)
        if let overlap { lines.append("overlap: \(overlap.text)") }
        lines.append("expect: \(expectation)")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `key: value` when the line starts with a key (a letter, then letters, digits and `-`) and a
/// colon; the offset of the value in `line`. Action texts never contain a colon.
private func keyValue(_ line: Substring) -> (String, String, Int)? {
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let key = line[..<colon]
    guard let head = key.first, head.isASCII && head.isLetter,
          key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return nil }
    let rest = line[line.index(after: colon)...]
    let value = trimmed(rest)
    return (String(key), value.text, line.distance(from: line.startIndex, to: rest.startIndex) + value.column - 1)
}

/// The text without surrounding spaces and tabs, and the 1-based column where it starts.
private func trimmed(_ s: Substring) -> (text: String, column: Int) {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = s.firstIndex(where: { !blank($0) }) else { return ("", 1) }
    let end = s.lastIndex(where: { !blank($0) }) ?? start
    return (String(s[start...end]), s.distance(from: s.startIndex, to: start) + 1)
}
