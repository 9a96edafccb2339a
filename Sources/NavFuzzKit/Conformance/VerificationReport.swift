@_spi(Engine) import CoordinatorModel

/// What a verification found, and its rendering for people. `failures` holds up to
/// `Options.distinct` entries per broken check, in `Check.all` order, shortest first;
/// `error` is set when verification could not go on (a driver that breaks the protocol or
/// cannot be started).
public struct VerificationReport: Sendable {
    /// The driver's name from its handshake, or the adapter's type name.
    public var system: String
    /// Every failure reported, shortest first within each check, at most `distinct` per check.
    public var failures: [ConformanceFailure] = []
    /// Why verification could not run (a driver that cannot start, a bad baseline); nil when it ran.
    public var error: String?
    /// Implementation steps checked and resets made, including those of shrinking.
    public var steps = 0
    package var resets = 0
    /// Steps sent again after a reset to bring the implementation back to a state, and saved
    /// states made and restored instead (when the implementation offers them).
    package var replayedSteps = 0
    package var saves = 0
    package var restores = 0
    /// Refused calls on which the implementation trapped, counted as refusals.
    package var trappedRefusals = 0
    /// Refused calls the runner answered itself, having seen their kind trap the implementation.
    package var trapsAnswered = 0
    /// Steps the implementation said it does not offer in their state
    /// (`SystemStep.notOffered`), per action kind: not compared with the model.
    public var notOffered: [ActionName: Int] = [:]
    /// Seconds from the start until the first failing step was seen, if one was.
    public var firstFailureSeconds: Double?
    package var exploredStates = 0
    package var walks = 0
    package var traces = 0
    package var shrinkRuns = 0
    /// Position goals (docs/VERIFY.md §1, Positions) this run had, and those whose call it made.
    package var positionGoals = 0
    package var positionsTaken = 0
    /// Runs of overlapping calls in the overlap phase.
    package var interleavings = 0
    /// Times a driver was started again after a crash or hang.
    package var restarts = 0
    /// Seconds the verification took.
    public var seconds = 0.0
    /// One line per source of action sequences, for the summary.
    public var sources: [String] = []
    /// Things worth knowing that are not failures (calls not offered, calls the runner answered).
    public var notes: [String] = []
    /// Phases and checks that could not run here, each with why (overlapping calls through a
    /// driver, `sometimes` properties a shard alone cannot decide): what this run did not test.
    /// Not a failure; JUnit shows each as a skipped case.
    public var skipped: [Skipped] = []
    /// Why the run stopped before it looked everywhere: the implementation failed on step after
    /// step, and the phases named were cut short. A run that stopped early fails, since it did
    /// not test what it did not reach.
    public var stoppedEarly: String?
    /// The tail of the driver's standard error at the end.
    public var diagnostics = ""

    package init(system: String, error: String? = nil) {
        self.system = system
        self.error = error
    }

    /// The `sometimes` properties (SEMANTICS.md §5.3) no phase reached although the
    /// implementation offers what they need: what the run did not test. A run with any fails.
    public var unreached: [String] = []
    /// A shard that looked everywhere it was given: the `sometimes` properties it looked for
    /// and those it reached, in order, for a merge to decide on the union of its shards; nil
    /// for a whole run, or a shard stopped early.
    package var shardSometimes: (lookedFor: [String], reached: [String])?
    /// Baseline entries that occurred, each with the shortest trace that showed it.
    public var expected: [ExpectedDifference] = []
    /// Baseline entries that no longer occur (a whole run only): remove them. Not a failure.
    public var staleBaseline: [Baseline.Entry] = []

    /// Whether it ran to its end, every check held and every `sometimes` property was reached.
    public var passed: Bool { error == nil && failures.isEmpty && unreached.isEmpty && stoppedEarly == nil }

    /// The command line's exit status for it: 0 every check held, 1 a check failed (or a
    /// `sometimes` property was never reached, or the run stopped early), 2 verification could
    /// not run. Policy of the programs, not of the library: an adopter reads `passed` and `error`.
    package var exitCode: Int32 { error != nil ? 2 : passed ? 0 : 1 }

    /// Checked steps a second (replayed ones are not counted).
    public var stepsPerSecond: Double { Double(steps) / max(seconds, 1e-9) }

    /// The first (shortest) failure of one check, if it failed.
    public func failure(_ check: Check) -> ConformanceFailure? { failures.first { $0.check == check } }

    /// Every failure of one check.
    public func failures(_ check: Check) -> [ConformanceFailure] { failures.filter { $0.check == check } }

    /// The failures grouped by trace: one trace that breaks several checks is one group, in
    /// the order of its first check.
    public var groups: [[ConformanceFailure]] {
        var out: [[ConformanceFailure]] = []
        for f in failures {
            if let i = out.firstIndex(where: { $0[0].trace == f.trace && $0[0].configuration == f.configuration && $0[0].interleaving == f.interleaving }) {
                out[i].append(f)
            } else {
                out.append([f])
            }
        }
        return out
    }

    /// One line per baseline entry that occurred, and per entry that no longer does.
    public var baselineLines: [String] {
        expected.map { e in
            let trace = e.trace.isEmpty ? "the initial state" : e.trace.map(\.description).joined(separator: "; ")
            return "expected (baseline\(e.entry.line.map { " line \($0)" } ?? ""): \(e.entry)): \(e.reason) — at \(trace)"
        } + staleBaseline.map { entry in
            "baseline\(entry.line.map { " line \($0)" } ?? ""): '\(entry)' no longer occurs; remove it"
        }
    }

    /// The whole report for people: a summary, then every failure.
    public var text: String {
        var lines = ["NavFuzz verify: \(system)"]
        var ran = "checked \(steps) steps in \(format1(seconds)) s (\(Int(stepsPerSecond)) steps/s); \(resets) resets"
        if replayedSteps > 0 { ran += ", \(replayedSteps) steps replayed" }
        if saves > 0 || restores > 0 { ran += ", \(saves) states saved, \(restores) restored" }
        lines.append(ran)
        for s in sources { lines.append("  \(s)") }
        if traces > 0 { lines.append("  \(traces) given traces") }
        if restarts > 0 { lines.append("  the driver was restarted \(restarts) times") }
        for n in notes { lines.append("note: \(n)") }
        for s in skipped { lines.append("SKIPPED \(s)") }
        if let error {
            lines.append("ERROR: \(error)")
        }
        let broken = Check.all.filter { c in failures.contains { $0.check == c } }.map(\.name)
        if passed {
            lines.append("PASS: all \(Check.all.count) checks held (\(Check.all.map(\.name).joined(separator: ", ")))")
        } else if !failures.isEmpty {
            lines.append("FAIL: \(broken.count) of \(Check.all.count) checks broken: \(broken.joined(separator: ", "))")
        }
        lines += baselineLines
        if let stoppedEarly { lines.append("FAIL: stopped early, so not everything was tested: \(stoppedEarly)") }
        if !unreached.isEmpty {
            lines.append("FAIL: never reached, so not tested: \(unreached.joined(separator: ", ")) (docs/VERIFY.md §1)")
        }
        for group in groups {
            lines.append("")
            lines.append(ConformanceFailure.text(group))
        }
        if error != nil || (!failures.isEmpty && failures.allSatisfy { $0.diagnostics.isEmpty }), !diagnostics.isEmpty {
            lines.append("")
            lines.append("the system said (a driver: its standard error), last lines:")
            lines += diagnosticsTail(diagnostics).map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

private func format1(_ x: Double) -> String {
    let tenths = Int((x * 100).rounded())
    return "\(tenths / 100).\(tenths % 100 < 10 ? "0" : "")\(tenths % 100)"
}
