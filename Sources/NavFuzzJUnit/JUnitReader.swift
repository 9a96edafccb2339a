import CLibXML2
import Foundation
@_spi(Engine) import NavFuzzKit

/// Reads JUnit reports back into values, and merges the reports of parallel shards.
package enum JUnitReader {
    /// Parses a report written by `JUnitWriter` (or another tool following the Ant schema).
    /// Counters in the file are ignored: they are derived from the cases.
    package static func read(path: String) throws -> JUnitReport {
        let doc = try parseDocument(path: path)
        defer { xmlFreeDoc(doc) }
        guard let root = xmlDocGetRootElement(doc) else {
            throw JUnitError.malformed(path: path, line: 0, reason: "document has no root element")
        }
        let tree = Tree(path: path)
        switch tree.name(root) {
        case "testsuites":
            let suites = try tree.children(root, named: "testsuite").map { try tree.suite($0) }
            return JUnitReport(suites: suites)
        case "testsuite":
            return JUnitReport(suites: [try tree.suite(root)])
        default:
            throw tree.malformed(root, "root element is <\(tree.name(root))>, expected <testsuites>")
        }
    }

    /// Combines shard reports into one. Suites with the same name become one suite (in order of
    /// first appearance); its cases are de-duplicated by (classname, name), keeping a failed
    /// run over a passing one, and sorted so the output does not depend on shard order.
    /// The properties that count work done, which shards split: a merge totals them.
    package static let summedProperties: Set<String> = ["files", "position-goals", "positions-taken", "refused", "replayed-steps", "states", "steps",
                                                               "transitions", "walks"]

    /// Properties are unioned in first-seen order minus "shard", which no longer applies, and
    /// `summedProperties` totalled;
    /// times are summed and the earliest timestamp kept.
    package static func merge(_ reports: [JUnitReport]) -> JUnitReport {
        var order: [String] = []
        var groups: [String: [JUnitSuite]] = [:]
        for suite in reports.flatMap(\.suites) {
            if groups[suite.name] == nil { order.append(suite.name) }
            groups[suite.name, default: []].append(suite)
        }
        var merged = JUnitReport(suites: order.compactMap { groups[$0].flatMap(mergeSuites) })
        merged.fileAttributes = merged.suites.contains { $0.cases.contains { $0.file != nil } }
        return merged
    }

    private static func mergeSuites(_ parts: [JUnitSuite]) -> JUnitSuite? {
        guard var merged = parts.first else { return nil }
        merged.timestamp = parts.map(\.timestamp).min() ?? merged.timestamp
        merged.time = parts.reduce(0) { $0 + $1.time }

        merged.properties = mergedProperties(parts)

        let (kept, firstTrace) = chosenCases(parts)
        var chosen = kept
        // The merged suite names the first trace of the case it kept.
        merged.properties.removeAll { p in chosen.keys.contains { Self.firstTraceProperty($0.name) == p.name } }
        for (key, trace) in firstTrace.sorted(by: { $0.key.name < $1.key.name }) {
            merged.properties.append(JUnitProperty(name: Self.firstTraceProperty(key.name), value: trace))
        }
        // Verification decides `sometimes` properties on the union of what the shards reached.
        if let looked = union(parts, Self.lookedForProperty), let reached = union(parts, Self.reachedProperty) {
            // A shard skips a property it did not reach: reached by another, it holds.
            for name in reached {
                for (key, c) in chosen where key.name == name && c.outcome.isSkipped { chosen[key] = nil }
            }
            for name in looked.subtracting(reached) {
                let never = JUnitCase.neverReached(suite: merged.name, property: name)
                chosen[CaseKey(classname: never.classname, name: never.name)] = never
            }
        }
        merged.properties.removeAll { $0.name == Self.lookedForProperty || $0.name == Self.reachedProperty }
        merged.cases = chosen.values.sorted {
            ($0.classname, $0.name) < ($1.classname, $1.name)
        }

        merged.systemOut = joinOutput(parts.map(\.systemOut))
        merged.systemErr = joinOutput(parts.map(\.systemErr))
        return merged
    }

    /// The shards' properties: counts totalled, the others kept once each, in first-seen order.
    private static func mergedProperties(_ parts: [JUnitSuite]) -> [JUnitProperty] {
        var seenProperties = Set<JUnitProperty>()
        var totalled = Set<String>()
        return parts.flatMap(\.properties).compactMap { p -> JUnitProperty? in
            if p.name == "shard" { return nil }
            if summedProperties.contains(p.name) {
                let values = parts.flatMap { $0.properties.filter { $0.name == p.name }.map(\.value) }
                let numbers = values.compactMap { Int($0) }
                if numbers.count == values.count {
                    return totalled.insert(p.name).inserted ? JUnitProperty(name: p.name, value: String(numbers.reduce(0, +))) : nil
                }
            }
            return seenProperties.insert(p).inserted ? p : nil
        }
    }

    /// Each case once, as the shards' verdicts decide it, with the first trace of each case kept.
    private static func chosenCases(_ parts: [JUnitSuite]) -> ([CaseKey: JUnitCase], [CaseKey: String]) {
        // A case that failed in any shard fails; one that passed in any other shard passes (a
        // `sometimes` property one shard skipped as never reached was reached by another). Its
        // time is the sum of the shards' times, as the suite's is.
        var chosen: [CaseKey: JUnitCase] = [:]
        var times: [CaseKey: Double] = [:]
        func rank(_ c: JUnitCase) -> Int { c.outcome.isFailed ? 2 : c.outcome.isSkipped ? 0 : 1 }
        // Of cases that failed in several shards, the one whose first trace one run shows too
        // (`firstTraceProperty`, `traceOrder`).
        var firstTrace: [CaseKey: String] = [:]
        for part in parts {
            for testCase in part.cases {
                let key = CaseKey(classname: testCase.classname, name: testCase.name)
                times[key, default: 0] += testCase.time
                let trace = part.properties.first { $0.name == Self.firstTraceProperty(testCase.name) }?.value
                if let existing = chosen[key] {
                    if rank(existing) > rank(testCase) { continue }
                    if rank(existing) == rank(testCase) {
                        guard testCase.outcome.isFailed, let trace, let known = firstTrace[key], Self.traceOrder(trace, known) else { continue }
                    }
                }
                chosen[key] = testCase
                firstTrace[key] = trace
            }
        }
        for key in chosen.keys { chosen[key]?.time = times[key] ?? 0 }
        return (chosen, firstTrace)
    }

    /// The property of a verification suite naming the first failing trace of `check`
    /// (`ConformanceFailure.orderKey`): shards of one run that each failed the check are merged
    /// to the one a single run would show.
    package static func firstTraceProperty(_ check: String) -> String { "first-trace." + check }

    /// Whether first trace `a` comes before `b` (`N steps (found as M): …`): fewer steps, then
    /// fewer steps as found, then the text.
    package static func traceOrder(_ a: String, _ b: String) -> Bool {
        func numbers(_ t: String) -> (Int, Int) {
            let steps = Int(t.prefix { $0.isNumber }) ?? .max
            let found = t.range(of: "(found as ").flatMap { Int(t[$0.upperBound...].prefix { $0.isNumber }) } ?? steps
            return (steps, found)
        }
        let (x, y) = (numbers(a), numbers(b))
        return (x.0, x.1, a) < (y.0, y.1, b)
    }

    /// Properties of a shard's verification suite: the `sometimes` properties it looked for
    /// and those it reached, comma-separated; written only by a shard that looked everywhere
    /// it was given. A merge decides "never reached" on their union, then drops them.
    package static let lookedForProperty = "sometimes-looked-for", reachedProperty = "sometimes-reached"

    /// The union of a comma-separated property over `parts`; nil unless every part has it.
    private static func union(_ parts: [JUnitSuite], _ name: String) -> Set<String>? {
        var out: Set<String> = []
        for part in parts {
            guard let value = part.properties.first(where: { $0.name == name })?.value else { return nil }
            out.formUnion(value.split(separator: ",").map(String.init))
        }
        return out
    }

    private struct CaseKey: Hashable {
        var classname: String
        var name: String
    }

    /// Concatenates captured output, adding a newline between shards only where one is missing.
    private static func joinOutput(_ pieces: [String]) -> String {
        pieces.filter { !$0.isEmpty }.reduce(into: "") { result, piece in
            if !result.isEmpty, !result.hasSuffix("\n") { result += "\n" }
            result += piece
        }
    }

    // MARK: - Parsing

    /// Reads and parses `path` without printing anything; the first libxml2 error becomes a
    /// `JUnitError.malformed` naming the file and line. The caller frees the document.
    static func parseDocument(path: String) throws -> xmlDocPtr {
        let bytes = try readFile(path)
        guard !bytes.isEmpty else { throw JUnitError.malformed(path: path, line: 0, reason: "file is empty") }
        // A JUnit report has no DTD; one with entities is at best odd and at worst a billion laughs.
        if let line = lineOfDeclaration(in: bytes) {
            throw JUnitError.malformed(path: path, line: line, reason: "a DOCTYPE or ENTITY declaration, which JUnit reports do not have")
        }
        guard bytes.count < Int(Int32.max) else {
            throw JUnitError.cannotRead(path: path, reason: "file too large")
        }
        let log = JUnitXMLErrorLog()
        let doc: xmlDocPtr? = withExtendedLifetime(log) {
            bytes.withUnsafeBytes { buffer -> xmlDocPtr? in
                guard let start = buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
                      let ctxt = xmlCreatePushParserCtxt(nil, nil, nil, 0, path)
                else { return nil }
                defer { xmlFreeParserCtxt(ctxt) }
                // NONET: never fetch anything; NOERROR/NOWARNING plus `serror`: nothing on stderr.
                // Not HUGE: libxml2's limits on text and on entity expansion stay on.
                let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                    | XML_PARSE_BIG_LINES.rawValue
                xmlCtxtUseOptions(ctxt, Int32(options))
                ctxt.pointee._private = Unmanaged.passUnretained(log).toOpaque()
                ctxt.pointee.sax.pointee.serror = { data, error in
                    // `data` is ctxt->userData, which libxml2 sets to the context itself.
                    guard let data, let error else { return }
                    let context = data.assumingMemoryBound(to: xmlParserCtxt.self)
                    JUnitXMLErrorLog.from(context.pointee._private)?.record(error.pointee)
                }
                _ = xmlParseChunk(ctxt, start, Int32(buffer.count), 1)
                let doc = ctxt.pointee.myDoc
                ctxt.pointee.myDoc = nil
                ctxt.pointee._private = nil
                if ctxt.pointee.wellFormed == 0 {
                    if let doc { xmlFreeDoc(doc) }
                    return nil
                }
                return doc
            }
        }
        if let doc { return doc }
        let first = log.entries.first
        throw JUnitError.malformed(path: path, line: first?.line ?? 0, reason: first?.message ?? "cannot parse XML")
    }

    /// A report is at most this big (a shard report is a few hundred KB).
    package static let maximumFileBytes = 256 << 20

    /// The line of the first `<!DOCTYPE` or `<!ENTITY`, if there is one.
    static func lineOfDeclaration(in bytes: [UInt8]) -> Int? {
        let marks = [Array("<!DOCTYPE".utf8), Array("<!ENTITY".utf8)]
        var line = 1
        for i in bytes.indices {
            if bytes[i] == 10 { line += 1 }
            if bytes[i] == 60, marks.contains(where: { bytes[i...].starts(with: $0) }) { return line }
        }
        return nil
    }

    /// Whole file via POSIX so a failure carries the system's reason ("No such file or directory").
    /// Only a regular file of at most `maximumFileBytes`: a FIFO would hang the read, a device
    /// (`/dev/zero`) would never end.
    static func readFile(_ path: String) throws -> [UInt8] {
        func failure(_ code: Int32) -> JUnitError {
            .cannotRead(path: path, reason: String(cString: strerror(code)))
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw failure(errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw JUnitError.cannotRead(path: path, reason: "not a regular file") }
        guard Int(info.st_size) <= maximumFileBytes else {
            throw JUnitError.cannotRead(path: path, reason: "\(info.st_size) bytes, more than a report's \(maximumFileBytes)")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure(errno) }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            if n == 0 { return result }
            result.append(contentsOf: chunk[0..<n])
            if result.count > maximumFileBytes {
                throw JUnitError.cannotRead(path: path, reason: "more than a report's \(maximumFileBytes) bytes")
            }
        }
    }
}

/// Walks a parsed report. Reads text straight from the tree's nodes, so nothing needs xmlFree.
private struct Tree {
    let path: String

    func malformed(_ node: xmlNodePtr, _ reason: String) -> JUnitError {
        .malformed(path: path, line: Int(xmlGetLineNo(node)), reason: reason)
    }

    func name(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    func children(_ node: xmlNodePtr, named wanted: String? = nil) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, wanted == nil || name(current) == wanted {
                result.append(current)
            }
            child = current.pointee.next
        }
        return result
    }

    /// Concatenated text and CDATA children (CDATA may come from other producers).
    func text(_ node: xmlNodePtr?) -> String {
        var bytes: [UInt8] = []
        var child = node?.pointee.children
        while let current = child {
            let type = current.pointee.type
            if type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE, let content = current.pointee.content {
                var p = content
                while p.pointee != 0 {
                    bytes.append(p.pointee)
                    p += 1
                }
            }
            child = current.pointee.next
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func attribute(_ node: xmlNodePtr, _ wanted: String) -> String? {
        var attr = node.pointee.properties
        while let current = attr {
            if current.pointee.ns == nil, current.pointee.name.map({ String(cString: $0) }) == wanted {
                return text(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self))
            }
            attr = current.pointee.next
        }
        return nil
    }

    func required(_ node: xmlNodePtr, _ wanted: String) throws -> String {
        guard let value = attribute(node, wanted) else {
            throw malformed(node, "<\(name(node))> lacks the required attribute '\(wanted)'")
        }
        return value
    }

    /// An attribute the writer wrote as a token (`TextSanitizer.token`): the name it holds.
    func name(_ node: xmlNodePtr, _ wanted: String) throws -> String {
        TextSanitizer.name(fromToken: try required(node, wanted))
    }

    func seconds(_ node: xmlNodePtr) throws -> Double {
        let raw = try required(node, "time")
        guard let value = Double(raw.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw malformed(node, "time '\(raw)' is not a number")
        }
        return value
    }

    func suite(_ node: xmlNodePtr) throws -> JUnitSuite {
        let stamp = try required(node, "timestamp")
        guard let timestamp = JUnitReader.parseTimestamp(stamp) else {
            throw malformed(node, "timestamp '\(stamp)' is not YYYY-MM-DDTHH:MM:SS")
        }
        var suite = JUnitSuite(
            name: try name(node, "name"),
            timestamp: timestamp,
            hostname: try name(node, "hostname"),
            time: try seconds(node)
        )
        for child in children(node) {
            switch name(child) {
            case "properties":
                for property in children(child, named: "property") {
                    let p = JUnitProperty(name: try name(property, "name"), value: try required(property, "value"))
                    // Derived from the timestamp, which a merge takes the earliest of.
                    if p.name != JUnitSuite.zonedTimestampProperty { suite.properties.append(p) }
                }
            case "testcase":
                suite.cases.append(try testCase(child))
            case "system-out":
                suite.systemOut += text(child)
            case "system-err":
                suite.systemErr += text(child)
            default:
                continue  // unknown elements from other producers carry nothing we model
            }
        }
        return suite
    }

    func testCase(_ node: xmlNodePtr) throws -> JUnitCase {
        var outcome = JUnitCase.Outcome.passed
        if let detail = children(node).first(where: { ["failure", "error", "skipped"].contains(name($0)) }) {
            let message = attribute(detail, "message") ?? ""
            switch name(detail) {
            case "failure":
                outcome = .failure(message: message, type: attribute(detail, "type") ?? "", text: text(detail))
            case "error":
                outcome = .error(message: message, type: attribute(detail, "type") ?? "", text: text(detail))
            default:
                outcome = .skipped(message: message)
            }
        }
        var testCase = JUnitCase(
            classname: try name(node, "classname"),
            name: try name(node, "name"),
            time: try seconds(node),
            outcome: outcome
        )
        testCase.file = attribute(node, "file").map(TextSanitizer.name(fromToken:))
        return testCase
    }
}

extension JUnitReader {
    /// Parses `YYYY-MM-DDTHH:MM:SS` as UTC; tolerates a trailing fraction and/or "Z" written by
    /// other tools. Returns nil for anything else.
    static func parseTimestamp(_ text: String) -> Date? {
        let chars = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        guard chars.count >= 19 else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for i in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(chars[i]) else { return nil }
                value = value * 10 + Int64(chars[i] - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        guard separators.allSatisfy({ chars[$0.0] == $0.1.asciiValue }),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var rest = chars[19...]
        if rest.last == UInt8(ascii: "Z") { rest = rest.dropLast() }
        if let first = rest.first {
            guard first == UInt8(ascii: "."), rest.count > 1,
                  rest.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return nil }
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's algorithm).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
