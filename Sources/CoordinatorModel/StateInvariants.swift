/// The five state invariants of MODEL.md §5. They read fields in place (no copies of
/// coordinators, no allocation) because they run on every state exploration finds.
extension Invariant {
    public static let stateInvariants: [Invariant] = [
        treeConsistent, noOrphanChildren, stackShape, tabConsistent, topDefined,
    ]

    public static let treeConsistent = Invariant(
        name: "tree-consistent",
        summary: "the root has no parent; parent and children agree, with no duplicates and no cycles",
        check: .state { s in
            let cs = s.coordinators
            guard let r = s.index(of: s.root) else { return "the root \(s.root) is not live" }
            if let p = cs[r].parent { return "the root \(s.root) has a parent \(p)" }
            for i in cs.indices {
                let id = cs[i].id
                for (k, child) in cs[i].children.enumerated() {
                    if cs[i].children[..<k].contains(child) { return "\(id) lists child \(child) twice" }
                    guard let j = s.index(of: child) else { return "\(id) lists child \(child), which is not live" }
                    if cs[j].parent != id { return "\(id) lists child \(child), whose parent is \(cs[j].parent.map(\.description) ?? "none")" }
                }
                guard id != s.root else { continue }
                guard let p = cs[i].parent else { return "\(id) is not the root and has no parent" }
                guard let pi = s.index(of: p) else { return "\(id) has parent \(p), which is not live" }
                if !cs[pi].children.contains(id) { return "\(id) has parent \(p), which does not list it as a child" }
                var up = p, steps = 0
                while up != s.root {
                    steps += 1
                    guard steps <= cs.count, let u = s.index(of: up), let next = cs[u].parent else {
                        return "\(id) does not reach the root through its parents (a cycle)"
                    }
                    up = next
                }
            }
            return nil
        })

    public static let noOrphanChildren = Invariant(
        name: "no-orphan-children",
        summary: "every non-root coordinator is hosted by exactly one entry or page of its parent, and every hosted coordinator is a live child",
        check: .state { s in
            let cs = s.coordinators
            func checkHosted(_ holder: Int, _ h: CoordinatorID) -> String? {
                guard let j = s.index(of: h) else { return "\(cs[holder].id) hosts \(h), which is not live" }
                if cs[j].parent != cs[holder].id || !cs[holder].children.contains(h) {
                    return "\(cs[holder].id) hosts \(h), which is not its child"
                }
                return nil
            }
            for i in cs.indices {
                if let pcs = cs[i].tab?.pageCoordinators { for h in pcs { if let r = checkHosted(i, h) { return r } } }
                for e in cs[i].stack { if case .child(let h) = e, let r = checkHosted(i, h) { return r } }
                for m in cs[i].modals { if case .child(let h) = m.entry, let r = checkHosted(i, h) { return r } }
                let id = cs[i].id
                guard id != s.root, let p = cs[i].parent, let pi = s.index(of: p) else { continue }
                var places = 0
                for e in cs[pi].stack where e == .child(id) { places += 1 }
                for m in cs[pi].modals where m.entry == .child(id) { places += 1 }
                if let pcs = cs[pi].tab?.pageCoordinators { for pc in pcs where pc == id { places += 1 } }
                if places == 0 { return "\(id) is a child of \(p) but hosted nowhere: an orphan" }
                if places > 1 { return "\(id) is hosted \(places) times by \(p)" }
            }
            return nil
        })

    public static let stackShape = Invariant(
        name: "stack-shape",
        summary: "navigation stacks are non-empty with a screen at entry 0; redirection holds exactly one screen; tabs have no stack; push is never a modal style",
        check: .state { s in
            let cs = s.coordinators
            for i in cs.indices {
                let id = cs[i].id
                switch cs[i].kind {
                case .navigation:
                    guard let first = cs[i].stack.first else { return "navigation \(id) has an empty stack" }
                    if case .child(let ch) = first { return "navigation \(id) has child \(ch) at entry 0" }
                case .redirection:
                    if cs[i].stack.count != 1 { return "redirection \(id) has \(cs[i].stack.count) stack entries, not 1" }
                    if case .child(let ch) = cs[i].stack[0] { return "redirection \(id) shows child \(ch) instead of a screen" }
                case .tab:
                    if !cs[i].stack.isEmpty { return "tab \(id) has stack entries" }
                }
                for m in cs[i].modals where m.style == .push { return "\(id) has a modal with style push" }
            }
            return nil
        })

    public static let tabConsistent = Invariant(
        name: "tab-consistent",
        summary: "pages are non-empty and unique, current is a page, page coordinators match pages one-to-one, badges only for existing pages",
        check: .state { s in
            // Only tabs (and broken non-tabs with pages) are copied out and looked at.
            for i in s.coordinators.indices where s.coordinators[i].kind == .tab || s.coordinators[i].tab != nil {
                let c = s.coordinators[i]
                guard c.kind == .tab else { return "\(c.id) is \(c.kind) but has tab pages" }
                guard let tab = c.tab, !tab.pages.isEmpty else { return "tab \(c.id) has no pages" }
                if hasRepeats(tab.pages) { return "tab \(c.id) repeats a page" }
                if !tab.pages.contains(tab.current) { return "tab \(c.id) has current page \(tab.current), which is not one of its pages" }
                if tab.pageCoordinators.count != tab.pages.count || hasRepeats(tab.pageCoordinators) {
                    return "tab \(c.id) has \(tab.pages.count) pages but page coordinators \(tab.pageCoordinators)"
                }
                if let b = tab.badges.first(where: { !tab.pages.contains($0.page) }) {
                    return "tab \(c.id) has a badge for \(b.page), which is not one of its pages"
                }
                if hasRepeats(tab.badges.map(\.page)) { return "tab \(c.id) has two badges for one page" }
            }
            return nil
        })

    public static let topDefined = Invariant(
        name: "top-defined",
        summary: "descend(root) ends on a screen owned by a live coordinator",
        check: .state { s in
            s.descend() == nil ? "descend(root) does not end on a screen" : nil
        })
}

private func hasRepeats<T: Equatable>(_ items: [T]) -> Bool {
    for i in items.indices where items[..<i].contains(items[i]) { return true }
    return false
}
