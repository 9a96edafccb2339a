#if canImport(Testing)
import Foundation
import Testing
#if canImport(XCTest)
import XCTest
#endif

/// Verifies a main-actor adapter against the model and records each distinct failure as an
/// issue at the caller's line: the shrunk trace, both trees, their difference, and the trace
/// as a regression test to paste. `options.runIn` says where the adapter runs;
/// `.replaying([...])` checks one trace, the form of a pasted regression test.
///
///     @Test func conformsToTheModel() async {
///         await expectConformance(MyAdapter())
///     }
@discardableResult
public func expectConformance(_ system: some AsyncNavigationSystem, options: Verifier.Options = Verifier.Options(),
                              sourceLocation: SourceLocation = #_sourceLocation) async -> VerificationReport? {
    let site = SwiftTestingRun.site(sourceLocation)
    let report = await Conformance.run(system, options: options, rerun: SwiftTestingRun.arguments(), site: site)
    return SwiftTestingRun.record(report, options: options, at: sourceLocation, type: "\(type(of: system))")
}

/// Verifies an adapter whose calls are synchronous; see the main-actor form.
@discardableResult
public func expectConformance(_ system: some NavigationSystem, options: Verifier.Options = Verifier.Options(),
                              sourceLocation: SourceLocation = #_sourceLocation) async -> VerificationReport? {
    let site = SwiftTestingRun.site(sourceLocation)
    let report = await Conformance.run(system, options: options, rerun: SwiftTestingRun.arguments(), site: site)
    return SwiftTestingRun.record(report, options: options, at: sourceLocation, type: "\(type(of: system))")
}

#if canImport(NavFuzzDriver)
/// Verifies a driver program (docs/DRIVER-PROTOCOL.md): one NavFuzz starts, or one already
/// serving on the loopback. macOS and Linux.
@discardableResult
public func expectConformance(driver: Driver, options: Verifier.Options = Verifier.Options(),
                              sourceLocation: SourceLocation = #_sourceLocation) async -> VerificationReport? {
    let report = await Conformance.run(driver: driver, options: options)
    return SwiftTestingRun.record(report, options: options, at: sourceLocation, type: nil)
}
#endif

private enum SwiftTestingRun {
    static func site(_ location: SourceLocation) -> CallSite {
        CallSite(file: location.fileID, line: location.line)
    }

    /// Records the report's failures as issues; `type` is the adapter's type, for a printed
    /// test when the call's source cannot be read (nil for a driver).
    static func record(_ report: VerificationReport?, options: Verifier.Options, at location: SourceLocation,
                       type: String?) -> VerificationReport? {
        guard let report else { return nil }
        let subject = CallSource.firstArgument(of: "expectConformance", file: location.filePath, line: location.line)
            ?? type.map { "\($0)()" } ?? "driver: \(report.system)"
        Conformance.printNotes(report, at: "\(location.fileName):\(location.line)")
        guard Test.current == nil else {
            for message in Conformance.messages(report, framework: .swiftTesting, options: options, subject: subject) {
                Issue.record(Comment(rawValue: message), sourceLocation: location)
            }
            return report
        }
        // Outside a Swift Testing test (in an XCTest test, say) an issue recorded is dropped, and
        // a failing run would pass: XCTest records each failure instead, naming the caller's line.
        for message in Conformance.messages(report, framework: .xcTest, options: options, subject: subject) {
            #if canImport(XCTest)
            XCTFail("\(location.fileID):\(location.line): \(message)")
            #else
            Issue.record(Comment(rawValue: message), sourceLocation: location)
            #endif
        }
        return report
    }

    /// How to run the current test alone: this binary with the options that chose tests
    /// replaced by a filter for this one. Nil outside a test.
    static func arguments() -> [String]? {
        #if canImport(NavFuzzDriver)
        guard let test = Test.current else { return nil }
        let id = String(describing: test.id)
        let escaped = NSRegularExpression.escapedPattern(for: id)
        // The options that take a value and choose tests or write files the parent writes.
        let dropped: Set<String> = ["--filter", "--skip", "--xunit-output", "--event-stream-output-path",
                                    "--experimental-event-stream-output", "--event-stream-version",
                                    "--experimental-event-stream-version", "--attachments-path",
                                    "--experimental-attachments-path", "--configuration-path", "--repetitions",
                                    "--repeat-until"]
        var arguments = ChildRun.argumentsWithoutFilters(dropping: dropped)
        if !arguments.contains("--testing-library") { arguments += ["--testing-library", "swift-testing"] }
        return arguments + ["--filter", "^" + escaped + "$"]
        #else
        return nil
        #endif
    }
}
#endif
