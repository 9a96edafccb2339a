import CoordinatorModel

/// Test helpers that work with any test framework. A library target cannot import XCTest on
/// Linux without linking it, so these return a result with a ready-made failure message; the
/// user's test turns it into a recorded failure in one line (docs/VERIFY.md):
///
///     let result = verifyConformance(MyAdapter())
///     XCTAssertTrue(result.passed, result.failureMessage)      // XCTest
///     #expect(result.passed, Comment(rawValue: result.failureMessage))   // Swift Testing
public struct VerificationResult: Sendable {
    public var report: VerificationReport

    public var passed: Bool { report.passed }
    public var failures: [ConformanceFailure] { report.failures }

    /// Empty when verification passed; else every failure with its minimal trace and both
    /// sides' states, or the reason verification could not run.
    public var failureMessage: String {
        if report.passed { return "" }
        var parts: [String] = []
        if let error = report.error { parts.append("verification could not run: \(error)") }
        if !report.failures.isEmpty {
            parts.append("\(report.failures.count) conformance check\(report.failures.count == 1 ? "" : "s") failed for \(report.system): \(report.failures.map(\.invariant).joined(separator: ", "))")
            parts += report.failures.map(\.text)
        }
        return parts.joined(separator: "\n\n")
    }

    /// One message per failure, for frameworks that record issues one at a time.
    public var failureMessages: [String] {
        if let error = report.error { return ["verification could not run: \(error)"] }
        return report.failures.map(\.text)
    }
}

/// Verifies an in-process adapter against the model (see `Verifier.verify`).
public func verifyConformance(_ system: some NavigationSystem, options: Verifier.Options = Verifier.Options()) -> VerificationResult {
    VerificationResult(report: Verifier.verify(system, options: options))
}

/// Verifies a driver program, started with `/bin/sh -c command`.
public func verifyConformance(driver command: String, options: Verifier.Options = Verifier.Options()) -> VerificationResult {
    VerificationResult(report: Verifier.verify(driver: command, options: options))
}
