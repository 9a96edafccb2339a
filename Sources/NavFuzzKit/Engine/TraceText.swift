import Foundation

/// Counterexamples printed for people, in the manner of a short program you can read and paste:
/// the violated property and why, then each numbered step with its outcome, its events and the
/// state after it; and the same as JSON for tools (`--trace-format json`).
@_spi(Engine) public enum TraceText {
    /// The trace as text. Each state is indented under its step; a refused step leaves it as
    /// it was, so it is not repeated.
    @_spi(Engine) public static func text<M: DescribedMachine>(_ counterexample: Counterexample<M>, machine: M) -> String {
        var headline = "\(counterexample.property) (\(counterexample.kind)) violated: \(counterexample.reason)"
        if let broken = counterexample.unreplayable { headline += "\nWARNING: this trace is incomplete: \(broken)" }
        return text(headline: headline, counterexample.path(on: machine), machine: machine)
    }

    /// Any trace as text (a corpus file, say), headed by its first violation if it has one.
    @_spi(Engine) public static func text<M: DescribedMachine>(_ run: TraceRun<M>, machine: M) -> String {
        text(headline: headline(run), run, machine: machine)
    }

    static func headline<M: DescribedMachine>(_ run: TraceRun<M>) -> String {
        guard let v = run.firstViolations.first else { return "every property held" }
        return "\(v.property) (\(v.kind)) violated at step \(v.step): \(v.reason)"
    }

    static func text<M: DescribedMachine>(headline: String, _ run: TraceRun<M>, machine: M) -> String {
        var lines = [headline]
        let n = run.steps.count
        lines.append("\(n) step\(n == 1 ? "" : "s") from the initial state:")
        func state(_ s: M.State) {
            for line in machine.describe(s).split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append("      " + line)
            }
        }
        func violations(_ vs: [TraceViolation]) {
            for v in vs { lines.append("   !! \(v.property): \(v.reason)") }
        }
        lines.append("   0. initial state")
        violations(run.initialViolations)
        state(run.initial)
        for (i, record) in run.steps.enumerated() {
            var line = "   \(i + 1). \(machine.describe(record.action))  -> \(outcome(machine, record))"
            let events = machine.events(of: record.step)
            if !events.isEmpty { line += "; " + events.joined(separator: ", ") }
            lines.append(line)
            violations(record.violations)
            if !record.applied {
                lines.append("      (state unchanged)")
            } else if let s = record.state {
                state(s)
            } else if i == 0 || run.steps[i - 1].state != nil {
                lines.append("      (states are shown for the last \(TraceRun<M>.lastStatesShown) steps and where a property failed)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The trace as JSON with sorted keys: `property`, `kind`, `reason`, `initial` (the state
    /// as text) and `steps`, each with `action`, `outcome`, `events` and `state`. A trace longer
    /// than `TraceRun.statesShownInFull` steps carries the states of its last steps and of its
    /// violations only, as printed traces do (`state` is empty for the others): every state of a
    /// long trace would make the output grow with the square of its length.
    @_spi(Engine) public static func json<M: DescribedMachine>(_ counterexample: Counterexample<M>, machine: M) -> String {
        json(property: counterexample.property, kind: counterexample.kind.rawValue, reason: counterexample.reason,
             counterexample.path(on: machine), machine: machine)
    }

    /// Any trace as JSON; `property`, `kind` and `reason` are those of its first violation,
    /// or empty when every property held.
    @_spi(Engine) public static func json<M: DescribedMachine>(_ run: TraceRun<M>, machine: M) -> String {
        let v = run.firstViolations.first
        return json(property: v?.property ?? "", kind: v?.kind.rawValue ?? "", reason: v?.reason ?? "", run, machine: machine)
    }

    static func json<M: DescribedMachine>(property: String, kind: String, reason: String, _ run: TraceRun<M>, machine: M) -> String {
        let doc = JSONTrace(
            property: property, kind: kind, reason: reason,
            initial: machine.describe(run.initial),
            steps: run.steps.map { r in
                JSONTrace.Step(action: machine.describe(r.action), outcome: outcome(machine, r),
                               events: machine.events(of: r.step), state: r.state.map(machine.describe) ?? "")
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(doc), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }

    /// `applied` or `refused(reason)`.
    static func outcome<M: DescribedMachine>(_ machine: M, _ record: TraceRun<M>.StepRecord) -> String {
        record.applied ? "applied" : "refused(\(machine.refusal(of: record.step) ?? "refused"))"
    }

    /// The word as is when the shell leaves it alone, else in single quotes; a word holding a
    /// character `TextSanitizer` writes out is quoted `$'…'` with that character's bytes as
    /// `\xHH` (bash, zsh), so that the command stays one line without anything that acts and
    /// still names the very file.
    @_spi(Engine) public static func shellQuoted(_ s: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=+,:@%")
        if !s.isEmpty && s.allSatisfy(safe.contains) { return s }
        guard s.unicodeScalars.contains(where: TextSanitizer.writtenOut) else {
            return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var out = "$'"
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case _ where TextSanitizer.writtenOut(c):
                for byte in String(c).utf8 { out += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16) }
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "'"
    }

    struct JSONTrace: Encodable {
        struct Step: Encodable {
            var action: String
            var outcome: String
            var events: [String]
            var state: String
        }
        var property: String
        var kind: String
        var reason: String
        var initial: String
        var steps: [Step]
    }
}
