@_spi(Engine) import CoordinatorModel
import Foundation

/// Two overlapping calls as NavFuzz ran them: the second started while the first waited at a
/// suspension point, then one call went on at a time (docs/VERIFY.md §2.4).
public struct Interleaving: Sendable, Hashable {
    /// What happened, in order.
    public enum Event: Sendable, Hashable {
        /// Call `call` (0 or 1) started.
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

    /// The calls in the model's ids, the first started first.
    public var calls: [Action]
    /// The events, in order.
    public var events: [Event]

    /// Two calls and their events.
    public init(calls: [Action], events: [Event]) {
        self.calls = calls; self.events = events
    }

    /// One line per event: `push c0 r1 started`, `push c0 r1 suspended at transition`,
    /// `userBack ran: applied` (started and returned without waiting), `push c0 r1 resumed`.
    public var lines: [String] {
        var out: [String] = []
        var i = 0
        while i < events.count {
            switch events[i] {
            case .started(let c):
                if i + 1 < events.count, case .returned(c, let outcome) = events[i + 1] {
                    out.append("\(calls[c]) ran: \(outcome)")
                    i += 2
                    continue
                }
                out.append("\(calls[c]) started")
            case .suspended(let c, let point): out.append("\(calls[c]) suspended at \(point)")
            case .resumed(let c): out.append("\(calls[c]) resumed")
            case .returned(let c, let outcome): out.append("\(calls[c]) returned: \(outcome)")
            case .hung(let c): out.append("\(calls[c]) never returned")
            }
            i += 1
        }
        return out
    }

    /// The calls and the order of their steps, as a corpus file's `overlap:` line and
    /// `Verifier.Options.replaying(_:overlapping:)` take them: `pop c0 | userBack | start 2,
    /// resume 1` (call 2 started, then call 1 went on; calls numbered as they started).
    public var replayText: String {
        let steps = Self.scheduleSteps(events).map { step -> String in
            switch step {
            case .startSecond: "start 2"
            case .resume(let c): "resume \(c + 1)"
            }
        }
        return "\(calls[0]) | \(calls[1]) | " + (steps.isEmpty ? "-" : steps.joined(separator: ", "))
    }

    /// What went on at each step after the first call started: what makes a run again.
    package var choices: [OverlapChoice] { Self.scheduleSteps(events) }

    private static func scheduleSteps(_ events: [Event]) -> [OverlapChoice] {
        events.compactMap { event in
            switch event {
            case .started(1): .startSecond
            case .resumed(let c): .resume(c)
            default: nil
            }
        }
    }

    /// The parts of a replay text: the two calls' texts and the events of the schedule, or
    /// why it cannot be read.
    package static func parts(ofReplayText text: String) -> Result<(String, String, [Event]), ReplayTextError> {
        let parts = text.components(separatedBy: " | ")
        guard parts.count == 3 else { return .failure(ReplayTextError("expected 'CALL | CALL | STEPS', found '\(text)'")) }
        var events: [Event] = [.started(call: 0)]
        let steps = parts[2].trimmingCharacters(in: .whitespaces)
        if steps != "-" {
            for step in steps.components(separatedBy: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                switch step {
                case "start 2": events.append(.started(call: 1))
                case "resume 1": events.append(.resumed(call: 0))
                case "resume 2": events.append(.resumed(call: 1))
                default: return .failure(ReplayTextError("expected a step 'start 2', 'resume 1' or 'resume 2', found '\(step)'"))
                }
            }
        }
        return .success((parts[0].trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces), events))
    }

    /// Reads a replay text of the model's actions.
    package init(replayText text: String) throws(ReplayTextError) {
        let (first, second, events) = try Self.parts(ofReplayText: text).get()
        var calls: [Action] = []
        for call in [first, second] {
            do { calls.append(try Action(parsing: call)) } catch { throw ReplayTextError("'\(call)' is not an action: \(error)") }
        }
        self.init(calls: calls, events: events)
    }
}

/// Why a replay text of overlapping calls cannot be read.
package struct ReplayTextError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
