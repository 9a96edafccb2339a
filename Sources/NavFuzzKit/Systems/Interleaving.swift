@_spi(Engine) import CoordinatorModel
import Foundation

/// Overlapping calls as NavFuzz ran them: each after the first started while those before it
/// waited at suspension points, then one call went on at a time (docs/VERIFY.md §2.4).
public struct Interleaving: Sendable, Hashable {
    /// What happened, in order.
    public enum Event: Sendable, Hashable {
        /// Call `call` (numbered from 0) started.
        case started(call: Int)
        /// It waited at `point`.
        case suspended(call: Int, at: SuspensionPoint)
        /// NavFuzz let it go on.
        case resumed(call: Int)
        /// It returned `outcome`.
        case returned(call: Int, Outcome)
        /// It neither waited at a point nor returned within the timeout after it last went on.
        case hung(call: Int)
    }

    /// The calls in the model's ids, in the order they started.
    public var calls: [Action]
    /// The events, in order.
    public var events: [Event]

    /// Two calls and their events.
    public init(calls: [Action], events: [Event]) {
        self.calls = calls; self.events = events
    }

    /// One line per event, each naming its call by number, as the replay text counts them:
    /// `[1] push c0 r1 started`, `[1] push c0 r1 suspended at transition`, `[2] userBack ran:
    /// applied` (started and returned without waiting), `[1] push c0 r1 resumed`.
    public var lines: [String] {
        var out: [String] = []
        var i = 0
        func name(_ c: Int) -> String { "[\(c + 1)] \(calls[c])" }
        while i < events.count {
            switch events[i] {
            case .started(let c):
                if i + 1 < events.count, case .returned(c, let outcome) = events[i + 1] {
                    out.append("\(name(c)) ran: \(outcome)")
                    i += 2
                    continue
                }
                out.append("\(name(c)) started")
            case .suspended(let c, let point): out.append("\(name(c)) suspended at \(point)")
            case .resumed(let c): out.append("\(name(c)) resumed")
            case .returned(let c, let outcome): out.append("\(name(c)) returned: \(outcome)")
            case .hung(let c): out.append("\(name(c)) never returned")
            }
            i += 1
        }
        return out
    }

    /// The calls and the order of their steps, as a corpus file's `overlap:` line and
    /// `Verifier.Options.replaying(_:overlapping:)` take them: `pop c0 | userBack | start 2,
    /// resume 1` (call 2 started, then call 1 went on; calls numbered as they started).
    public var replayText: String {
        let steps = choices.map { step -> String in
            switch step {
            case .start(let c): "start \(c + 1)"
            case .resume(let c): "resume \(c + 1)"
            }
        }
        return calls.map(\.description).joined(separator: " | ") + " | " + (steps.isEmpty ? "-" : steps.joined(separator: ", "))
    }

    /// What went on at each step after the first call started: what makes a run again.
    package var choices: [OverlapChoice] {
        events.compactMap { event in
            switch event {
            case .started(let c) where c > 0: .start(c)
            case .resumed(let c): .resume(c)
            default: nil
            }
        }
    }

    /// The events a run that followed `choices` from its first call shows, when only the
    /// choices are known (the system died before it told the rest).
    package static func events(following choices: [OverlapChoice]) -> [Event] {
        [.started(call: 0)] + choices.map { c in
            switch c {
            case .start(let n): .started(call: n)
            case .resume(let n): .resumed(call: n)
            }
        }
    }

    /// The parts of a replay text: the calls' texts and the events of the schedule, or why it
    /// cannot be read.
    package static func parts(ofReplayText text: String) -> Result<([String], [Event]), ReplayTextError> {
        let parts = text.components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count >= 3 else { return .failure(ReplayTextError("expected 'CALL | CALL | STEPS', found '\(text)'")) }
        let calls = Array(parts.dropLast())
        var choices: [OverlapChoice] = []
        if parts.last != "-" {
            for step in parts.last!.components(separatedBy: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                let words = step.split(separator: " ")
                guard words.count == 2, let n = Int(words[1]), n >= 1, n <= calls.count,
                      words[0] == "resume" || (words[0] == "start" && n >= 2) else {
                    return .failure(ReplayTextError("expected a step 'start N' or 'resume N' for one of the \(calls.count) calls, found '\(step)'"))
                }
                choices.append(words[0] == "start" ? .start(n - 1) : .resume(n - 1))
            }
        }
        return .success((calls, events(following: choices)))
    }

    /// Reads a replay text of the model's actions.
    package init(replayText text: String) throws(ReplayTextError) {
        let (texts, events) = try Self.parts(ofReplayText: text).get()
        var calls: [Action] = []
        for call in texts {
            do { calls.append(try Action(parsing: call)) } catch { throw ReplayTextError("'\(call)' is not an action: \(error)") }
        }
        self.init(calls: calls, events: events)
    }
}
