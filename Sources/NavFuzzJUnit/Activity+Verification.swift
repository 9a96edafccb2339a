@_spi(Engine) import CoordinatorModel
import Foundation
@_spi(Engine) import NavFuzzKit

/// A verification as an activity: a case per check, the run's figures as suite properties.
extension Activity {
    /// `texts`: each failing group of the report as the run showed it; `caseTexts`: what each
    /// failing check's case carries; `corpusNote` starts the summary; `error`: why the
    /// implementation could not be verified, which makes the suite one error case beside the
    /// failures found before it.
    package static func verification(name: String, report: VerificationReport, settings: [JUnitProperty], texts: [String],
                                     caseTexts: [Check: String], corpusNote: String, error: String?) -> Activity {
        var cases: [JUnitCase] = []
        // The checks run together: each case gets an equal share of the time (see propertyCases).
        let share = report.seconds / Double(Check.all.count)
        for check in Check.all {
            if let f = report.failures(check).first {
                cases.append(JUnitCase(classname: name, name: check.name, time: share,
                                       outcome: .failure(message: "\(check): \(f.reason)", type: Invariant.named(check.name)?.kind.rawValue ?? "conformance",
                                                         text: caseTexts[check] ?? f.text)))
            } else {
                cases.append(JUnitCase(classname: name, name: check.name, time: share, outcome: .passed))
            }
        }
        for property in SometimesProperty.all.map(\.name) where report.unreached.contains(property) {
            cases.append(.neverReached(suite: name, property: property))
        }
        // What could not run is a skipped case; a run that stopped early fails one of its own.
        for s in report.skipped { cases.append(JUnitCase(classname: name, name: s.name, time: 0, outcome: .skipped(message: s.reason))) }
        if let stopped = report.stoppedEarly {
            let message = "stopped early, so not everything was tested: \(stopped)"
            cases.append(JUnitCase(classname: name, name: "ran-to-the-end", time: 0,
                                   outcome: .failure(message: message, type: "stopped-early", text: message)))
        }
        var summary = summaryLine(name, report, corpusNote: corpusNote)
        if let error {
            // What ran before the error keeps its failures; nothing else may read as held.
            cases = cases.filter(\.outcome.isFailed)
                + [JUnitCase(classname: name, name: "verified", time: 0, outcome: .error(message: error, type: "not-verified", text: report.text))]
            summary = "\(name): NOT VERIFIED — \(error)"
        }
        var properties = settings + [
            JUnitProperty(name: "walks", value: String(report.walks)),
            JUnitProperty(name: "steps", value: String(report.steps)),
            JUnitProperty(name: "replayed-steps", value: String(report.replayedSteps)),
            JUnitProperty(name: "position-goals", value: String(report.positionGoals)),
            JUnitProperty(name: "positions-taken", value: String(report.positionsTaken)),
        ]
        // Each failing check's first trace, for `merge` to keep the one a single run shows.
        for check in Check.all {
            guard let f = report.failures(check).first else { continue }
            properties.append(JUnitProperty(name: JUnitReader.firstTraceProperty(check.name), value: f.orderKey))
        }
        if let (lookedFor, reached) = report.shardSometimes {
            properties += [JUnitProperty(name: JUnitReader.lookedForProperty, value: lookedFor.joined(separator: ",")),
                           JUnitProperty(name: JUnitReader.reachedProperty, value: reached.joined(separator: ","))]
        }
        return Activity(name: name, seconds: report.seconds, properties: properties, cases: cases, summary: summary,
                        failureTexts: texts, systemOut: report.text, systemErr: report.diagnostics, error: error)
    }

    /// The verdict in one line: steps, speed, checks broken, and what did not run.
    private static func summaryLine(_ name: String, _ report: VerificationReport, corpusNote: String) -> String {
        let broken = Set(report.failures.map(\.check)).count
        var summary = "\(name): " + corpusNote + "\(report.steps) steps checked, \(Figures.seconds(report.seconds)), "
            + "\(Figures.rate(report.stepsPerSecond)) steps/s — "
            + (broken == 0 ? "all \(Check.all.count) checks hold" : "\(broken) of \(Check.all.count) checks broken")
        if report.stoppedEarly != nil { summary += " — STOPPED EARLY" }
        if !report.skipped.isEmpty { summary += " — skipped: \(report.skipped.map(\.name).joined(separator: ", "))" }
        summary += Unreached(names: report.unreached).summary
        if !report.expected.isEmpty { summary += " — \(report.expected.count) expected by the baseline" }
        if !report.staleBaseline.isEmpty { summary += " — \(report.staleBaseline.count) baseline entries no longer occur" }
        if let first = report.firstFailureSeconds, broken > 0 { summary += String(format: " (first failure after %.2f s)", first) }
        return summary
    }
}
