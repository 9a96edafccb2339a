#if canImport(Testing)
import CoordinatorModel
import Foundation
import NavFuzzKit
import Testing

/// Verifies a main-actor adapter against the model and records each distinct failure as an
/// issue at the caller's line: the shrunk trace, both trees, their difference, and the trace
/// as a regression test to paste.
///
///     @Test func conformsToTheModel() async {
///         await expectConformance(MyAdapter())
///     }
@discardableResult
public func expectConformance(_ system: some AsyncNavigationSystem, options: Verifier.Options = Verifier.Options(),
                              runIn location: RunLocation = .inProcess,
                              sourceLocation: SourceLocation = #_sourceLocation) async -> VerificationResult? {
    let result = await Conformance.run(system, options: options, location: location,
                                       rerun: SwiftTestingRun.arguments(), site: SwiftTestingRun.site(sourceLocation))
    SwiftTestingRun.record(result, options: options, at: sourceLocation)
    return result
}

/// Verifies an adapter whose calls are synchronous; see the main-actor form.
@discardableResult
public func expectConformance(_ system: some NavigationSystem, options: Verifier.Options = Verifier.Options(),
                              runIn location: RunLocation = .inProcess,
                              sourceLocation: SourceLocation = #_sourceLocation) async -> VerificationResult? {
    let result = await Conformance.run(system, options: options, location: location,
                                       rerun: SwiftTestingRun.arguments(), site: SwiftTestingRun.site(sourceLocation))
    SwiftTestingRun.record(result, options: options, at: sourceLocation)
    return result
}

/// Replays one trace from reset and records an issue when the adapter differs from the model
/// on it: the form of a printed regression test.
@discardableResult
public func expectConformance(_ system: some AsyncNavigationSystem, replaying actions: [String],
                              configuration: Configuration = Configuration(), runIn location: RunLocation = .inProcess,
                              sourceLocation: SourceLocation = #_sourceLocation) async -> VerificationResult? {
    guard let options = SwiftTestingRun.replayOptions(actions, configuration, at: sourceLocation) else { return nil }
    return await expectConformance(system, options: options, runIn: location, sourceLocation: sourceLocation)
}

/// Replays one trace against a synchronous adapter; see the main-actor form.
@discardableResult
public func expectConformance(_ system: some NavigationSystem, replaying actions: [String],
                              configuration: Configuration = Configuration(), runIn location: RunLocation = .inProcess,
                              sourceLocation: SourceLocation = #_sourceLocation) async -> VerificationResult? {
    guard let options = SwiftTestingRun.replayOptions(actions, configuration, at: sourceLocation) else { return nil }
    return await expectConformance(system, options: options, runIn: location, sourceLocation: sourceLocation)
}

enum SwiftTestingRun {
    static func site(_ location: SourceLocation) -> CallSite {
        CallSite(file: location.fileID, line: location.line)
    }

    static func record(_ result: VerificationResult?, options: Verifier.Options, at location: SourceLocation) {
        guard let result else { return }
        for message in Conformance.messages(result, framework: .swiftTesting, options: options) {
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        }
    }

    static func replayOptions(_ actions: [String], _ configuration: Configuration, at location: SourceLocation) -> Verifier.Options? {
        switch Conformance.parse(actions) {
        case .success(let parsed): return .replaying(parsed, configuration: configuration)
        case .failure(let failure):
            Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
            return nil
        }
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
