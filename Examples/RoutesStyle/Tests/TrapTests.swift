import Foundation
import NavFuzzTesting
import Testing

/// A library that asserts on calls its contract forbids (`pop` with nothing pushed), run in a
/// debug build, where its assertions trap. Declared (`trapsOnRefusedCalls`), each trap is the
/// model's refusal, a kind of call that trapped once is answered by the runner from then on,
/// and the run checks as many steps as one of the library without assertions and finds the
/// same bug; undeclared, each trap is a `no-crash` failure.
@Suite struct LibrariesThatTrapOnRefusedCalls {
    static let options = Verifier.Options(depth: 2, walks: 10, runIn: .childProcess)

    @Test func declaredTrapsAreRefusals() async {
        let trapping = await expectConformance(RoutesSystem(asserting: true, declaresTraps: true), options: Self.options)
        let plain = await expectConformance(RoutesSystem(), options: Self.options)
        guard let trapping, let plain else { return }   // in the child process of the other call
        #expect(trapping.passed && trapping.unreached.isEmpty, "\(trapping.failureMessage)")
        #expect(trapping.trappedRefusals > 0)
        // A kind of call that trapped once is answered by the runner from then on: a few
        // restarts, and every other call made as in the library without assertions.
        #expect(trapping.trapsAnswered > 0)
        #expect(trapping.trappedRefusals == 1 && trapping.restarts <= 3, "\(trapping.text)")
        #expect(trapping.steps + trapping.trapsAnswered == plain.steps)
    }

    @Test func declaredTrapsStillFindTheBug() async {
        var found: VerificationReport?
        await withKnownIssue {
            found = await expectConformance(RoutesSystem(popAtRootRemovesRoot: true, asserting: true, declaresTraps: true),
                                            options: Self.options)
        } matching: { issue in issue.comments.map(\.rawValue).joined().contains("stack-shape") }
        guard let found else { return }
        #expect(found.failure(.invariant("stack-shape"))?.trace.map(\.description) == ["pop c0"], "\(found.failureMessage)")
        #expect(found.failure(.noCrash) == nil, "\(found.failureMessage)")
    }

    /// Only an assertion or a precondition is a refusal: a runtime trap (here the array's own,
    /// on a `removeLast` of nothing) on a refused call is still a crash.
    @Test func runtimeTrapsAreCrashesEvenWhenTrapsAreDeclared() async {
        var found: VerificationReport?
        await withKnownIssue {
            found = await expectConformance(RoutesSystem(asserting: true, declaresTraps: true, indexTrap: true), options: Self.options)
        } matching: { issue in issue.comments.map(\.rawValue).joined().contains("no-crash") }
        guard let found else { return }
        #expect(found.failure(.noCrash)?.trace.map(\.description) == ["pop c0"], "\(found.failureMessage)")
        #expect(found.failure(.noCrash)?.diagnostics.contains("empty collection") == true, "\(found.failureMessage)")
    }

    /// In process, a trap would end the test run: an adapter that declares traps runs in a
    /// child process whatever `runIn` says.
    @Test func declaredTrapsRunInAChildProcessByThemselves() async {
        let result = await expectConformance(RoutesSystem(asserting: true, declaresTraps: true),
                                             options: Verifier.Options(depth: 2, walks: 10))
        guard let result else { return }
        #expect(result.passed, "\(result.failureMessage)")
        #expect(result.trappedRefusals > 0)
    }

    @Test func undeclaredTrapsAreCrashes() async {
        var found: VerificationReport?
        await withKnownIssue {
            found = await expectConformance(RoutesSystem(asserting: true), options: Self.options)
        } matching: { issue in issue.comments.map(\.rawValue).joined().contains("no-crash") }
        guard let found else { return }
        #expect(found.failure(.noCrash)?.reason.contains("pop() with nothing pushed") == true, "\(found.failureMessage)")
    }
}

/// The benchmark of BENCHMARKS.md ("Traps at the cost of a passing run"): the default run of
/// the library that traps on refused calls, or of the one that refuses without trapping, both
/// in a child process, as `NAVFUZZ_TRAP_BENCH=trapping` or `plain` says (not run without it).
@Test(.enabled(if: ProcessInfo.processInfo.environment["NAVFUZZ_TRAP_BENCH"] != nil))
func trapBenchmark() async {
    let trapping = ProcessInfo.processInfo.environment["NAVFUZZ_TRAP_BENCH"] == "trapping"
    let system = trapping ? RoutesSystem(asserting: true, declaresTraps: true) : RoutesSystem()
    guard let result = await expectConformance(system, options: Verifier.Options(runIn: .childProcess)) else { return }
    #expect(result.passed, "\(result.failureMessage)")
    print("trap benchmark \(trapping ? "trapping" : "plain"): \(result.steps) steps, \(result.trappedRefusals) traps, "
          + "\(result.trapsAnswered) answered, \(result.restarts) restarts, \(String(format: "%.2f", result.seconds)) s")
}
