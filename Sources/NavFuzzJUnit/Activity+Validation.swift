@_spi(Engine) import CoordinatorModel
import Foundation
@_spi(Engine) import NavFuzzKit

/// Validating recordings as an activity: one case per recording (docs/VALIDATE.md).
extension Activity {
    /// `texts`: each diverging recording's failure as the run shows it, by path. A recording
    /// that cannot be read is an error case, and the run's error: nothing it did not check may
    /// read as held.
    package static func validation(name: String, results: [RecordingResult], seconds: Double, texts: [String: String]) -> Activity {
        // The recordings are checked one after another; each case gets an equal share of the time.
        let share = results.isEmpty ? 0 : seconds / Double(results.count)
        let cases = results.map { r -> JUnitCase in
            if let d = r.divergence, let first = d.failures.first {
                let kind = Invariant.named(first.check.name)?.kind.rawValue ?? "conformance"
                return JUnitCase(classname: name, name: r.path, time: share,
                                 outcome: .failure(message: "\(first.check): \(first.reason) (line \(d.line))", type: kind,
                                                   text: texts[r.path] ?? ConformanceFailure.text(d.failures)))
            }
            if let why = r.unreadable {
                return JUnitCase(classname: name, name: r.path, time: share,
                                 outcome: .error(message: why, type: "unreadable-recording",
                                                 text: "\(why)\nthe \(r.events) events before it conform to the model"))
            }
            if let why = r.undecided {
                // Not a pass: what could not be judged is a skipped case, with its reason.
                return JUnitCase(classname: name, name: r.path, time: share,
                                 outcome: .skipped(message: "the \(r.events) events before conform; not judged from \(why)"))
            }
            return JUnitCase(classname: name, name: r.path, time: share, outcome: .passed)
        }
        let events = results.reduce(0) { $0 + $1.events }
        let diverged = results.filter { $0.divergence != nil }.count
        let unreadable = results.compactMap(\.unreadable)
        var summary = "\(name): \(results.count) recording\(results.count == 1 ? "" : "s"), \(events) events checked, "
            + "\(Figures.seconds(seconds)), \(Figures.rate(seconds > 0 ? Double(events) / seconds : 0)) events/s — "
            + (diverged == 0 ? "every recording conforms" : "\(diverged) diverged from the model")
        let undecided = results.filter { $0.undecided != nil }.count
        if undecided > 0 { summary += " — \(undecided) not judged to the end" }
        var error: String?
        if let first = unreadable.first {
            summary += " — \(unreadable.count) could not be read"
            error = first + (unreadable.count > 1 ? " (and \(unreadable.count - 1) more recordings could not be read)" : "")
        }
        let properties = [JUnitProperty(name: "recordings", value: String(results.count)),
                          JUnitProperty(name: "events", value: String(events))]
        return Activity(name: name, seconds: seconds, properties: properties, cases: cases, summary: summary,
                        failureTexts: results.compactMap { r in r.divergence == nil ? nil : texts[r.path] }, error: error)
    }
}
