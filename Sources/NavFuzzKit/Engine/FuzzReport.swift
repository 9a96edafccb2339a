import Dispatch
import Foundation

/// What a fuzz run did: its size, its coverage and its failures.
@_spi(Engine) public struct FuzzReport<M: StateMachine>: Sendable {
    @_spi(Engine) public var seed: UInt64
    @_spi(Engine) public var walks: Int
    @_spi(Engine) public var walkLength: Int
    @_spi(Engine) public var steps: Int
    /// Steps whose successor was outside bounds: checked, then not taken.
    @_spi(Engine) public var outsideBounds: Int
    @_spi(Engine) public var workers: Int
    /// Time spent walking (shrinking is timed per failure).
    @_spi(Engine) public var seconds: Double
    @_spi(Engine) public var coverage: FuzzCoverage
    /// Per property, its failure from the lowest walk number that failed it (or up to
    /// `distinct` that differ), in property order.
    @_spi(Engine) public var failures: [FuzzFailure<M>]
    /// The `sometimes` properties no walk reached.
    @_spi(Engine) public var unreached: [String]

    @_spi(Engine) public var stepsPerSecond: Double { Double(steps) / max(seconds, 1e-9) }
}
extension FuzzReport where M: DescribedMachine {
    /// The report as people read it. With `timings: false` nothing depends on the clock or
    /// the number of workers, so equal runs print equal text.
    @_spi(Engine) public func text(_ machine: M, timings: Bool = true) -> String {
        var lines: [String] = []
        var head = "fuzz: seed \(seed), \(walks) walks of up to \(walkLength) steps, \(steps) steps"
        if outsideBounds > 0 { head += " (\(outsideBounds) left bounds and were dropped)" }
        if timings {
            head += ", \(workers) workers, " + String(format: "%.2f s, %.0f steps/s", seconds, stepsPerSecond)
        }
        lines.append(head)
        lines.append("actions (weight: applied, refused by reason):")
        let width = coverage.kinds.map(\.kind.count).max() ?? 0
        for k in coverage.kinds {
            var line = "  " + k.kind.padding(toLength: width, withPad: " ", startingAt: 0) + "  w\(k.weight): \(k.applied) applied"
            if !k.refused.isEmpty {
                line += ", \(k.refusedTotal) refused (" + k.refused.map { "\($0.reason) \($0.count)" }.joined(separator: ", ") + ")"
            }
            if k.applied == 0 && k.refused.isEmpty { line += (k.weight == 0 ? " (left out)" : " (never drawn)") }
            lines.append(line)
        }
        lines.append("properties (checks, outcome):")
        let pwidth = coverage.properties.map(\.property.count).max() ?? 0
        for p in coverage.properties {
            let outcome = p.kind == .sometimes ? (p.reached ? "reached" : "NEVER REACHED")
                : p.failedWalks == 0 ? "held" : "FAILED in \(p.failedWalks) walk\(p.failedWalks == 1 ? "" : "s")"
            lines.append("  " + p.property.padding(toLength: pwidth, withPad: " ", startingAt: 0) + "  \(p.checks) checks, \(outcome)")
        }
        for f in failures {
            var line = "violation of \(f.property) (\(f.kind)) in walk \(f.walk), walk seed 0x\(String(f.walkSeed, radix: 16)): "
                + "\(f.originalLength) steps shrunk to \(f.shrunk.actions.count)"
            if timings { line += String(format: " in %.3f s", f.shrinkSeconds) }
            lines.append(line)
            lines.append("  " + f.shrunk.reason)
            for (i, a) in f.shrunk.actions.enumerated() { lines.append("  \(i + 1). \(machine.describe(a))") }
        }
        if failures.isEmpty { lines.append("no violations") }
        return lines.joined(separator: "\n")
    }
}
