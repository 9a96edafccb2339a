import Foundation
@_spi(Engine) import NavFuzzKit

/// One activity of a run — replaying the corpus, exploring a preset, fuzzing, verifying — as
/// both a JUnit suite (one test case per invariant or corpus file) and lines for people.
package struct Activity: Sendable {
    /// The suite name: `corpus`, `explore.small`, `fuzz`, …
    package var name: String
    package var seconds: Double
    package var properties: [JUnitProperty]
    package var cases: [JUnitCase]
    /// One line for the summary.
    package var summary: String
    /// Everything a person needs for each failure: trace, states, replay command.
    package var failureTexts: [String]
    package var systemOut: String
    package var systemErr: String
    /// Why the activity could not do what it was asked (its report says so in an error case):
    /// the run is reported, then ends with this as its error (exit code 2).
    package var error: String?

    package init(name: String, seconds: Double, properties: [JUnitProperty], cases: [JUnitCase], summary: String,
                failureTexts: [String] = [], systemOut: String = "", systemErr: String = "", error: String? = nil) {
        self.name = name; self.seconds = seconds; self.properties = properties; self.cases = cases
        self.summary = summary; self.failureTexts = failureTexts; self.systemOut = systemOut; self.systemErr = systemErr
        self.error = error
    }

    package var failed: Bool { cases.contains { $0.outcome.isFailed } }

    package func suite(timestamp: Date) -> JUnitSuite {
        JUnitSuite(name: name, timestamp: timestamp, time: seconds, properties: properties, cases: cases,
                   systemOut: systemOut, systemErr: systemErr)
    }

    /// One case per property: failed with the violation's reason and trace, or passed; each
    /// with an equal share of `seconds`. A `sometimes` property never reached is judged by the
    /// one rule of `Unreached`.
    package static func propertyCases(suite: String, names: [(name: String, kind: PropertyKind)],
                                     failures: [String: (reason: String, text: String)], unreached: Unreached = Unreached(),
                                     seconds: Double) -> [JUnitCase] {
        // The properties are checked together: each case gets an equal share of the time, so
        // that clients adding case times up (GitLab, Jenkins, junitparser) get the suite's.
        let seconds = names.isEmpty ? 0 : seconds / Double(names.count)
        return names.map { p in
            if let f = failures[p.name] {
                return JUnitCase(classname: suite, name: p.name, time: seconds,
                                 outcome: .failure(message: "\(p.name): \(f.reason)", type: p.kind.rawValue, text: f.text))
            }
            if p.kind == .sometimes, let outcome = unreached.outcome(of: p.name) {
                return JUnitCase(classname: suite, name: p.name, time: seconds, outcome: outcome)
            }
            return JUnitCase(classname: suite, name: p.name, time: seconds, outcome: .passed)
        }
    }
}

extension JUnitReport {
    package init(activities: [Activity], timestamp: Date = Date()) {
        self.init(suites: activities.map { $0.suite(timestamp: timestamp) })
    }
}
