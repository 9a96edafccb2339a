/// The modal lists one applied step (`action`, from `before` to `after`) changed, as
/// `modal-discipline` judges them. The first two changes are kept by position (a step changes
/// at most one list); a full list is rebuilt only to describe a failure. The states and the
/// action are handed to each question, not kept: a copy of a state costs a retain per list on
/// every transition.
struct ModalChanges {
    /// How many lists changed, and the positions (before, after) of the first two.
    let count: Int
    let first: (before: Int, after: Int), second: (before: Int, after: Int)

    init(_ pairing: Pairing) {
        count = pairing.modalChanges; first = pairing.firstModal; second = pairing.secondModal
    }

    static func modals(_ s: State, _ i: Int) -> [Modal] { (0..<s.modalCount(at: i)).map { s.modal(at: i, $0) } }

    /// Every changed list, before and after.
    func described(_ before: State, _ after: State) -> String {
        before.positions.compactMap { i -> String? in
            guard let j = after.index(of: before.id(at: i)), !after.sameList(.modals, at: j, as: before, at: i) else { return nil }
            return "\(before.id(at: i)): \(Self.modals(before, i)) -> \(Self.modals(after, j))"
        }.joined(separator: "; ")
    }

    /// Whether the modals at `j` after are the first `keep` at `i` before, then `extra`.
    func matches(_ j: Int, _ i: Int?, keep: Int, then extra: Modal?, _ before: State, _ after: State) -> Bool {
        guard after.modalCount(at: j) == keep + (extra == nil ? 0 : 1) else { return false }
        if keep > 0 { guard let i, after.samePrefix(.modals, keep, at: j, as: before, at: i) else { return false } }
        if let extra { return after.modal(at: j, keep) == extra }
        return true
    }

    /// A change to the modals of another coordinator than `id`.
    @inline(__always)
    func otherChange(_ id: CoordinatorID, _ before: State, _ action: Action) -> String? {
        // Ids are unique, so when the first change is `id`'s, the second is another's.
        let other = count == 0 ? nil : before.id(at: first.before) != id ? first : count > 1 ? second : nil
        if let other { return "\(action) changed the modals of \(before.id(at: other.before))" }
        return nil
    }

    /// Only `id`'s modals changed, to its first `keep` modals then `extra`.
    func only(_ id: CoordinatorID, keep: Int, then extra: Modal? = nil, _ before: State, _ after: State, _ action: Action) -> String? {
        let i = before.index(of: id)
        if let j = after.index(of: id), !matches(j, i, keep: keep, then: extra, before, after) {
            let expected = (i.map { Array(Self.modals(before, $0).prefix(keep)) } ?? []) + (extra.map { [$0] } ?? [])
            return "\(id)'s modals should be \(expected), are \(Self.modals(after, j))"
        }
        return otherChange(id, before, action)
    }

    /// Only `id`'s modals changed, to `expected`.
    func only(_ id: CoordinatorID, _ expected: [Modal], _ before: State, _ after: State, _ action: Action) -> String? {
        if let j = after.index(of: id), Self.modals(after, j) != expected {
            return "\(id)'s modals should be \(expected), are \(Self.modals(after, j))"
        }
        return otherChange(id, before, action)
    }

    @inline(__always)
    func unchanged(_ before: State, _ after: State, _ action: Action) -> String? {
        guard count > 0 else { return nil }
        return "\(action) changed the modals of \(before.id(at: first.before)) from \(Self.modals(before, first.before)) to \(Self.modals(after, first.after))"
    }

    /// One list grew by one modal of `style`.
    func appendedOne(_ style: Style, _ before: State, _ after: State, _ action: Action) -> String? {
        let was = count == 1 ? before.modalCount(at: first.before) : 0
        guard count == 1, after.modalCount(at: first.after) == was + 1,
              after.samePrefix(.modals, was, at: first.after, as: before, at: first.before),
              after.modalStyle(at: first.after, was) == style else {
            return "\(action) should append exactly one \(style) modal to one list; changed \(described(before, after))"
        }
        return nil
    }

    /// One list, `id`'s when given, lost its top modal.
    func removedTop(of id: CoordinatorID?, _ before: State, _ after: State, _ action: Action) -> String? {
        let now = count == 1 ? after.modalCount(at: first.after) : 0
        guard count == 1, before.modalCount(at: first.before) == now + 1,
              after.samePrefix(.modals, now, at: first.after, as: before, at: first.before),
              id == nil || before.id(at: first.before) == id else {
            return "\(action) should remove exactly the top modal of \(id.map(\.description) ?? "one list"); changed \(described(before, after))"
        }
        return nil
    }
}
