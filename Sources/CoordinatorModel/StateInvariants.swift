/// The five state invariants of MODEL.md §5.
extension Invariant {
    public static let stateInvariants: [Invariant] = [
        treeConsistent, noOrphanChildren, stackShape, tabConsistent, topDefined,
    ]

    public static let treeConsistent = Invariant(
        name: "tree-consistent",
        summary: "the root has no parent; parent and children agree, with no duplicates and no cycles",
        check: .state { s in
            guard let root = s[s.root] else { return "the root \(s.root) is not live" }
            if let p = root.parent { return "the root \(s.root) has a parent \(p)" }
            for c in s.coordinators {
                for (i, child) in c.children.enumerated() {
                    if c.children[..<i].contains(child) { return "\(c.id) lists child \(child) twice" }
                    guard let ch = s[child] else { return "\(c.id) lists child \(child), which is not live" }
                    if ch.parent != c.id { return "\(c.id) lists child \(child), whose parent is \(ch.parent.map(\.description) ?? "none")" }
                }
                guard c.id != s.root else { continue }
                guard let p = c.parent else { return "\(c.id) is not the root and has no parent" }
                guard let parent = s[p] else { return "\(c.id) has parent \(p), which is not live" }
                if !parent.children.contains(c.id) { return "\(c.id) has parent \(p), which does not list it as a child" }
                var up = p, steps = 0
                while up != s.root {
                    steps += 1
                    guard steps <= s.coordinators.count, let next = s[up]?.parent else {
                        return "\(c.id) does not reach the root through its parents (a cycle)"
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
            for c in s.coordinators {
                var hosted: [CoordinatorID] = []
                if let tab = c.tab { hosted += tab.pageCoordinators }
                hosted += c.stack.compactMap(\.child)
                hosted += c.modals.compactMap(\.entry.child)
                for h in hosted {
                    guard let ch = s[h] else { return "\(c.id) hosts \(h), which is not live" }
                    if ch.parent != c.id || !c.children.contains(h) { return "\(c.id) hosts \(h), which is not its child" }
                }
                guard c.id != s.root, let p = c.parent, let parent = s[p] else { continue }
                let places = parent.stack.filter { $0 == .child(c.id) }.count
                    + parent.modals.filter { $0.entry == .child(c.id) }.count
                    + (parent.tab?.pageCoordinators.filter { $0 == c.id }.count ?? 0)
                if places == 0 { return "\(c.id) is a child of \(p) but hosted nowhere: an orphan" }
                if places > 1 { return "\(c.id) is hosted \(places) times by \(p)" }
            }
            return nil
        })

    public static let stackShape = Invariant(
        name: "stack-shape",
        summary: "navigation stacks are non-empty with a screen at entry 0; redirection holds exactly one screen; tabs have no stack; push is never a modal style",
        check: .state { s in
            for c in s.coordinators {
                switch c.kind {
                case .navigation:
                    guard let first = c.stack.first else { return "navigation \(c.id) has an empty stack" }
                    if case .child(let ch) = first { return "navigation \(c.id) has child \(ch) at entry 0" }
                case .redirection:
                    if c.stack.count != 1 { return "redirection \(c.id) has \(c.stack.count) stack entries, not 1" }
                    if case .child(let ch) = c.stack[0] { return "redirection \(c.id) shows child \(ch) instead of a screen" }
                case .tab:
                    if !c.stack.isEmpty { return "tab \(c.id) has stack entries" }
                }
                if c.modals.contains(where: { $0.style == .push }) { return "\(c.id) has a modal with style push" }
            }
            return nil
        })

    public static let tabConsistent = Invariant(
        name: "tab-consistent",
        summary: "pages are non-empty and unique, current is a page, page coordinators match pages one-to-one, badges only for existing pages",
        check: .state { s in
            for c in s.coordinators {
                guard c.kind == .tab else {
                    if c.tab != nil { return "\(c.id) is \(c.kind) but has tab pages" }
                    continue
                }
                guard let tab = c.tab else { return "tab \(c.id) has no pages" }
                if tab.pages.isEmpty { return "tab \(c.id) has no pages" }
                if Set(tab.pages).count != tab.pages.count { return "tab \(c.id) repeats a page" }
                if !tab.pages.contains(tab.current) { return "tab \(c.id) has current page \(tab.current), which is not one of its pages" }
                if tab.pageCoordinators.count != tab.pages.count || Set(tab.pageCoordinators).count != tab.pageCoordinators.count {
                    return "tab \(c.id) has \(tab.pages.count) pages but page coordinators \(tab.pageCoordinators)"
                }
                if let b = tab.badges.first(where: { !tab.pages.contains($0.page) }) {
                    return "tab \(c.id) has a badge for \(b.page), which is not one of its pages"
                }
                if Set(tab.badges.map(\.page)).count != tab.badges.count { return "tab \(c.id) has two badges for one page" }
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
