import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// The JUnit report, and with `--junit-per-suite` a file per suite, written atomically.
struct JUnitOutput: RunOutput {
    func ended(_ report: FinishedRun) throws(UsageError) -> [String] {
        let run = report.run
        var junit = JUnitReport(activities: report.activities)
        junit.fileAttributes = run.fileAttributes
        do {
            try JUnitWriter.write(junit, to: run.junitPath)
        } catch {
            throw UsageError("\(error)", hint: "pass --junit with a path in a writable directory")
        }
        if let directory = run.perSuiteDirectory {
            do { try JUnitWriter.writeSuites(junit, toDirectory: directory) } catch {
                throw UsageError("\(error)", hint: "pass --junit-per-suite with a writable directory")
            }
        }
        return ["report: \(run.junitPath)"]
    }
}
