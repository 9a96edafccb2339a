#if canImport(XCTest)
import Foundation
import XCTest

extension XCTestCase {
    /// Verifies a main-actor adapter against the model and fails the test at the caller's line
    /// for each distinct failure: the shrunk trace, both trees, their difference, and the
    /// trace as a regression test to paste. `options.runIn` says where the adapter runs;
    /// `.replaying([...])` checks one trace. Call it from an `async` test method.
    ///
    ///     func testConformsToTheModel() async {
    ///         await assertConformance(MyAdapter())
    ///     }
    @discardableResult
    public func assertConformance(_ system: some AsyncNavigationSystem, options: Verifier.Options = Verifier.Options(),
                                  file: StaticString = #filePath, line: UInt = #line) async -> VerificationReport? {
        let report = await Conformance.run(system, options: options, rerun: rerunArguments, site: CallSite(file: "\(file)", line: Int(line)))
        return record(report, options: options, type: "\(type(of: system))", file: file, line: line)
    }

    /// Verifies an adapter whose calls are synchronous; see the main-actor form.
    @discardableResult
    public func assertConformance(_ system: some NavigationSystem, options: Verifier.Options = Verifier.Options(),
                                  file: StaticString = #filePath, line: UInt = #line) async -> VerificationReport? {
        let report = await Conformance.run(system, options: options, rerun: rerunArguments, site: CallSite(file: "\(file)", line: Int(line)))
        return record(report, options: options, type: "\(type(of: system))", file: file, line: line)
    }

    #if canImport(NavFuzzDriver)
    /// Verifies a driver program (docs/DRIVER-PROTOCOL.md): one NavFuzz starts, or one already
    /// serving on the loopback. macOS and Linux.
    @discardableResult
    public func assertConformance(driver: Driver, options: Verifier.Options = Verifier.Options(),
                                  file: StaticString = #filePath, line: UInt = #line) async -> VerificationReport? {
        let report = await Conformance.run(driver: driver, options: options)
        return record(report, options: options, type: nil, file: file, line: line)
    }
    #endif

    private func record(_ report: VerificationReport?, options: Verifier.Options, type: String?,
                        file: StaticString, line: UInt) -> VerificationReport? {
        guard let report else { return nil }
        let subject = CallSource.firstArgument(of: "assertConformance", file: "\(file)", line: Int(line))
            ?? type.map { "\($0)()" } ?? "driver: \(report.system)"
        Conformance.printNotes(report, at: "\(("\(file)" as NSString).lastPathComponent):\(line)")
        for message in Conformance.messages(report, framework: .xcTest, options: options, subject: subject) {
            XCTFail(message, file: file, line: line)
        }
        return report
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
