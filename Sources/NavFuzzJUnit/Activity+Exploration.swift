import Foundation
@_spi(Engine) import NavFuzzKit

/// An exploration as an activity: a case per property, the statistics as suite properties.
extension Activity {
    /// `texts`: each violation of the report as the run showed it, in the report's order;
    /// `sometimes`: what cannot come about here and whether the run decides alone (a shard).
    package static func exploration<M: ExplorableMachine>(
        name: String, machine: M, report: ExplorationReport<M>, settings: [JUnitProperty], texts: [String],
        sometimes: Unreached = Unreached()
    ) -> Activity {
        var sometimes = sometimes
        sometimes.names = report.unreached
        if let partial = report.partial, sometimes.undecided == nil {
            sometimes.undecided = "not reached before the exploration stopped (\(partial.asOptions))"
        }
        var failures: [String: (reason: String, text: String)] = [:]
        for (v, text) in zip(report.violations, texts) { failures[v.property] = (v.reason, text) }
        let names = machine.properties.map { ($0.name, $0.kind) }
        let invariants = names.count { $0.1 != .sometimes }
        let held = invariants - report.violations.count
        var summary = "\(name): \(Figures.count(report.states)) states, \(Figures.count(report.transitions)) transitions "
            + "(\(Figures.count(report.refused)) refused), depth \(report.depth), \(Figures.seconds(report.seconds)), "
            + "\(Figures.rate(report.statesPerSecond)) states/s, \(Figures.rate(report.transitionsPerSecond)) transitions/s, "
            + "\(Figures.bytes(peakResidentBytes())) peak, "
            + String(format: "%.1f B/state, collision p ≈ %.1e", report.bytesPerState, report.collisionProbability)
        summary += report.violations.isEmpty ? " — all \(invariants) invariants hold"
            : " — \(report.violations.count) of \(invariants) invariants violated, \(held) hold"
        summary += sometimes.summary
        if let partial = report.partial { summary += " — PARTIAL: \(partial.asOptions)" }
        var properties = settings + [
            JUnitProperty(name: "states", value: String(report.states)),
            JUnitProperty(name: "transitions", value: String(report.transitions)),
            JUnitProperty(name: "refused", value: String(report.refused)),
            JUnitProperty(name: "depth", value: String(report.depth)),
            JUnitProperty(name: "complete", value: report.partial == nil ? "true" : "false"),
        ]
        if sometimes.undecided != nil && report.partial == nil {
            properties += sometimes.shardProperties(all: names.filter { $0.1 == .sometimes }.map(\.0))
        }
        var cases = propertyCases(suite: name, names: names, failures: failures, unreached: sometimes, seconds: report.seconds)
        if let partial = report.partial {
            // A partial exploration says so in CI rather than passing quietly.
            cases.append(JUnitCase(classname: name, name: "complete", time: 0, outcome: .skipped(message: partial.asOptions)))
        }
        return Activity(name: name, seconds: report.seconds, properties: properties, cases: cases, summary: summary,
                        failureTexts: texts)
    }
}

#if os(Linux)
private let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
#else
private let RUSAGE_SELF_WHO = RUSAGE_SELF
#endif

/// The process's peak resident memory in bytes, so far.
func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF_WHO, &usage)
    #if os(Linux)
    return usage.ru_maxrss * 1024
    #else
    return usage.ru_maxrss
    #endif
}

extension StopReason {
    /// The reason in the command line's words, naming the option that set the limit.
    var asOptions: String {
        switch self {
        case .maxStates(let n): "--max-states \(n) reached"
        case .maxSeconds(let s): "--max-seconds \(s) reached"
        case .stopped: description
        }
    }
}
