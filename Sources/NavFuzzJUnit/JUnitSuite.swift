import Foundation
@_spi(Engine) import NavFuzzKit

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
