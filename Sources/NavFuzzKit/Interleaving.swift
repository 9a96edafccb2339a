@_spi(Engine) import CoordinatorModel

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
}
