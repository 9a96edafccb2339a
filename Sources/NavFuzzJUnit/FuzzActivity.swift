import Foundation
@_spi(Engine) import NavFuzzKit

/// Fuzzing as an activity: a case per property, the seed and budget as suite properties.
extension Activity {
    package static func fuzzing<M: FuzzableMachine & ShrinkableMachine & DescribedMachine>(
        name: String, machine: M, report: FuzzReport<M>, settings: [JUnitProperty],
        render: (FuzzFailure<M>) -> String
    ) -> Activity {
        var failures: [String: (reason: String, text: String)] = [:]
        var texts: [String] = []
        for f in report.failures {
            let text = render(f)
            failures[f.property] = (f.shrunk.reason, text)
            texts.append(text)
        }
        let names = machine.properties.map { ($0.name, $0.kind) }
        let invariants = names.count { $0.1 != .sometimes }
        var summary = "\(name): seed \(report.seed), \(Figures.count(report.walks)) walks of up to \(report.walkLength) steps, "
            + "\(Figures.count(report.steps)) steps, \(Figures.seconds(report.seconds)), \(Figures.rate(report.stepsPerSecond)) steps/s — "
            + (report.failures.isEmpty ? "all \(invariants) invariants hold"
                : "\(Set(report.failures.map(\.property)).count) of \(invariants) invariants violated")
        if !report.unreached.isEmpty { summary += " — never reached: \(report.unreached.joined(separator: ", "))" }
        let properties = settings + [
            JUnitProperty(name: "seed", value: String(report.seed)),
            JUnitProperty(name: "walks", value: String(report.walks)),
            JUnitProperty(name: "walk-length", value: String(report.walkLength)),
            JUnitProperty(name: "steps", value: String(report.steps)),
        ]
        return Activity(name: name, seconds: report.seconds, properties: properties,
                        cases: propertyCases(suite: name, names: names, failures: failures, unreached: report.unreached,
                                             seconds: report.seconds),
                        summary: summary, failureTexts: texts, systemOut: report.text(machine, timings: false))
    }

    /// Corpus replay as an activity: a case per file, named by its path relative to the
    /// working directory however it was typed (`Corpus/x`, `./Corpus/x` and the absolute path
    /// are one case), so that CI keeps one history per file.
    package static func corpus(name: String, results: [CorpusResult], seconds: Double,
                              settings: [JUnitProperty], render: (CorpusResult) -> String) -> Activity {
        var cases: [JUnitCase] = []
        var texts: [String] = []
        for r in results {
            let time = seconds / Double(max(results.count, 1))
            if r.passed {
                cases.append(JUnitCase(classname: name, name: caseName(r.path), time: time))
            } else {
                let text = render(r)
                texts.append(text)
                let first = r.violations.first
                let message = first.map { "\($0.property): \($0.reason)" } ?? "expected \(r.expectation), but every property held"
                cases.append(JUnitCase(classname: name, name: caseName(r.path), time: time,
                                       outcome: .failure(message: message, type: first?.kind.rawValue ?? "expectation", text: text)))
            }
        }
        let failed = results.filter { !$0.passed }.count
        let summary = "\(name): \(results.count) files replayed, \(Figures.seconds(seconds)) — "
            + (failed == 0 ? "every expectation met" : "\(failed) failed")
        return Activity(name: name, seconds: seconds, properties: settings + [JUnitProperty(name: "files", value: String(results.count))],
                        cases: cases, summary: summary, failureTexts: texts)
    }
}

/// A corpus file's path as a case name: standardized, and relative to the working directory
/// when it lies below it.
func caseName(_ path: String) -> String {
    let full = URL(fileURLWithPath: path).standardizedFileURL.path
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    return full.hasPrefix(here + "/") ? String(full.dropFirst(here.count + 1)) : full
}
