import Foundation
@_spi(Engine) import NavFuzzKit

/// Fuzzing as an activity: a case per property, the seed and budget as suite properties.
extension Activity {
    /// `texts`: each failure of the report as the run showed it, in the report's order.
    package static func fuzzing<M: FuzzableMachine & ShrinkableMachine & DescribedMachine>(
        name: String, machine: M, report: FuzzReport<M>, settings: [JUnitProperty], texts: [String],
        sometimes: Unreached = Unreached()
    ) -> Activity {
        var sometimes = sometimes
        sometimes.names = report.unreached
        var failures: [String: (reason: String, text: String)] = [:]
        for (f, text) in zip(report.failures, texts) { failures[f.property] = (f.shrunk.reason, text) }
        let names = machine.properties.map { ($0.name, $0.kind) }
        let invariants = names.count { $0.1 != .sometimes }
        var summary = "\(name): seed \(report.seed), \(Figures.count(report.walks)) walks of up to \(report.walkLength) steps, "
            + "\(Figures.count(report.steps)) steps, \(Figures.seconds(report.seconds)), \(Figures.rate(report.stepsPerSecond)) steps/s — "
            + (report.failures.isEmpty ? "all \(invariants) invariants hold"
                : "\(Set(report.failures.map(\.property)).count) of \(invariants) invariants violated")
        summary += sometimes.summary
        var properties = settings + [
            JUnitProperty(name: "seed", value: String(report.seed)),
            JUnitProperty(name: "walks", value: String(report.walks)),
            JUnitProperty(name: "walk-length", value: String(report.walkLength)),
            JUnitProperty(name: "steps", value: String(report.steps)),
        ]
        if sometimes.undecided != nil { properties += sometimes.shardProperties(all: names.filter { $0.1 == .sometimes }.map(\.0)) }
        return Activity(name: name, seconds: report.seconds, properties: properties,
                        cases: propertyCases(suite: name, names: names, failures: failures, unreached: sometimes,
                                             seconds: report.seconds),
                        summary: summary, failureTexts: texts, systemOut: report.text(machine, timings: false))
    }

    /// Corpus replay as an activity: a case per file, named by its path relative to the
    /// working directory however it was typed (`Corpus/x`, `./Corpus/x` and the absolute path
    /// are one case), so that CI keeps one history per file. A failing file's message is the
    /// expectation it broke and what happened instead; a file whose name is not UTF-8
    /// (`misnamed`, written out) is a case in error, so that a run reports it and goes on.
    /// `texts`: each failing file as the run showed it, by path; `misnamedText` shows a
    /// misnamed one.
    package static func corpus(name: String, results: [CorpusResult], misnamed: [String] = [], seconds: Double,
                              settings: [JUnitProperty], texts failing: [String: String],
                              misnamedText: (_ path: String) -> String = { "FAIL \($0): \(misnamedMessage)" }) -> Activity {
        var cases: [JUnitCase] = []
        var texts: [String] = []
        let time = seconds / Double(max(results.count, 1))
        for r in results {
            if r.passed {
                cases.append(JUnitCase(classname: name, name: caseName(r.path), time: time))
            } else {
                let text = failing[r.path] ?? r.summary
                texts.append(text)
                cases.append(JUnitCase(classname: name, name: caseName(r.path), time: time,
                                       outcome: .failure(message: r.verdict, type: r.violations.first?.kind.rawValue ?? "expectation",
                                                         text: text)))
            }
        }
        for path in misnamed {
            let message = misnamedMessage
            texts.append(misnamedText(path))
            cases.append(JUnitCase(classname: name, name: caseName(path), time: 0,
                                   outcome: .error(message: message, type: "file-name", text: "\(path): \(message)")))
        }
        let failed = cases.filter { $0.outcome.isFailed }.count
        let summary = "\(name): \(results.count) files replayed, \(Figures.seconds(seconds)) — "
            + (failed == 0 ? "every expectation met" : "\(failed) failed")
        return Activity(name: name, seconds: seconds, properties: settings + [JUnitProperty(name: "files", value: String(results.count))],
                        cases: cases, summary: summary, failureTexts: texts)
    }

    /// What a corpus file whose name is not UTF-8 is told.
    package static let misnamedMessage = "the file name is not UTF-8, so NavFuzz cannot name it in a report or a replay command: rename it"
}

/// A corpus file's path as a case name: standardized, and relative to the working directory
/// when it lies below it.
package func caseName(_ path: String) -> String {
    let full = URL(fileURLWithPath: path).standardizedFileURL.path
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    return full.hasPrefix(here + "/") ? String(full.dropFirst(here.count + 1)) : full
}
