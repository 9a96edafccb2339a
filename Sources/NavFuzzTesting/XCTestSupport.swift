#if canImport(XCTest)
import CoordinatorModel
import Foundation
import NavFuzzKit
import XCTest

extension XCTestCase {
    /// Verifies a main-actor adapter against the model and fails the test at the caller's line
    /// for each distinct failure: the shrunk trace, both trees, their difference, and the
    /// trace as a regression test to paste. Call it from an `async` test method.
    ///
    ///     func testConformsToTheModel() async {
    ///         await assertConformance(MyAdapter())
    ///     }
    @discardableResult
    public func assertConformance(_ system: some AsyncNavigationSystem, options: Verifier.Options = Verifier.Options(),
                                  runIn location: RunLocation = .inProcess,
                                  file: StaticString = #filePath, line: UInt = #line) async -> VerificationResult? {
        let result = await Conformance.run(system, options: options, location: location, rerun: rerunArguments,
                                           site: CallSite(file: "\(file)", line: Int(line)))
        record(result, options: options, file: file, line: line)
        return result
    }

    /// Verifies an adapter whose calls are synchronous; see the main-actor form.
    @discardableResult
    public func assertConformance(_ system: some NavigationSystem, options: Verifier.Options = Verifier.Options(),
                                  runIn location: RunLocation = .inProcess,
                                  file: StaticString = #filePath, line: UInt = #line) async -> VerificationResult? {
        let result = await Conformance.run(system, options: options, location: location, rerun: rerunArguments,
                                           site: CallSite(file: "\(file)", line: Int(line)))
        record(result, options: options, file: file, line: line)
        return result
    }

    /// Replays one trace from reset and fails when the adapter differs from the model on it:
    /// the form of a printed regression test.
    @discardableResult
    public func assertConformance(_ system: some AsyncNavigationSystem, replaying actions: [String],
                                  configuration: Configuration = Configuration(), runIn location: RunLocation = .inProcess,
                                  file: StaticString = #filePath, line: UInt = #line) async -> VerificationResult? {
        guard let options = replayOptions(actions, configuration, file: file, line: line) else { return nil }
        return await assertConformance(system, options: options, runIn: location, file: file, line: line)
    }

    /// Replays one trace against a synchronous adapter; see the main-actor form.
    @discardableResult
    public func assertConformance(_ system: some NavigationSystem, replaying actions: [String],
                                  configuration: Configuration = Configuration(), runIn location: RunLocation = .inProcess,
                                  file: StaticString = #filePath, line: UInt = #line) async -> VerificationResult? {
        guard let options = replayOptions(actions, configuration, file: file, line: line) else { return nil }
        return await assertConformance(system, options: options, runIn: location, file: file, line: line)
    }

    private func record(_ result: VerificationResult?, options: Verifier.Options, file: StaticString, line: UInt) {
        guard let result else { return }
        for message in Conformance.messages(result, framework: .xcTest, options: options) {
            XCTFail(message, file: file, line: line)
        }
    }

    private func replayOptions(_ actions: [String], _ configuration: Configuration, file: StaticString, line: UInt) -> Verifier.Options? {
        switch Conformance.parse(actions) {
        case .success(let parsed): return .replaying(parsed, configuration: configuration)
        case .failure(let failure):
            XCTFail(failure.message, file: file, line: line)
            return nil
        }
    }

    /// How to run this test alone: the test binary with this test's name. `name` is
    /// `Class.method` on Linux and `-[Class method]` on Apple platforms.
    private var rerunArguments: [String]? {
        let method = name.split(whereSeparator: { $0 == "." || $0 == " " }).last.map { String($0.filter { $0 != "]" }) } ?? name
        let test = "\(String(reflecting: type(of: self)))/\(method)"
        #if os(macOS)
        // `xctest [-XCTest test] bundle`
        guard let bundle = CommandLine.arguments.last(where: { $0.hasSuffix(".xctest") }) else { return nil }
        return [CommandLine.arguments[0], "-XCTest", test, bundle]
        #else
        return [CommandLine.arguments[0], test]
        #endif
    }
}
#endif
