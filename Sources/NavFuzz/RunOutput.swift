import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// A run's results on their way out, in the spirit of Stateright's `Reporter`: the commands
/// hand in activities, and every output subscribes to the same two events — an activity
/// finished, the run ended with all of them — so that the terminal, the JUnit report, the HTML
/// page and the partial report a signal leaves are all made from one list, and none reaches
/// into another.
protocol RunOutput {
    /// An activity finished, in the order the run did them.
    func finished(_ activity: Activity)
    /// The run ended; the lines saying where the output went, for the terminal's last lines.
    func ended(_ report: FinishedRun) throws(UsageError) -> [String]
}
extension RunOutput {
    /// Most outputs are made at the end only.
    func finished(_ activity: Activity) {}
}
