@_spi(Engine) import CoordinatorModel

/// One broken check with its minimal trace and both sides of the failing step.
public struct ConformanceFailure: Sendable {
    /// The check that failed.
    public var check: Check
    /// One line: what is wrong.
    public var reason: String
    /// The minimal trace in model ids (creation order): replayable against the model as written.
    /// Its last action is the failing one; empty when the initial state already fails.
    public var trace: [Action]
    /// The configuration the trace runs under.
    public var configuration: Configuration
    /// The preset whose exploration or walks found it, if one did.
    public var presetName: String?
    /// Where the trace was first found.
    public var source: String
    /// Its length before shrinking.
    public var originalLength: Int
    /// Both sides of the failing step.
    public var step: FailingStep
    /// Other checks broken at the same step.
    public var alsoBroken: [Check]
    /// The trace as it was found, before shrinking, when it was (`Verifier`'s candidate).
    package var foundAs: [Action]? = nil
    /// How failures of one check are ordered, in one run and across shards alike (`merge`):
    /// the shortest trace first; among equally short ones, by the trace as found — its length,
    /// its text, its preset — which no split of the walks changes
    /// (`2 steps (found as 9): start c0 navigation sheet r0; userSwipeDismiss (in swarm)`).
    package var orderKey: String {
        let found = foundAs ?? trace
        return "\(trace.count) steps (found as \(found.count)): " + found.map(\.description).joined(separator: "; ")
            + " (in \(presetName ?? source))"
    }

    /// `orderKey` for sorting: the two lengths as numbers, then the text.
    package var order: (Int, Int, String) { (trace.count, (foundAs ?? trace).count, orderKey) }
    /// What the system said after the last run of the trace (a driver: its standard error).
    public var diagnostics: String
    /// For a failure of overlapping calls: the calls and how they ran; `trace` then holds the
    /// steps before them, which alone pass.
    public var interleaving: Interleaving? = nil
    /// For `repeats-itself`: the same step as the run that found it saw it; `step` is how it
    /// went when the trace was replayed from reset.
    public var firstRun: FailingStep? = nil

    /// The failure for people; see `text(_:)` for one trace that breaks several checks.
    public var text: String { Self.text([self]) }

    /// One trace that breaks the checks of `group` (all with this trace), printed once.
    public static func text(_ group: [ConformanceFailure]) -> String {
        guard let first = group.first else { return "" }
        return first.text(listing: group)
    }

    private func text(listing group: [ConformanceFailure]) -> String {
        var lines = ["FAIL \(group.map(\.check.name).joined(separator: ", ")): \(reason)"]
        for other in group.dropFirst() { lines.append("  \(other.check): \(other.reason)") }
        let shrunk = originalLength == trace.count ? "" : ", shrunk from \(originalLength) steps"
        lines.append("  found by \(source)\(shrunk)")
        let c = configuration
        lines.append("  configuration: \(presetName.map { "preset \($0), " } ?? "")root \(c.rootKind), routes \(c.routeCount), pages \(c.pageCount), initial pages [\(c.initialPages.map(\.description).joined(separator: ","))]\(c.startPage.map { ", start page \($0)" } ?? "")\(c.dialect == .strict ? "" : ", dialect \(c.dialect)")\(c.launch.map { ", launch \($0)" } ?? "")")
        if let interleaving {
            lines += overlapping(interleaving)
        } else {
            if trace.isEmpty {
                lines.append("  trace: (none: the initial state already fails)")
            } else {
                lines.append("  trace (model ids, \(trace.count) step\(trace.count == 1 ? "" : "s")):")
                for (i, a) in trace.enumerated() {
                    lines.append("    \(a)\(i == trace.count - 1 ? "   <- fails here" : "")")
                }
            }
            if let firstRun {
                lines += sideBySide(firstRun)
            } else if let action = step.modelAction {
                lines += bothSides(of: action)
            } else if let after = step.implementation.after {
                lines.append("  model initial state:")
                lines += indent(step.modelBefore.description, 4)
                lines.append("  implementation initial state, its own ids:")
                lines += indent(after.description, 4)
            }
        }
        let others = alsoBroken.filter { c in !group.contains { $0.check == c } }
        if !others.isEmpty { lines.append("  also broken at this step: \(others.map(\.name).joined(separator: ", "))") }
        if !diagnostics.isEmpty {
            lines.append("  the system said while this trace ran (a driver: its standard error):")
            lines += diagnosticsTail(diagnostics).map { "    \($0)" }
        }
        // A reason or a driver's standard error may hold anything: each line stays one line.
        return lines.map { TextSanitizer.escaped($0) }.joined(separator: "\n")
    }

    /// Overlapping calls: the trace before them, the interleaving, and both sides after them.
    private func overlapping(_ interleaving: Interleaving) -> [String] {
        let before = trace.isEmpty ? "the initial state" : trace.map(\.description).joined(separator: "; ")
        var lines = ["  overlapping calls after \(before):"]
        lines += interleaving.lines.map { "    " + $0 }
        lines.append("  to replay: overlap: \(interleaving.replayText)")
        lines.append("  before them (both sides agree):")
        lines += indent(step.modelBefore.description, 4)
        if let m = step.modelStep {
            lines.append("  model, the calls in the order they started: \(events(m.events))")
            lines += indent(m.state.description, 4)
        }
        if let after = step.implementation.after {
            lines.append("  implementation, its own ids: \(events(step.implementation.events))")
            lines += indent(after.description, 4)
        }
        return lines
    }

    /// The failing step: the state before it, what the model and the implementation did, and
    /// their difference.
    private func bothSides(of action: Action) -> [String] {
        var lines = ["  before '\(action)' (both sides agree):"]
        lines += indent(step.modelBefore.description, 4)
        if let m = step.modelStep {
            lines.append("  model: \(m.outcome); \(events(m.events))")
            lines += indent(m.state.description, 4)
        }
        let sent = step.implementation.action.map { $0 == action ? "" : " (sent as '\($0)')" } ?? ""
        if let after = step.implementation.after, let outcome = step.implementation.outcome {
            lines.append("  implementation\(sent), its own ids: \(outcome); \(events(step.implementation.events))")
            lines += indent(after.description, 4)
            if let m = step.modelStep, !m.state.isSameState(as: after) {
                lines.append("  difference (canonical ids; - model, + implementation):")
                lines += indent(TreeDifference.render(model: m.state, implementation: after), 4)
            }
        } else if let outcome = step.implementation.outcome {
            // A recorded event without a tree (docs/VALIDATE.md).
            lines.append("  implementation\(sent), its own ids: \(outcome); \(events(step.implementation.events)) (no tree recorded)")
        } else {
            lines.append("  implementation\(sent): no answer (\(check))")
        }
        return lines
    }

    /// Both runs of a trace that did not repeat itself: the model, then the implementation the
    /// first time and when replayed from reset, and their difference.
    private func sideBySide(_ firstRun: FailingStep) -> [String] {
        var lines: [String] = []
        let action = step.modelAction.map { "'\($0)'" } ?? "the reset"
        if let m = step.modelStep {
            lines.append("  model, after \(action): \(m.outcome); \(events(m.events))")
            lines += indent(m.state.description, 4)
        }
        func side(_ title: String, _ s: FailingStep) {
            if let after = s.implementation.after {
                let outcome = s.implementation.outcome.map { "\($0); \(events(s.implementation.events))" } ?? "state"
                lines.append("  implementation, \(title), its own ids: \(outcome)")
                lines += indent(after.description, 4)
            } else {
                lines.append("  implementation, \(title): no answer")
            }
        }
        side("the first run", firstRun)
        side("replayed from reset", step)
        if let a = firstRun.implementation.after, let b = step.implementation.after, !a.isSameState(as: b) {
            lines.append("  difference (canonical ids; - the first run, + replayed from reset):")
            lines += indent(TreeDifference.render(model: a, implementation: b), 4)
        }
        return lines
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
func diagnosticsTail(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    return Array(lines.suffix(20))
}
