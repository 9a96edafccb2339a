/// What three transition checks ask of every coordinator, found in one merge pass over the
/// coordinators before and after a step (both sorted by id): `checkAll` makes it once for
/// all three, each check called alone makes its own.
struct Pairing {
    /// Coordinators before that are live after.
    var kept = 0
    /// Coordinators created with modals, and the first (its position after). Counts and
    /// positions, no optionals: an optional's tag made copying this value stall.
    var createdWithModals = 0, firstCreatedWithModals = 0
    /// Coordinators whose modal list changed, and the first two (positions before, after).
    var modalChanges = 0
    var firstModal = (before: 0, after: 0), secondModal = (before: 0, after: 0)
    /// Coordinators whose stack entry 0 changed, and the first two.
    var rootChanges = 0
    var firstRoot = (before: 0, after: 0), secondRoot = (before: 0, after: 0)

    /// The pairing of `step` from `before`; none for a refused step without events, where the
    /// three checks return before they read it.
    @inline(__always)
    init(_ before: State, _ step: Step) {
        if step.outcome.isRefused && step.events.isEmpty { self.init() } else { self.init(before, step.state) }
    }

    private init() {}

    @inline(__always)
    private init(_ before: State, _ after: State) {
        var i = 0
        for j in after.positions {
            let id = after.id(at: j)
            while i < before.count && before.id(at: i) < id { i += 1 }
            guard i < before.count, before.id(at: i) == id else {
                if after.modalCount(at: j) > 0 {
                    if createdWithModals == 0 { firstCreatedWithModals = j }
                    createdWithModals += 1
                }
                continue
            }
            kept += 1
            if !after.sameList(.modals, at: j, as: before, at: i) {
                if modalChanges == 0 { firstModal = (i, j) } else if modalChanges == 1 { secondModal = (i, j) }
                modalChanges += 1
            }
            if after.rootWord(at: j) != before.rootWord(at: i) {
                if rootChanges == 0 { firstRoot = (i, j) } else if rootChanges == 1 { secondRoot = (i, j) }
                rootChanges += 1
            }
            i += 1
        }
    }
}
