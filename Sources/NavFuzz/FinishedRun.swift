import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// What every output is made from at the end of a run.
struct FinishedRun {
    var activities: [Activity]
    var run: RunOptions
    var projectFile: String?
}
