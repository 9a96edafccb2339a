/// `descend(root)` of docs/SEMANTICS.md §3: what the user sees, and what lies on the way down to it.
public struct Descent: Hashable, Sendable {
    /// `top()`: the owner of the visible screen.
    public var owner: CoordinatorID
    /// The visible screen's index in the owner's stack, or nil when it is a modal screen.
    public var stackIndex: Int?
    /// The topmost modal passed on the way down: its holder and index.
    public var lastModal: ModalPosition?
    /// The last tab whose page the way down passes through with no modal passed after it.
    public var tabBar: CoordinatorID?

    /// Where a modal is: the coordinator that holds it and its index there.
    public struct ModalPosition: Hashable, Sendable {
        /// The coordinator whose modals hold it.
        public var holder: CoordinatorID
        /// Its index in the holder's modals (0 is the bottom).
        public var index: Int
    }
}

extension State {
    /// Walks from the root to the visible screen. Nil when the walk does not end on a screen
    /// (a broken state: a dangling entry, an empty stack, a cycle).
    /// `lastPageOfTab` re-creates a real bug (a tab's top taken from its last page).
    public func descend(lastPageOfTab: Bool = false) -> Descent? {
        var id = root
        var lastModal: Descent.ModalPosition?
        var tabBar: CoordinatorID?
        // A well-formed walk visits each coordinator at most once.
        for _ in 0...count {
            guard let i = index(of: id) else { return nil }
            let modals = modalCount(at: i)
            if modals > 0 {
                lastModal = Descent.ModalPosition(holder: id, index: modals - 1)
                tabBar = nil
                switch modal(at: i, modals - 1).entry {
                case .screen: return Descent(owner: id, stackIndex: nil, lastModal: lastModal, tabBar: tabBar)
                case .child(let next): id = next; continue
                }
            }
            if kind(at: i) == .tab {
                guard hasTab(at: i) else { return nil }
                let pages = pageCount(at: i)
                let page = lastPageOfTab ? (pages > 0 ? self.page(at: i, pages - 1) : nil) : currentPage(at: i)
                guard let page, let next = pageCoordinator(at: i, for: page) else { return nil }
                tabBar = id
                id = next
                continue
            }
            let stack = stackCount(at: i)
            guard stack > 0 else { return nil }
            switch stackEntry(at: i, stack - 1) {
            case .screen: return Descent(owner: id, stackIndex: stack - 1, lastModal: lastModal, tabBar: tabBar)
            case .child(let next): id = next
            }
        }
        return nil
    }

    /// `top()`: the coordinator that owns the visible screen.
    public func top() -> CoordinatorID? { descend()?.owner }
}

extension State {
    /// The topmost presented layer from `c` (docs/SEMANTICS.md §9, `stack-on-top-layer`): `c`
    /// when it presents nothing, else the navigation coordinator its top modal hosts, followed
    /// down the same way. Nil when a top modal is a screen or hosts a coordinator of another kind.
    public func topLayer(from c: CoordinatorID) -> CoordinatorID? {
        var id = c
        for _ in 0...count {
            guard let i = index(of: id) else { return nil }
            let modals = modalCount(at: i)
            if modals == 0 { return id }
            guard case .child(let next) = modal(at: i, modals - 1).entry, let j = index(of: next), kind(at: j) == .navigation else {
                return nil
            }
            id = next
        }
        return nil
    }
}
