import CoordinatorModel

/// What a verification found, and its rendering for people. `failures` holds one entry per
/// broken check, in `Verifier.checks` order; `error` is set when verification could not go on
/// (a driver that breaks the protocol or cannot be started).
public struct VerificationReport: Sendable {
    /// The driver's name from its handshake, or the adapter's type name.
    public var system: String
    public var failures: [ConformanceFailure] = []
    public var error: String?
    /// Implementation steps and resets taken, including those of shrinking.
    public var steps = 0
    public var resets = 0
    public var exploredStates = 0
    public var walks = 0
    public var traces = 0
    public var shrinkRuns = 0
    /// Times a driver was started again after a crash or hang.
    public var restarts = 0
    public var seconds = 0.0
    /// One line per source of action sequences, for the summary.
    public var sources: [String] = []
    /// Things worth knowing that are not failures (skipped steps, nondeterminism).
    public var notes: [String] = []
    /// The tail of the driver's standard error at the end.
    public var diagnostics = ""

    public init(system: String, error: String? = nil) {
        self.system = system
        self.error = error
    }

    public var passed: Bool { error == nil && failures.isEmpty }

    /// 0 every check held, 1 a check failed, 2 verification could not run (ARCHITECTURE.md).
    public var exitCode: Int32 { error != nil ? 2 : failures.isEmpty ? 0 : 1 }

    public var stepsPerSecond: Double { Double(steps) / max(seconds, 1e-9) }

    /// The failure of one check, if it failed.
    public func failure(_ invariant: String) -> ConformanceFailure? { failures.first { $0.invariant == invariant } }

    public var text: String {
        var lines = ["NavFuzz verify: \(system)"]
        lines.append("ran \(steps) steps in \(resets) runs in \(format1(seconds)) s (\(Int(stepsPerSecond)) steps/s)")
        for s in sources { lines.append("  \(s)") }
        if traces > 0 { lines.append("  \(traces) given traces") }
        if restarts > 0 { lines.append("  the driver was restarted \(restarts) times") }
        for n in notes { lines.append("note: \(n)") }
        if let error {
            lines.append("ERROR: \(error)")
        }
        if failures.isEmpty && error == nil {
            lines.append("PASS: all \(Verifier.checks.count) checks held (\(Verifier.checks.joined(separator: ", ")))")
        } else if !failures.isEmpty {
            lines.append("FAIL: \(failures.count) of \(Verifier.checks.count) checks broken: \(failures.map(\.invariant).joined(separator: ", "))")
        }
        for f in failures {
            lines.append("")
            lines.append(f.text)
        }
        if error != nil || (!failures.isEmpty && failures.allSatisfy { $0.diagnostics.isEmpty }), !diagnostics.isEmpty {
            lines.append("")
            lines.append("driver standard error (last lines):")
            lines += tail(diagnostics).map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

/// One broken check with its minimal trace and both sides of the failing step.
public struct ConformanceFailure: Sendable {
    public var invariant: String
    /// One line: what is wrong.
    public var reason: String
    /// The minimal trace in model ids (creation order): replayable against the model as written.
    /// Its last action is the failing one; empty when the initial state already fails.
    public var trace: [Action]
    public var configuration: Configuration
    public var presetName: String?
    /// Where the trace was first found.
    public var source: String
    /// Its length before shrinking.
    public var originalLength: Int
    /// Both sides of the failing step.
    public var step: FailingStep
    /// Other checks broken at the same step.
    public var alsoBroken: [String]
    /// The driver's standard error after the last run of the trace (empty in process).
    public var diagnostics: String

    public var text: String {
        var lines = ["FAIL \(invariant): \(reason)"]
        let shrunk = originalLength == trace.count ? "" : ", shrunk from \(originalLength) steps"
        lines.append("  found by \(source)\(shrunk)")
        let c = configuration
        lines.append("  configuration: \(presetName.map { "preset \($0), " } ?? "")root \(c.rootKind), routes \(c.routeCount), pages \(c.pageCount), initial pages [\(c.initialPages.map(\.description).joined(separator: ","))]")
        if trace.isEmpty {
            lines.append("  trace: (none: the initial state already fails)")
        } else {
            lines.append("  trace (model ids, \(trace.count) step\(trace.count == 1 ? "" : "s")):")
            for (i, a) in trace.enumerated() {
                lines.append("    \(a)\(i == trace.count - 1 ? "   <- fails here" : "")")
            }
        }
        if let action = step.modelAction {
            lines.append("  before '\(action)' (both sides agree):")
            lines += indent(step.modelBefore.description, 4)
            if let m = step.modelStep {
                lines.append("  model: \(m.outcome); \(events(m.events))")
                lines += indent(m.state.description, 4)
            }
            let sent = step.implementationAction.map { $0 == action ? "" : " (sent as '\($0)')" } ?? ""
            if let after = step.implementationAfter, let outcome = step.implementationOutcome {
                lines.append("  implementation\(sent), its own ids: \(outcome); \(events(step.implementationEvents))")
                lines += indent(after.description, 4)
                if let m = step.modelStep, !m.state.isSameState(as: after) {
                    lines.append("  difference (canonical ids; - model, + implementation):")
                    lines += indent(TreeDifference.render(model: m.state, implementation: after), 4)
                }
            } else {
                lines.append("  implementation\(sent): no answer (\(invariant))")
            }
        } else if let after = step.implementationAfter {
            lines.append("  model initial state:")
            lines += indent(step.modelBefore.description, 4)
            lines.append("  implementation initial state, its own ids:")
            lines += indent(after.description, 4)
        }
        if !alsoBroken.isEmpty { lines.append("  also broken at this step: \(alsoBroken.joined(separator: ", "))") }
        if !diagnostics.isEmpty {
            lines.append("  driver standard error while replaying this trace:")
            lines += tail(diagnostics).map { "    \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    private func events(_ es: [Completion]) -> String {
        es.isEmpty ? "no events" : es.map(\.description).joined(separator: ", ")
    }
}

private func indent(_ text: String, _ n: Int) -> [String] {
    let pad = String(repeating: " ", count: n)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }
}

/// The last lines of a driver's standard error, at most 20.
private func tail(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    return Array(lines.suffix(20))
}

private func format1(_ x: Double) -> String {
    let tenths = Int((x * 100).rounded())
    return "\(tenths / 100).\(tenths % 100 < 10 ? "0" : "")\(tenths % 100)"
}
