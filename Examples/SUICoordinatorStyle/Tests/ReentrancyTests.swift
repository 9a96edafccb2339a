import Foundation
@_spi(Engine) import NavFuzzKit
import NavFuzzTesting
import SUIStyleAdapter
import SUIStyleCoordinators
import Testing

/// The six kinds of reentrancy bug of docs/VERIFY.md §2.4, planted in the example library: each
/// is found by the overlap phase of the default run, in process and in a child process (and
/// through a driver in CI: scripts/reentrancy.sh); the correct library and one that serializes
/// its transitions pass.
@Suite struct ReentrancyBugs {
    /// A bug kind, the library fault that plants it, and the check it breaks.
    struct Kind: Sendable, CustomTestStringConvertible {
        var name: String
        var fault: LibraryFault
        var check: Check
        var testDescription: String { name }
    }

    static let kinds = [
        Kind(name: "double tap", fault: .pushRewritesPath, check: .snapshotConforms),
        Kind(name: "back swipe during a push", fault: .registersChildAfterPush, check: .snapshotConforms),
        Kind(name: "deep link during a dismiss", fault: .dismissesTopAfterAnimation, check: .snapshotConforms),
        Kind(name: "finish completion after a restart", fault: .finishesAfterAnimation, check: .snapshotConforms),
        Kind(name: "completion that undoes a gesture", fault: .popWritesStalePath, check: .snapshotConforms),
    ]
    /// A trap ends the process it happens in: a child process contains it.
    static let trap = Kind(name: "double dismiss that traps", fault: .trapsOnDoubleDismiss, check: .noCrash)

    /// The overlap phase alone on the navigation root (the default run's other phases never
    /// overlap calls; scripts/reentrancy.sh runs the whole default run through the driver).
    static let overlapsOnly = Verifier.Options(presets: [.small], depth: 0, walks: 0)

    @Test(arguments: kinds) func foundInProcess(_ kind: Kind) async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [kind.fault]), options: Self.overlapsOnly)
        let failure = result.failures.first { $0.interleaving != nil }
        #expect(failure?.check == kind.check || failure?.alsoBroken.contains(kind.check) == true, "\(result.text)")
        #expect(result.skipped.isEmpty, "\(result.skipped)")
    }

    // In a child process, one test per kind: the child runs the test again and serves the
    // helper call at its line, so each verification needs a call site of its own
    // (docs/VERIFY.md §3).
    @Test func doubleTapInAChildProcess() async { await Self.inChild(Self.kinds[0]) { await expectConformance(SUICoordinatorSystem(faults: [$0]), options: $1) } }
    @Test func backSwipeDuringAPushInAChildProcess() async { await Self.inChild(Self.kinds[1]) { await expectConformance(SUICoordinatorSystem(faults: [$0]), options: $1) } }
    @Test func deepLinkDuringADismissInAChildProcess() async { await Self.inChild(Self.kinds[2]) { await expectConformance(SUICoordinatorSystem(faults: [$0]), options: $1) } }
    @Test func finishAfterARestartInAChildProcess() async { await Self.inChild(Self.kinds[3]) { await expectConformance(SUICoordinatorSystem(faults: [$0]), options: $1) } }
    @Test func completionUndoingAGestureInAChildProcess() async { await Self.inChild(Self.kinds[4]) { await expectConformance(SUICoordinatorSystem(faults: [$0]), options: $1) } }
    @Test func doubleDismissTrapInAChildProcess() async { await Self.inChild(Self.trap) { await expectConformance(SUICoordinatorSystem(faults: [$0]), options: $1) } }

    /// Runs `verify` in a child process and expects `kind`'s check broken by overlapping calls.
    static func inChild(_ kind: Kind, _ verify: (LibraryFault, Verifier.Options) async -> VerificationReport?) async {
        var options = overlapsOnly
        options.runIn = .childProcess
        var result: VerificationReport?
        await withKnownIssue {
            result = await verify(kind.fault, options)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("FAIL ") && text.contains("to replay: overlap:")
        }
        guard let report = result else { return }
        #expect(report.failures.contains { $0.interleaving != nil && ($0.check == kind.check || $0.alsoBroken.contains(kind.check)) },
                "\(report.text)")
        #expect(report.skipped.isEmpty, "\(report.skipped)")
    }

    @Test func theCorrectLibraryAndASerializingOnePass() async {
        for serialized in [false, true] {
            let result = await verifyConformance(SUICoordinatorSystem(serialized: serialized), options: Self.overlapsOnly)
            #expect(result.passed, "\(result.failureMessage)")
            #expect(result.interleavings > 1000, "\(result.sources)")
        }
    }

    /// A serializing library whose adapter does not hand over its wait for a turn: the second
    /// call cannot go on while the first waits at a point, and the run says so as `no-hang`.
    @Test func aWaitNotHandedOverFailsNoHang() async {
        let result = await verifyConformance(SUICoordinatorSystem(serialized: true, handsOverWaits: false),
                                             options: Verifier.Options(presets: [.small], depth: 0, walks: 0, timeout: 0.3, overlapDepth: 0))
        #expect(result.failure(.noHang) != nil, "\(result.text)")
    }
}

/// The per-seed figures of BENCHMARKS.md ("Reentrancy bugs, every seed"), in process and in a
/// child process: each bug kind with seeds 0–9. Minutes in a debug build, so it runs only when
/// asked: `NAVFUZZ_BENCH=1 swift test --filter reentrancyEverySeed`.
@Test(.enabled(if: ProcessInfo.processInfo.environment["NAVFUZZ_BENCH"] != nil))
func reentrancyEverySeed() async {
    for kind in ReentrancyBugs.kinds + [ReentrancyBugs.trap] {
        for location in [RunLocation.inProcess, .childProcess] where kind.fault != .trapsOnDoubleDismiss || location == .childProcess {
            var found = 0
            var firsts: [Double] = []
            for seed in UInt64(0) ... 9 {
                var options = Verifier.Options(seed: seed)
                options.runIn = location
                var result: VerificationReport?
                await withKnownIssue {
                    result = await expectConformance(SUICoordinatorSystem(faults: [kind.fault]), options: options)
                }
                guard let report = result else { return }   // in the child process
                if report.failures.contains(where: { $0.interleaving != nil && ($0.check == kind.check || $0.alsoBroken.contains(kind.check)) }) {
                    found += 1
                }
                if let first = report.firstFailureSeconds { firsts.append(first) }
            }
            print("reentrancy: \(kind.name) (\(kind.fault)), \(location): found with \(found) of 10 seeds; first failure after \(firsts.min() ?? 0)–\(firsts.max() ?? 0) s")
        }
    }
}


/// `overlapCalls: 3`: a third call while two wait, replayed from its text like any interleaving.
@Suite struct ThreeCalls {
    static func options(_ calls: Int) -> Verifier.Options {
        var options = Verifier.Options(presets: [.small], depth: 0, walks: 0, overlapDepth: 0)
        options.overlapCalls = calls
        return options
    }

    @Test func theCorrectLibraryPassesAndAThirdCallCostsMore() async {
        let two = await verifyConformance(SUICoordinatorSystem(), options: Self.options(2))
        let three = await verifyConformance(SUICoordinatorSystem(), options: Self.options(3))
        #expect(two.passed && three.passed, "\(three.failureMessage)")
        #expect(three.interleavings > two.interleavings, "\(two.sources) \(three.sources)")
    }

    @Test func aTripleTapIsFoundAndReplaysFromItsText() async throws {
        let found = await verifyConformance(SUICoordinatorSystem(faults: [.pushRewritesPath]), options: Self.options(3))
        let failure = try #require(found.failures.first { $0.interleaving?.calls.count == 3 }, "\(found.text)")
        let text = try #require(failure.interleaving?.replayText)
        #expect(text.components(separatedBy: " | ").count == 4, "\(text)")
        let replayed = await verifyConformance(SUICoordinatorSystem(faults: [.pushRewritesPath]),
                                               options: .replaying(failure.trace.map(\.description), overlapping: text))
        #expect(replayed.failures.first?.interleaving == failure.interleaving, "\(replayed.text)")
    }
}
