/// The calls announced to a system and not yet made (`DrivenSystem.announce`), as the lock-step
/// sees them. A system runs every call announced to it, whatever is asked next (a driver has
/// them in its input already; an in-process system runs its queue to the end), and drops the
/// rest of an announcement only when a call is not the next one announced. So the lock-step
/// makes calls as announced, or else first brings the implementation back by a restore or a
/// reset, which put it where they say whatever ran before them.
struct AnnouncedCalls {
    private var calls: [AnnouncedCall] = []
    private var next = 0

    /// Whether calls are announced and not yet made.
    var isEmpty: Bool { next == calls.count }

    mutating func announce(_ more: [AnnouncedCall]) {
        if isEmpty { calls.removeAll(keepingCapacity: true); next = 0 }
        calls += more
    }

    /// Whether making `made` now leaves the implementation where the lock-step expects: they
    /// are the next calls announced, nothing is announced, or they start with a reset or a
    /// restore.
    func allows(_ made: [AnnouncedCall]) -> Bool {
        if isEmpty || startsAfresh(made) { return true }
        return calls.count - next >= made.count && zip(calls[next...], made).allSatisfy { $0 == $1 }
    }

    /// Records `made` as made: the announcement goes on after them when they are its next
    /// calls, and is dropped otherwise (as the system drops it).
    mutating func record(_ made: [AnnouncedCall]) {
        guard !isEmpty, !made.isEmpty else { return }
        if calls.count - next >= made.count && zip(calls[next...], made).allSatisfy({ $0 == $1 }) {
            next += made.count
        } else {
            next = calls.count
        }
    }

    private func startsAfresh(_ made: [AnnouncedCall]) -> Bool {
        switch made.first {
        case .reset?, .restore?: true
        default: false
        }
    }
}
