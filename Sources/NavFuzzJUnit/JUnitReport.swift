import Foundation
@_spi(Engine) import NavFuzzKit

/// A JUnit XML report: the `<testsuites>` root.
/// Plain values, so a run can build it up and the writer/reader/merger stay free of state.
package struct JUnitReport: Sendable, Equatable {
    package var suites: [JUnitSuite]
    /// Write each case's `file` (and `line="1"`) as attributes. Off by default: the strict
    /// schema has no such attributes.
    package var fileAttributes = false

    package init(suites: [JUnitSuite] = []) {
        self.suites = suites
    }
}

/// One `<property name value>` of a suite (e.g. seed, shard, toolchain).
package struct JUnitProperty: Sendable, Equatable, Hashable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One `<testsuite>`. The counters are computed from `cases` so they can never disagree with
/// the emitted `<testcase>` elements.
package struct JUnitSuite: Sendable, Equatable {
    package var name: String
    /// When the suite started; written in UTC, whole seconds.
    package var timestamp: Date
    package var hostname: String
    /// Wall-clock seconds for the whole suite (stored, not summed: suites may run cases in parallel).
    package var time: Double
    package var properties: [JUnitProperty]
    package var cases: [JUnitCase]
    package var systemOut: String
    package var systemErr: String

    package init(
        name: String,
        timestamp: Date = Date(),
        hostname: String = JUnitSuite.localHostname(),
        time: Double = 0,
        properties: [JUnitProperty] = [],
        cases: [JUnitCase] = [],
        systemOut: String = "",
        systemErr: String = ""
    ) {
        self.name = name
        self.timestamp = timestamp
        self.hostname = hostname
        self.time = time
        self.properties = properties
        self.cases = cases
        self.systemOut = systemOut
        self.systemErr = systemErr
    }

    /// The property the writer gives every suite: its timestamp with its zone
    /// (`2026-12-03T13:07:00Z`), derived from `timestamp`, so a reader leaves it out.
    package static let zonedTimestampProperty = "timestamp"

    package var tests: Int { cases.count }
    package var failures: Int { cases.count(where: { $0.outcome.isFailure }) }
    package var errors: Int { cases.count(where: { $0.outcome.isError }) }
    package var skipped: Int { cases.count(where: { $0.outcome.isSkipped }) }

    /// This machine's host name, or "localhost" when it cannot be determined (the schema
    /// requires a non-empty hostname).
    package static func localHostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let bytes = buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
        let name = String(decoding: bytes, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}

/// One `<testcase>`.
package struct JUnitCase: Sendable, Equatable {
    /// What happened to the case; at most one of failure/error/skipped is emitted.
    package enum Outcome: Sendable, Equatable {
        case passed
        /// An assertion failed (the check found a wrong result).
        case failure(message: String, type: String, text: String)
        /// The case could not run properly (crash, timeout, harness problem).
        case error(message: String, type: String, text: String)
        case skipped(message: String)

        package var isFailure: Bool { if case .failure = self { true } else { false } }
        package var isError: Bool { if case .error = self { true } else { false } }
        package var isSkipped: Bool { if case .skipped = self { true } else { false } }
        /// Failure or error: the case did not pass and was not skipped.
        package var isFailed: Bool { isFailure || isError }
    }

    package var classname: String
    package var name: String
    /// Seconds spent in this case.
    package var time: Double
    package var outcome: Outcome
    /// The file to open for this case (a corpus file, a saved failing trace), written as the
    /// `file` and `line` attributes that GitLab and others link. Outside the strict schema, so
    /// written only when a report asks for it (`JUnitReport.fileAttributes`).
    package var file: String?

    package init(classname: String, name: String, time: Double = 0, outcome: Outcome = .passed) {
        self.classname = classname
        self.name = name
        self.time = time
        self.outcome = outcome
    }
}

/// Errors from writing, reading or validating a report. `description` is one line naming the
/// file and the reason, so a CLI can print it as is.
package enum JUnitError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    /// The file is not well-formed XML or not shaped like a JUnit report; `line` is 0 if unknown.
    case malformed(path: String, line: Int, reason: String)
    /// The file does not match the schema; `errors` holds libxml2's messages.
    case invalid(path: String, errors: [String])
    /// libxml2's writer failed while building the document in memory.
    case xmlWriter(reason: String)

    package var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            return "cannot write report to \(path): \(reason)"
        case let .cannotRead(path, reason):
            return "cannot read report \(path): \(reason)"
        case let .malformed(path, line, reason):
            let place = line > 0 ? "\(path):\(line)" : path
            return "malformed report \(place): \(reason)"
        case let .invalid(path, errors):
            let first = errors.first ?? "unknown schema error"
            let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
            return "report \(path) does not match the schema: \(first)\(more)"
        case let .xmlWriter(reason):
            return "cannot build report XML: \(reason)"
        }
    }
}

extension JUnitCase {
    /// A verification's failed case for a `sometimes` property no step reached: a run that never
    /// got there did not test it. Made by the verifying run, or by `merge` from its shards.
    package static func neverReached(suite: String, property: String) -> JUnitCase {
        let message = "\(property): never reached, so the run did not test it"
        return JUnitCase(classname: suite, name: property, time: 0, outcome: .failure(message: message, type: "sometimes", text: message))
    }
}
