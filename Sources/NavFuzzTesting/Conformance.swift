import CoordinatorModel
import Foundation
// A test file that imports NavFuzzTesting has `Verifier.Options` and the protocols at hand.
@_exported import NavFuzzKit

/// Where a test helper runs the adapter.
public enum RunLocation: Sendable, Hashable {
    /// In the test's own process: fastest, but an assertion in the library under test ends the
    /// whole test run.
    case inProcess
    /// In a child process: the test binary run again for this test only, serving the adapter
    /// as a driver, so a trap is a `no-crash` counterexample with its message and the suite goes
    /// on (macOS and Linux; elsewhere it runs in process).
    case childProcess
}

/// What the helpers of both frameworks share: running a verification where asked, and the
/// messages they record.
enum Conformance {
    /// An adapter verified in process or in a child, as `location` says. Nil in a child
    /// process run for another call site: that call does nothing.
    static func run(_ system: some AsyncNavigationSystem, options: Verifier.Options, location: RunLocation,
                    rerun: @autoclosure () -> [String]?, site: CallSite) async -> VerificationResult? {
        #if canImport(NavFuzzDriver)
        if let served = ChildRun.servedSite {
            guard served == site else { return nil }
            await ChildRun.serve(system, timeout: options.timeout)
        }
        #endif
        if let result = await inChild(location == .childProcess ? rerun() : nil, site, options) { return result }
        return await verifyConformance(system, options: options)
    }

    /// The same for an adapter whose calls are synchronous.
    static func run(_ system: some NavigationSystem, options: Verifier.Options, location: RunLocation,
                    rerun: @autoclosure () -> [String]?, site: CallSite) async -> VerificationResult? {
        #if canImport(NavFuzzDriver)
        if let served = ChildRun.servedSite {
            guard served == site else { return nil }
            await ChildRun.serve(system)
        }
        #endif
        if let result = await inChild(location == .childProcess ? rerun() : nil, site, options) { return result }
        // The system is only touched by the engine's thread while this task waits.
        let box = UncheckedSystem(system)
        return await Verifier.onOwnThread { verifyConformance(box.system, options: options) }
    }

    /// The verification of a child process run with `rerun` that serves the adapter; nil to
    /// verify in process (not asked for, or no processes here).
    private static func inChild(_ rerun: [String]?, _ site: CallSite, _ options: Verifier.Options) async -> VerificationResult? {
        #if canImport(NavFuzzDriver)
        if let arguments = rerun {
            return await ChildRun.verify(rerunning: arguments, site: site, options: options)
        }
        #endif
        return nil
    }

    /// The actions of a regression test, parsed; a message naming the bad one when one is not
    /// an action.
    static func parse(_ actions: [String]) -> Result<[Action], ParseFailure> {
        var parsed: [Action] = []
        for (i, text) in actions.enumerated() {
            do { parsed.append(try Action(parsing: text)) } catch {
                return .failure(ParseFailure(message: "replaying: action \(i + 1) '\(text)' is not an action: \(error)"))
            }
        }
        return .success(parsed)
    }

    struct ParseFailure: Error { var message: String }

    /// One message per failing trace, each followed by the trace as a test for `framework`, so
    /// that it can be pasted into the suite as it is. A run that only replayed given traces (a
    /// pasted regression test) does not print them back.
    static func messages(_ result: VerificationResult, framework: TestFramework, options: Verifier.Options) -> [String] {
        var messages = result.failureMessages
        let onlyGiven = options.depth == 0 && (options.walks == 0 || options.walkPresets?.isEmpty == true)
        guard result.report.error == nil, !onlyGiven else { return messages }
        for (i, group) in result.report.groups.enumerated() where i < messages.count {
            let test = group[0].regressionTest(framework, system: "\(result.report.system)()")
            messages[i] += "\n\nAs a regression test:\n\n" + test
        }
        return messages
    }
}

/// A call of a helper in the user's test: the child process run for it finds it by this.
struct CallSite: Hashable, Sendable, CustomStringConvertible {
    var file: String
    var line: Int
    var description: String { "\(file):\(line)" }
}

/// A synchronous system handed to the engine's thread.
struct UncheckedSystem: @unchecked Sendable {
    let system: any NavigationSystem
    init(_ system: any NavigationSystem) { self.system = system }
}
