import SUIStyleAdapter
import Foundation
import NavFuzzKit
import NavFuzzTesting
import Testing

/// The figures of BENCHMARKS.md, "Overlapping calls": the default run with and without its
/// overlap phase, and the phase's breadth-first part alone, in one process. Minutes in a debug build, so it runs
/// only when asked: `NAVFUZZ_BENCH=1 swift test --filter overlapPhaseCost`.
@Test(.enabled(if: ProcessInfo.processInfo.environment["NAVFUZZ_BENCH"] != nil))
func overlapPhaseCost() async {
    let sequential = await verifyConformance(SUICoordinatorSystem(), options: Verifier.Options(overlapDepth: -1))
    let whole = await verifyConformance(SUICoordinatorSystem())
    let alone = await verifyConformance(SUICoordinatorSystem(), options: Verifier.Options(depth: 0, walks: 0))
    #expect(sequential.passed && whole.passed && alone.passed)
    // The default run also overlaps calls after its walks; the phase alone has no walks.
    #expect(sequential.interleavings == 0 && whole.interleavings > alone.interleavings)
    print("default run without overlaps: \(sequential.seconds) s")
    print("default run: \(whole.seconds) s, \(whole.interleavings) interleavings; ratio \(whole.seconds / sequential.seconds)")
    print("overlap phase alone (breadth-first): \(alone.seconds) s, \(alone.interleavings) interleavings, \(Double(alone.interleavings) / alone.seconds) interleavings/s")
    print(whole.sources.joined(separator: "\n"))
}
