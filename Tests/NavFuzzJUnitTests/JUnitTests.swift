import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit
import XCTest

final class JUnitReportTests: XCTestCase {
    // MARK: - Fixtures

    /// The strict schema lives next to the package: <package>/../shared/schemas/JUnit.xsd.
    private func schemaPath() throws -> String {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // NavFuzzKitTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
        let schema = packageRoot.appendingPathComponent("../shared/schemas/JUnit.xsd").standardized.path
        guard FileManager.default.fileExists(atPath: schema) else {
            throw XCTSkip("schema not found at \(schema)")
        }
        return schema
    }

    private func makeTempDir() throws -> String {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("navfuzz-junit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    private let start = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z

    private var sampleCases: [JUnitCase] {
        [
            JUnitCase(classname: "Routes", name: "home", time: 0.012),
            JUnitCase(classname: "Routes", name: "settings", time: 1.5, outcome: .failure(
                message: "expected 2, got 3", type: "AssertionFailure",
                text: "  at Routes.swift:10\nsecond <line> & \"quotes\" ]]> end\n")),
            JUnitCase(classname: "Deep.Link", name: "crash", time: 0.25, outcome: .error(
                message: "signal 11", type: "Crash", text: "frame 0\nframe 1")),
            JUnitCase(classname: "Deep.Link", name: "flaky", time: 0, outcome: .skipped(message: "disabled")),
        ]
    }

    private func sampleReport() -> JUnitReport {
        JUnitReport(suites: [
            JUnitSuite(
                name: "NavFuzz.Routes", timestamp: start, hostname: "ci-host", time: 2.75,
                properties: [JUnitProperty(name: "seed", value: "42"), JUnitProperty(name: "shard", value: "0/1")],
                cases: sampleCases, systemOut: "booted\n  indented\n", systemErr: ""),
            JUnitSuite(name: "Empty", timestamp: start, hostname: "ci-host", time: 0),
        ])
    }

    private func text(of path: String) throws -> String {
        String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: path)), as: UTF8.self)
    }

    /// The start tag of the first `<testsuite ...>`.
    private func firstSuiteTag(_ xml: String) throws -> Substring {
        let open = try XCTUnwrap(xml.range(of: "<testsuite "))
        let close = try XCTUnwrap(xml[open.upperBound...].firstIndex(of: ">"))
        return xml[open.lowerBound...close]
    }

    // MARK: - (1) schema

    func testReportWithEveryOutcomeValidatesAgainstSchema() throws {
        let schema = try schemaPath()
        let path = try makeTempDir() + "/report.xml"
        try JUnitWriter.write(sampleReport(), to: path)
        XCTAssertEqual(try JUnitSchema.validationErrors(xml: path, schema: schema), [])
        XCTAssertNoThrow(try JUnitSchema.validate(xml: path, schema: schema))
        let xml = try text(of: path)
        for element in ["<failure ", "<error ", "<skipped ", "<properties", "<system-out", "<system-err"] {
            XCTAssertTrue(xml.contains(element), "missing \(element)")
        }
        XCTAssertFalse(xml.contains("CDATA"))
    }

    func testValidatorRejectsReportThatBreaksSchema() throws {
        let schema = try schemaPath()
        let path = try makeTempDir() + "/bad.xml"
        // No <properties>/<system-out>/<system-err>, no package/id, timestamp with a zone.
        let bad = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="x" timestamp="2024-01-01T00:00:00Z" hostname="h" tests="0" failures="0" errors="0" time="0">
              </testsuite>
            </testsuites>
            """
        try Data(bad.utf8).write(to: URL(fileURLWithPath: path))
        let errors = try JUnitSchema.validationErrors(xml: path, schema: schema)
        XCTAssertFalse(errors.isEmpty)
        XCTAssertThrowsError(try JUnitSchema.validate(xml: path, schema: schema)) { error in
            guard case .invalid(let reported, _)? = error as? JUnitError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(reported, path)
        }
    }

    // MARK: - (2) sanitizing

    /// Control characters are written out everywhere, never deleted: in names, messages,
    /// bodies and captured output alike; a body keeps its lines. The report still validates.
    func testHostileTextIsWrittenOutAndStillValidates() throws {
        let schema = try schemaPath()
        let brokenUTF8 = String(decoding: [0x66, 0xFF, 0xFE, 0xC3], as: UTF8.self)
        let hostile = "\u{1B}[31mred\u{1B}[0m \u{0}\u{7}\u{1F}\u{9B}\u{FFFE}" + brokenUTF8
        let report = JUnitReport(suites: [JUnitSuite(
            name: hostile, timestamp: start, hostname: hostile, time: 1,
            properties: [JUnitProperty(name: hostile, value: hostile)],
            cases: [
                JUnitCase(classname: hostile, name: hostile, time: 1, outcome: .failure(
                    message: hostile, type: hostile, text: hostile + "\n" + hostile)),
                JUnitCase(classname: "c", name: "e", outcome: .error(message: hostile, type: hostile, text: hostile)),
                JUnitCase(classname: "c", name: "s", outcome: .skipped(message: hostile)),
            ],
            systemOut: hostile, systemErr: hostile)])
        let path = try makeTempDir() + "/hostile.xml"
        try JUnitWriter.write(report, to: path)
        XCTAssertEqual(try JUnitSchema.validationErrors(xml: path, schema: schema), [])

        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        for forbidden: [UInt8] in [[0x1B], [0x00], [0x07], [0x1F], [0xC2, 0x9B], [0xEF, 0xBF, 0xBE]] {
            XCTAssertFalse(bytes.indices.contains { bytes[$0...].starts(with: forbidden) }, "bytes \(forbidden) leaked into the XML")
        }
        let xml = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(xml.contains("&#"), "no character references for control characters")

        let written = #"\u{1b}[31mred\u{1b}[0m \u{0}\u{7}\u{1f}\u{9b}\u{fffe}f\#u{FFFD}\#u{FFFD}\#u{FFFD}"#
        let back = try JUnitReader.read(path: path)
        let suite = try XCTUnwrap(back.suites.first)
        // Names come back as they were given (a name is written one to one); texts as written.
        XCTAssertEqual(suite.name, hostile)
        XCTAssertEqual(suite.hostname, hostile)
        XCTAssertEqual(suite.properties, [JUnitProperty(name: hostile, value: written)])
        XCTAssertEqual(suite.cases.first?.name, hostile)
        XCTAssertTrue(xml.contains("name=\"" + written + "\""), xml)
        XCTAssertEqual(TextSanitizer.token(" a \t b\n"), #"\u{20}a \t b\n"#)
        XCTAssertEqual(suite.systemOut, written)
        XCTAssertEqual(suite.cases.first?.outcome, .failure(message: written, type: written, text: written + "\n" + written))
        XCTAssertEqual(back, try { try JUnitWriter.write(back, to: path); return try JUnitReader.read(path: path) }(),
                       "written again, a report read back does not change")
    }

    func testSanitizerByteEntryPoint() {
        XCTAssertEqual(TextSanitizer.sanitize([0x66, 0xFF, 0xFE, 0xC3]), "f\u{FFFD}\u{FFFD}\u{FFFD}")
        XCTAssertEqual(TextSanitizer.sanitize(Array("\u{1B}[1;31mERR\u{1B}[0m ok".utf8)), #"\u{1b}[1;31mERR\u{1b}[0m ok"#)
        XCTAssertEqual(TextSanitizer.sanitize([0x61, 0x00, 0x07, 0x1F, 0x09, 0x0A, 0x0D, 0x7F, 0x62]), "a\\u{0}\\u{7}\\u{1f}\\t\n\\r\\u{7f}b")
        // U+FFFE and U+FFFF are not XML characters.
        XCTAssertEqual(TextSanitizer.sanitize([0x61, 0xEF, 0xBF, 0xBE, 0xEF, 0xBF, 0xBF, 0x62]), #"a\u{fffe}\u{ffff}b"#)
        // An encoded surrogate (U+D800 as ED A0 80) is invalid UTF-8: replaced, never kept.
        let surrogate = TextSanitizer.sanitize([0x61, 0xED, 0xA0, 0x80, 0x62])
        XCTAssertTrue(surrogate.unicodeScalars.allSatisfy { $0 == "a" || $0 == "b" || $0 == "\u{FFFD}" })
        XCTAssertTrue(surrogate.hasPrefix("a\u{FFFD}"))
        XCTAssertTrue(surrogate.hasSuffix("\u{FFFD}b"))
        // Valid multi-byte text survives.
        XCTAssertEqual(TextSanitizer.sanitize(Array("Zürich → 東京 🚀".utf8)), "Zürich → 東京 🚀")
    }

    /// Names are written one to one, as xs:token allows: a backslash, a control and a space a
    /// token would drop are each written out, so no two names become one, and reading gives the
    /// name back.
    func testNamesAreWrittenOneToOne() throws {
        let names = ["a\u{1}.trace", #"a\u{1}.trace"#, #"a\\u{1}.trace"#, "a\\\u{1}.trace", "a  b", "a b", " a", "a ", #"a\u{20}"#,
                     #"a\nb"#, "a\nb", #"C:\x"#, "\\", #"\u{zz}"#, "\u{10FFFF}"]
        let tokens = names.map(TextSanitizer.token)
        XCTAssertEqual(Set(tokens).count, names.count, "\(tokens)")
        for (name, token) in zip(names, tokens) {
            XCTAssertEqual(TextSanitizer.name(fromToken: token), name, token)
            XCTAssertFalse(token.hasPrefix(" ") || token.hasSuffix(" ") || token.contains("  "), token)
        }
        // Through a report and back, and a merge of it: the same names, the same cases.
        let suite = JUnitSuite(name: "replay", timestamp: start, hostname: "h", time: 1,
                               cases: names.map { JUnitCase(classname: "replay", name: $0) })
        let path = try makeTempDir() + "/names.xml"
        try JUnitWriter.write(JUnitReport(suites: [suite]), to: path)
        // Valid against the strict schema, where the schema is at hand (beside the repository).
        if let schema = try? schemaPath() { XCTAssertEqual(try JUnitSchema.validationErrors(xml: path, schema: schema), []) }
        let back = try JUnitReader.read(path: path)
        XCTAssertEqual(back.suites.first?.cases.map(\.name), names)
        XCTAssertEqual(JUnitReader.merge([back, back]).suites.first?.cases.count, names.count)
    }

    func testBodiesKeepTheirLinesAndWriteOutTheRest() {
        XCTAssertEqual(TextSanitizer.escapedLines("a\r\nb\n\u{1B}]0;title\u{07}c"), #"a\r"# + "\n" + #"b"# + "\n" + #"\u{1b}]0;title\u{7}c"#)
        XCTAssertEqual(TextSanitizer.escapedLines("x\u{2028}y\u{202E}z"), #"x\u{2028}y\u{202e}z"#)
        XCTAssertEqual(TextSanitizer.escapedLines(TextSanitizer.escapedLines("a\u{1}\nb")), TextSanitizer.escapedLines("a\u{1}\nb"))
        XCTAssertEqual(TextSanitizer.token("  a \t\n b\r\n  c  "), #"\u{20}\u{20}a \t\n b\r\n \u{20}c \u{20}"#)
        XCTAssertEqual(TextSanitizer.token("\u{1B}[1m \u{0} \u{1B}[0m"), #"\u{1b}[1m \u{0} \u{1b}[0m"#)
    }

    // MARK: - (3) counters

    func testCountersAreDerivedFromCases() throws {
        var report = sampleReport()
        let suite = report.suites[0]
        XCTAssertEqual([suite.tests, suite.failures, suite.errors, suite.skipped], [4, 1, 1, 1])

        var xml = String(decoding: try JUnitWriter.xmlBytes(report), as: UTF8.self)
        var tag = try firstSuiteTag(xml)
        for attribute in [#"tests="4""#, #"failures="1""#, #"errors="1""#, #"skipped="1""#, #"id="0""#,
                          #"package="NavFuzz.Routes""#, #"hostname="ci-host""#, #"time="2.750""#] {
            XCTAssertTrue(tag.contains(attribute), "\(attribute) missing from \(tag)")
        }
        XCTAssertTrue(xml.contains(#"<testsuite name="Empty" package="Empty" id="1""#))
        XCTAssertTrue(xml.contains(#"tests="0" failures="0" errors="0" skipped="0""#))

        report.suites[0].cases.append(JUnitCase(classname: "Routes", name: "more",
                                                outcome: .failure(message: "m", type: "t", text: "")))
        report.suites[0].cases.removeAll { $0.outcome.isSkipped }
        xml = String(decoding: try JUnitWriter.xmlBytes(report), as: UTF8.self)
        tag = try firstSuiteTag(xml)
        for attribute in [#"tests="4""#, #"failures="2""#, #"errors="1""#, #"skipped="0""#] {
            XCTAssertTrue(tag.contains(attribute), "\(attribute) missing from \(tag)")
        }
    }

    // MARK: - (4) atomic writes

    func testWriteUnderRegularFileFailsWithReadableError() throws {
        let dir = try makeTempDir()
        let plain = dir + "/plain.txt"
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: plain))
        let target = plain + "/sub/report.xml"
        XCTAssertThrowsError(try JUnitWriter.write(sampleReport(), to: target)) { error in
            XCTAssertEqual(error as? JUnitError, .cannotWrite(path: target, reason: "Not a directory"))
            XCTAssertEqual("\(error)", "cannot write report to \(target): Not a directory")
        }
        XCTAssertEqual(try text(of: plain), "not a directory")
    }

    func testFailedWriteLeavesEarlierFileIntact() throws {
        let dir = try makeTempDir()
        let path = dir + "/nested/deeper/report.xml"  // parents created on demand
        let first = sampleReport()
        try JUnitWriter.write(first, to: path)
        let earlier = try XCTUnwrap(FileManager.default.contents(atPath: path))

        // Occupy the temp file's name with a non-empty directory so the new write cannot start.
        let blocker = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: blocker + "/keep", withIntermediateDirectories: true)
        var second = first
        second.suites[0].cases.removeAll()
        XCTAssertThrowsError(try JUnitWriter.write(second, to: path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot write report to \(path): "), "\(error)")
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), earlier)
        XCTAssertTrue(FileManager.default.fileExists(atPath: blocker + "/keep"), "must not delete what it did not create")
        try FileManager.default.removeItem(atPath: blocker)

        // Now the write goes through and replaces the file completely.
        try JUnitWriter.write(second, to: path)
        XCTAssertEqual(try JUnitReader.read(path: path), second)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/nested/deeper"), ["report.xml"])
    }

    func testFailedRenameRemovesTempFile() throws {
        let dir = try makeTempDir()
        let path = dir + "/occupied"
        try FileManager.default.createDirectory(atPath: path + "/child", withIntermediateDirectories: true)
        XCTAssertThrowsError(try JUnitWriter.write(sampleReport(), to: path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["occupied"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "/child"))
    }

    /// A link is followed and kept: its target gets the report, atomically; the temporary
    /// file goes beside the target, and nothing else is left.
    func testALinkIsFollowedAndKept() throws {
        let dir = try makeTempDir()
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: URL(fileURLWithPath: dir + "/real/target.xml"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.xml", withDestinationPath: "real/target.xml")
        try FileManager.default.createSymbolicLink(atPath: dir + "/chain.xml", withDestinationPath: dir + "/link.xml")
        XCTAssertEqual(try ReportDestination.of(dir + "/chain.xml").get(), .file(dir + "/real/target.xml"))
        try JUnitWriter.write(sampleReport(), to: dir + "/chain.xml")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/chain.xml"), dir + "/link.xml")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.xml"), "real/target.xml")
        XCTAssertEqual(try JUnitReader.read(path: dir + "/real/target.xml"), sampleReport())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/real"), ["target.xml"])
        // A link into a directory that is not there is not made a directory: nothing but the
        // report's own file is created.
        try FileManager.default.createSymbolicLink(atPath: dir + "/far.xml", withDestinationPath: "missing/r.xml")
        XCTAssertThrowsError(try JUnitWriter.write(sampleReport(), to: dir + "/far.xml"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/missing"))
    }

    /// The names under which the kernel reaches a descriptor of this process, and no others.
    func testDescriptorNames() throws {
        XCTAssertEqual(try ReportDestination.of("/dev/stdout").get(), .descriptor(1))
        XCTAssertEqual(try ReportDestination.of("/dev/fd/2").get(), .descriptor(2))
        XCTAssertEqual(try ReportDestination.of("/proc/self/fd/7").get(), .descriptor(7))
        XCTAssertEqual(try ReportDestination.of("/proc/\(getpid())/fd/3").get(), .descriptor(3))
        XCTAssertEqual(try ReportDestination.of("/dev/null").get(), .inPlace("/dev/null"))
        XCTAssertEqual(try ReportDestination.of("fd/1").get(), .file("fd/1"))
        XCTAssertEqual(try ReportDestination.of("/tmp/dev/fd/1").get(), .file("/tmp/dev/fd/1"))
        XCTAssertThrowsError(try ReportDestination.of("/").get())
    }

    // MARK: - (5) round trip

    func testReadWriteRoundTrip() throws {
        let path = try makeTempDir() + "/round.xml"
        let report = sampleReport()
        try JUnitWriter.write(report, to: path)
        let back = try JUnitReader.read(path: path)
        XCTAssertEqual(back, report)
        XCTAssertEqual(back.suites.first?.cases.map(\.outcome), sampleCases.map(\.outcome))
    }

    func testReadReportsFileAndLineOfMalformedXML() throws {
        let dir = try makeTempDir()
        let path = dir + "/broken.xml"
        try Data("<?xml version=\"1.0\"?>\n<testsuites>\n<testsuite>\n</testsuites>\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try JUnitReader.read(path: path)) { error in
            guard case .malformed(let reported, let line, _)? = error as? JUnitError else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(reported, path)
            XCTAssertEqual(line, 4)
            XCTAssertTrue("\(error)".contains("\(path):4"), "\(error)")
        }
        let missing = dir + "/missing.xml"
        XCTAssertThrowsError(try JUnitReader.read(path: missing)) { error in
            XCTAssertEqual("\(error)", "cannot read report \(missing): No such file or directory")
        }
    }

    // MARK: - (6) merge

    func testMergeOfHalvesEqualsWhole() throws {
        let whole = sampleReport().suites[0]
        let cases = whole.cases
        let later = start.addingTimeInterval(30)
        let half1 = JUnitReport(suites: [
            JUnitSuite(name: whole.name, timestamp: later, hostname: "ci-host", time: 1.25,
                       properties: [JUnitProperty(name: "seed", value: "42"), JUnitProperty(name: "shard", value: "0/2")],
                       cases: [cases[3], cases[0]], systemOut: "one"),
        ])
        let half2 = JUnitReport(suites: [
            JUnitSuite(name: "Other", timestamp: later, hostname: "ci-host", time: 0.5,
                       cases: [JUnitCase(classname: "O", name: "o")]),
            JUnitSuite(name: whole.name, timestamp: start, hostname: "ci-host", time: 1.5,
                       properties: [JUnitProperty(name: "shard", value: "1/2"), JUnitProperty(name: "seed", value: "42"),
                                    JUnitProperty(name: "os", value: "linux")],
                       cases: [cases[2], cases[1]], systemOut: "two\n"),
        ])
        // Through files, as the `merge` command does.
        let dir = try makeTempDir()
        try JUnitWriter.write(half1, to: dir + "/shard-0.xml")
        try JUnitWriter.write(half2, to: dir + "/shard-1.xml")
        let merged = JUnitReader.merge([
            try JUnitReader.read(path: dir + "/shard-0.xml"),
            try JUnitReader.read(path: dir + "/shard-1.xml"),
        ])

        XCTAssertEqual(merged.suites.map(\.name), [whole.name, "Other"])
        let suite = merged.suites[0]
        let expected = cases.sorted { ($0.classname, $0.name) < ($1.classname, $1.name) }
        XCTAssertEqual(suite.cases, expected)
        XCTAssertEqual(suite.cases.map(\.outcome), expected.map(\.outcome))
        XCTAssertEqual([suite.tests, suite.failures, suite.errors, suite.skipped],
                       [whole.tests, whole.failures, whole.errors, whole.skipped])
        XCTAssertEqual(suite.properties, [JUnitProperty(name: "seed", value: "42"), JUnitProperty(name: "os", value: "linux")])
        XCTAssertEqual(suite.time, 2.75, accuracy: 1e-9)
        XCTAssertEqual(suite.timestamp, start)
        XCTAssertEqual(suite.systemOut, "one\ntwo\n")

        if let schema = try? schemaPath() {
            try JUnitWriter.write(merged, to: dir + "/merged.xml")
            XCTAssertEqual(try JUnitSchema.validationErrors(xml: dir + "/merged.xml", schema: schema), [])
        }
    }

    func testMergeKeepsFailedDuplicate() {
        let passed = JUnitCase(classname: "A", name: "x", time: 1)
        let failed = JUnitCase(classname: "A", name: "x", time: 2, outcome: .failure(message: "m", type: "t", text: ""))
        let skipped = JUnitCase(classname: "A", name: "y", outcome: .skipped(message: "later"))
        let errored = JUnitCase(classname: "A", name: "y", outcome: .error(message: "boom", type: "Crash", text: ""))
        let a = JUnitReport(suites: [JUnitSuite(name: "S", timestamp: start, cases: [passed, errored])])
        let b = JUnitReport(suites: [JUnitSuite(name: "S", timestamp: start, cases: [failed, skipped, passed])])
        let merged = JUnitReader.merge([a, b])
        XCTAssertEqual(merged.suites.count, 1)
        // Each case's time is the sum of its shards' (x ran in three parts: 1 + 2 + 1).
        var summed = failed
        summed.time = 4
        XCTAssertEqual(merged.suites.first?.cases, [summed, errored])
    }

    /// A check failed in several shards keeps the failure one run would show first: the
    /// shortest trace, then the shortest as found, then the first in text, in whatever order
    /// the shards come.
    func testMergeKeepsTheFailureOneRunShowsFirst() {
        func shard(_ message: String, _ trace: String) -> JUnitReport {
            JUnitReport(suites: [JUnitSuite(name: "verify", timestamp: start,
                                            properties: [JUnitProperty(name: JUnitReader.firstTraceProperty("no-leak"), value: trace)],
                                            cases: [JUnitCase(classname: "verify", name: "no-leak",
                                                              outcome: .failure(message: message, type: "t", text: message))])])
        }
        let long = shard("walk 2", "3 steps (found as 3): push c0 r1; pop c0; pop c0")
        let short = shard("walk 9", "2 steps (found as 12): push c0 r1; x; pop c0 (in small)")
        let tie = shard("walk 4", "2 steps (found as 9): push c0 r1; y; pop c0 (in small)")
        for order in [[long, short, tie], [tie, short, long], [short, long, tie]] {
            let merged = JUnitReader.merge(order).suites[0]
            XCTAssertEqual(merged.cases.first?.outcome, .failure(message: "walk 4", type: "t", text: "walk 4"))
            XCTAssertEqual(merged.properties.filter { $0.name.hasPrefix("first-trace.") }.map(\.value),
                           ["2 steps (found as 9): push c0 r1; y; pop c0 (in small)"])
        }
        XCTAssertTrue(JUnitReader.traceOrder("9 steps (found as 20): z", "10 steps (found as 10): a"), "by steps")
        XCTAssertTrue(JUnitReader.traceOrder("2 steps (found as 9): z", "2 steps (found as 10): a"), "then by steps as found, then text")
    }

    /// A case passed in one shard and skipped in another passed: a `sometimes` property one
    /// shard never reached was reached by another. Skipped in every shard, it stays skipped.
    func testMergePrefersAPassOverASkip() {
        let skipped = JUnitCase(classname: "E", name: "deep", time: 0.5, outcome: .skipped(message: "never reached"))
        let passed = JUnitCase(classname: "E", name: "deep", time: 0.25)
        let alone = JUnitCase(classname: "E", name: "rare", time: 0.5, outcome: .skipped(message: "never reached"))
        let a = JUnitReport(suites: [JUnitSuite(name: "E", timestamp: start, cases: [skipped, alone])])
        let b = JUnitReport(suites: [JUnitSuite(name: "E", timestamp: start, cases: [passed, alone])])
        for order in [[a, b], [b, a]] {
            let cases = JUnitReader.merge(order).suites[0].cases
            XCTAssertEqual(cases.map(\.name), ["deep", "rare"])
            XCTAssertEqual(cases[0].outcome, .passed)
            XCTAssertEqual(cases[0].time, 0.75, accuracy: 1e-9)
            XCTAssertTrue(cases[1].outcome.isSkipped)
        }
    }

    /// Verification shards say which `sometimes` properties they looked for and reached; the
    /// merge fails those that no shard reached, and only those, and drops the two properties.
    func testMergeDecidesNeverReachedOnTheUnion() {
        func shard(_ i: Int, looked: String, reached: String) -> JUnitReport {
            JUnitReport(suites: [JUnitSuite(name: "verify", timestamp: start, time: 1, properties: [
                JUnitProperty(name: "shard", value: "\(i)/2"), JUnitProperty(name: JUnitReader.lookedForProperty, value: looked),
                JUnitProperty(name: JUnitReader.reachedProperty, value: reached),
            ], cases: [JUnitCase(classname: "verify", name: "no-crash", time: 0.5)])])
        }
        let merged = JUnitReader.merge([shard(0, looked: "a,b,c", reached: "a"), shard(1, looked: "b,d", reached: "b")])
        let suite = merged.suites[0]
        XCTAssertEqual(suite.cases.filter(\.outcome.isFailed).map(\.name), ["c", "d"])
        XCTAssertEqual(suite.cases.first { $0.name == "c" }, .neverReached(suite: "verify", property: "c"))
        XCTAssertEqual(suite.properties, [])
        XCTAssertEqual(suite.cases.first { $0.name == "no-crash" }?.time ?? 0, 1, accuracy: 1e-9)
        // Everything reached somewhere: nothing fails.
        let fine = JUnitReader.merge([shard(0, looked: "a,b", reached: "a"), shard(1, looked: "a,b", reached: "b")])
        XCTAssertEqual(fine.suites[0].failures, 0)
        // A shard that stopped early says nothing: the merge cannot decide, and fails nothing.
        var stopped = shard(1, looked: "b", reached: "")
        stopped.suites[0].properties.removeAll { $0.name == JUnitReader.reachedProperty }
        XCTAssertEqual(JUnitReader.merge([shard(0, looked: "a,b,c", reached: "a"), stopped]).suites[0].failures, 0)
    }

    // MARK: - (7) formats

    func testTimestampHasNoZoneOrFraction() throws {
        XCTAssertEqual(JUnitWriter.formatTimestamp(Date(timeIntervalSince1970: 1_709_210_096.789)), "2024-02-29T12:34:56")
        XCTAssertEqual(JUnitWriter.formatTimestamp(Date(timeIntervalSince1970: 0.999)), "1970-01-01T00:00:00")
        XCTAssertEqual(JUnitWriter.formatTimestamp(Date(timeIntervalSince1970: -0.5)), "1969-12-31T23:59:59")
        XCTAssertEqual(JUnitWriter.formatTimestamp(Date.distantFuture), "4001-01-01T00:00:00")
        // Out-of-range years are clamped so the year always has exactly four digits.
        XCTAssertEqual(JUnitWriter.formatTimestamp(Date(timeIntervalSince1970: 1e13)), "9999-12-31T23:59:59")
        XCTAssertEqual(JUnitWriter.formatTimestamp(Date(timeIntervalSince1970: -1e13)), "0001-01-01T00:00:00")

        let xml = String(decoding: try JUnitWriter.xmlBytes(sampleReport()), as: UTF8.self)
        let stamps = try NSRegularExpression(pattern: #"timestamp="([^"]*)""#)
            .matches(in: xml, range: NSRange(xml.startIndex..., in: xml))
            .compactMap { Range($0.range(at: 1), in: xml).map { String(xml[$0]) } }
        XCTAssertEqual(stamps, ["2023-11-14T22:13:20", "2023-11-14T22:13:20"])
    }

    /// The zone the schema's timestamp cannot carry is in the suite's first property, derived
    /// from the timestamp whatever the properties say; read back, it is left out again.
    func testTheTimestampWithItsZoneIsASuiteProperty() throws {
        var report = sampleReport()
        report.suites[0].properties.insert(JUnitProperty(name: "timestamp", value: "stale"), at: 0)
        let xml = String(decoding: try JUnitWriter.xmlBytes(report), as: UTF8.self)
        XCTAssertTrue(xml.contains("<properties>\n      <property name=\"timestamp\" value=\"2023-11-14T22:13:20Z\"/>\n      <property name=\"seed\""), xml)
        XCTAssertFalse(xml.contains("stale"))
        XCTAssertEqual(xml.components(separatedBy: #"value="2023-11-14T22:13:20Z""#).count - 1, 2, "every suite has it")
        let path = try makeTempDir() + "/zoned.xml"
        try JUnitWriter.write(sampleReport(), to: path)
        XCTAssertEqual(try JUnitReader.read(path: path), sampleReport())
        if let schema = try? schemaPath() { XCTAssertEqual(try JUnitSchema.validationErrors(xml: path, schema: schema), []) }
    }

    func testTimesAreFixedPointDecimals() throws {
        XCTAssertEqual(JUnitWriter.formatTime(0.00001), "0.000")
        XCTAssertEqual(JUnitWriter.formatTime(12345.6789), "12345.679")
        XCTAssertEqual(JUnitWriter.formatTime(1), "1.000")
        XCTAssertEqual(JUnitWriter.formatTime(0.05), "0.050")
        XCTAssertEqual(JUnitWriter.formatTime(-3), "0.000")
        XCTAssertEqual(JUnitWriter.formatTime(.nan), "0.000")
        XCTAssertEqual(JUnitWriter.formatTime(.infinity), "0.000")
        XCTAssertFalse(JUnitWriter.formatTime(1e20).contains("e"))

        let report = JUnitReport(suites: [JUnitSuite(
            name: "T", timestamp: start, time: 1e-7,
            cases: [JUnitCase(classname: "c", name: "tiny", time: 0.00001),
                    JUnitCase(classname: "c", name: "long", time: 12345.6789),
                    JUnitCase(classname: "c", name: "nan", time: .nan)])])
        let xml = String(decoding: try JUnitWriter.xmlBytes(report), as: UTF8.self)
        let times = try NSRegularExpression(pattern: #" time="([^"]*)""#)
            .matches(in: xml, range: NSRange(xml.startIndex..., in: xml))
            .compactMap { Range($0.range(at: 1), in: xml).map { String(xml[$0]) } }
        XCTAssertEqual(times, ["0.000", "0.000", "12345.679", "0.000"])
    }
}
