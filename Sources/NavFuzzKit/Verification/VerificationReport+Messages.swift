@_spi(Engine) import CoordinatorModel
import Foundation

/// A verification's failure messages, ready for any test framework. The NavFuzzTesting product
/// records them for XCTest and Swift Testing (`assertConformance`, `expectConformance`); another
/// framework records `failureMessage` itself:
///
///     let report = await verifyConformance(MyAdapter())
///     XCTAssertTrue(report.passed, report.failureMessage)
extension VerificationReport {
    /// Empty when verification passed; else every failing trace with both sides' states, the
    /// `sometimes` properties never reached, or the reason verification could not run.
    public var failureMessage: String {
        if passed { return "" }
        var parts: [String] = []
        if let error { parts.append("verification could not run: \(error)") }
        let broken = Check.all.filter { c in failures.contains { $0.check == c } }.map(\.name)
        if !broken.isEmpty {
            parts.append("\(broken.count) conformance check\(broken.count == 1 ? "" : "s") failed for \(system): \(broken.joined(separator: ", "))")
        }
        return (parts + failureMessages.filter { !$0.hasPrefix("verification could not run") }).joined(separator: "\n\n")
    }

    /// One message per failing trace (a trace that breaks several checks is one message), and
    /// one for the `sometimes` properties never reached: for frameworks that record issues one
    /// at a time.
    public var failureMessages: [String] {
        if let error { return ["verification could not run: \(error)"] }
        var out = groups.map(ConformanceFailure.text)
        if let stoppedEarly {
            out.append("stopped early, so not everything was tested: \(stoppedEarly)")
        }
        if !unreached.isEmpty {
            out.append("never reached, so not tested: \(unreached.joined(separator: ", ")) — the run is too short, "
                       + "or the implementation refuses what leads there (docs/VERIFY.md §1)")
        }
        return out
    }

    /// The report itself: what `VerificationResult` wrapped.
    @available(*, deprecated, message: "verifyConformance and the test helpers return the VerificationReport itself")
    public var report: VerificationReport { self }
}

/// What `verifyConformance` and the test helpers returned before they returned the report.
@available(*, deprecated, renamed: "VerificationReport")
public typealias VerificationResult = VerificationReport

extension VerificationReport {
    /// An adapter that declares traps cannot run in the test's process: its first trap would
    /// end it. The test helpers run it in a child process instead where they can.
    package static func trapsInProcess(_ name: String) -> VerificationReport {
        VerificationReport(system: name, error: "\(name) declares trapsOnRefusedCalls, so its library traps on calls its "
                           + "contract forbids, which would end this process: expectConformance and assertConformance run it "
                           + "in a child process on macOS and Linux; elsewhere verify it through a driver (docs/VERIFY.md §2.1)")
    }
}
