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

/// Numbers for people: `1,234,567`, `3.2M`, `0.41 s`.
package enum Figures {
    package static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }

    package static func rate(_ perSecond: Double) -> String {
        switch perSecond {
        case 1e6...: String(format: "%.2fM", perSecond / 1e6)
        case 1e3...: String(format: "%.1fK", perSecond / 1e3)
        default: String(format: "%.0f", perSecond)
        }
    }

    package static func seconds(_ s: Double) -> String { String(format: "%.2f s", s) }

    package static func bytes(_ b: Int) -> String {
        b >= 1 << 20 ? String(format: "%.1f MiB", Double(b) / 1048576) : String(format: "%.1f KiB", Double(b) / 1024)
    }
}

/// The one rule for a `sometimes` property a run never reached (docs/SEMANTICS.md §5.3), in
/// explore, fuzz and verify alike: it fails (the run did not test it), unless it cannot come
/// about within the run's bounds, or the run cannot decide alone (a shard, which `merge`
/// decides; a run stopped before its end): then it is skipped with the reason.
package struct Unreached: Sendable {
    /// The properties never reached.
    package var names: [String] = []
    /// Why a property cannot come about in this run, by name.
    package var impossible: [String: String] = [:]
    /// Why the run cannot decide alone, or nil.
    package var undecided: String?

    package init(names: [String] = [], impossible: [String: String] = [:], undecided: String? = nil) {
        self.names = names; self.impossible = impossible; self.undecided = undecided
    }

    /// The case's outcome for `name`; nil when it was reached.
    package func outcome(of name: String) -> JUnitCase.Outcome? {
        guard names.contains(name) else { return nil }
        if let why = impossible[name] { return .skipped(message: "\(name): cannot come about in this run: \(why)") }
        if let undecided { return .skipped(message: "\(name): \(undecided)") }
        return JUnitCase.neverReached(suite: "", property: name).outcome
    }

    /// The properties that fail.
    package var failing: [String] { undecided == nil ? names.filter { impossible[$0] == nil } : [] }

    /// The summary's words, one wording in every command: what failed, what waits.
    package var summary: String {
        var out = ""
        if !failing.isEmpty { out += " — never reached, so not tested: \(failing.joined(separator: ", "))" }
        if let undecided {
            let waiting = names.filter { impossible[$0] == nil }
            if !waiting.isEmpty { out += " — \(waiting.joined(separator: ", ")): \(undecided)" }
        }
        return out
    }

    /// A shard's `sometimes` properties for `merge`: those it looked for (all that can come
    /// about) and those it reached.
    package func shardProperties(all: [String]) -> [JUnitProperty] {
        let looked = all.filter { impossible[$0] == nil }
        return [JUnitProperty(name: JUnitReader.lookedForProperty, value: looked.joined(separator: ",")),
                JUnitProperty(name: JUnitReader.reachedProperty, value: looked.filter { !names.contains($0) }.joined(separator: ","))]
    }
}
