
extension State {
    /// How the way down (docs/SEMANTICS.md §3) leaves a coordinator: through its top modal, its
    /// current page, or its top stack entry.
    enum Passage { case modal, page, stack }

    /// Calls `visit` with the position of each coordinator on the way down to the visible
    /// screen and how the walk leaves it, the owner of the screen last; stops early when
    /// `visit` returns false or the state is broken.
    func walkDown(_ visit: (Int, Passage) -> Bool) {
        var id = root
        for _ in 0...count {
            guard let i = index(of: id) else { return }
            let next: CoordinatorID?
            if modalCount(at: i) > 0 {
                guard visit(i, .modal) else { return }
                next = modal(at: i, modalCount(at: i) - 1).entry.child
            } else if kind(at: i) == .tab {
                guard visit(i, .page) else { return }
                next = pageCoordinator(at: i, for: currentPage(at: i))
            } else {
                guard visit(i, .stack) else { return }
                next = stackCount(at: i) > 0 ? stackEntry(at: i, stackCount(at: i) - 1).child : nil
            }
            guard let next else { return }
            id = next
        }
    }

    /// The modal lists passed on the way down to the visible screen, counted by their entries:
    /// how many presentations lie under what the user sees.
    func modalLevelsOnTheWayDown() -> Int {
        var levels = 0
        walkDown { i, passage in
            if passage == .modal { levels += modalCount(at: i) }
            return true
        }
        return levels
    }

    /// Whether the way down passes a tab's page and then a modal.
    func isModalOverATabPage() -> Bool {
        var inPage = false, found = false
        walkDown { _, passage in
            if passage == .page { inPage = true } else if passage == .modal && inPage { found = true }
            return !found
        }
        return found
    }

    /// Whether the way down passes a tab whose current page is not its first.
    func showsALaterTabPage() -> Bool {
        var found = false
        walkDown { i, passage in
            if passage == .page && pageCount(at: i) > 0 && currentPage(at: i) != page(at: i, 0) { found = true }
            return !found
        }
        return found
    }
}
