/// The five state invariants of docs/SEMANTICS.md §5. They read fields in place (no copies of
/// coordinators, no allocation) because they run on every state exploration finds.
extension Invariant {
    @_spi(Engine) public static let stateInvariants: [Invariant] = [
        treeConsistent, noOrphanChildren, stackShape, tabConsistent, topDefined,
    ]

    @_spi(Engine) public static let treeConsistent = Invariant(
        name: "tree-consistent",
        summary: "the root has no parent; parent and children agree, with no duplicates and no cycles",
        check: .state(treeConsistentCheck))

    static func treeConsistentCheck(_ s: State) -> String? {
        guard let r = s.index(of: s.root) else { return "the root \(s.root) is not live" }
        if let p = s.parent(at: r) { return "the root \(s.root) has a parent \(p)" }
        let n = s.count
        // listedBy[j]: the position of the coordinator that lists j as a child, once that
        // listing was checked against j's parent. The parent checks and the walks up to the
        // root then follow it without looking ids up again; reaches[j] marks coordinators
        // known to reach the root, so that each chain is climbed once.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n) { buffer -> String? in
            buffer.initialize(repeating: -1)
            let listedBy = UnsafeMutableBufferPointer(rebasing: buffer[0..<n])
            let reaches = UnsafeMutableBufferPointer(rebasing: buffer[n..<(2 * n)])
            for i in s.positions {
                let id = s.id(at: i)
                for k in 0..<s.childCount(at: i) {
                    let child = s.child(at: i, k)
                    for m in 0..<k where s.child(at: i, m) == child { return "\(id) lists child \(child) twice" }
                    guard let j = s.index(of: child) else { return "\(id) lists child \(child), which is not live" }
                    if s.parent(at: j) != id { return "\(id) lists child \(child), whose parent is \(s.parent(at: j).map(\.description) ?? "none")" }
                    listedBy[j] = Int32(i)
                }
            }
            reaches[r] = 1
            for i in s.positions where i != r {
                let id = s.id(at: i)
                guard let p = s.parent(at: i) else { return "\(id) is not the root and has no parent" }
                guard listedBy[i] >= 0 else {
                    return s.isLive(p) ? "\(id) has parent \(p), which does not list it as a child"
                                       : "\(id) has parent \(p), which is not live"
                }
                var up = Int(listedBy[i]), steps = 0
                while reaches[up] < 0 {
                    steps += 1
                    guard steps <= n, listedBy[up] >= 0 else { return "\(id) does not reach the root through its parents (a cycle)" }
                    up = Int(listedBy[up])
                }
                up = i
                while reaches[up] < 0 {
                    reaches[up] = 1
                    up = Int(listedBy[up])
                }
            }
            return nil
        }
    }

    @_spi(Engine) public static let noOrphanChildren = Invariant(
        name: "no-orphan-children",
        summary: "every non-root coordinator is hosted by exactly one entry or page of its parent, and every hosted coordinator is a live child; one on its parent's router sits in its parent's stack",
        check: .state(noOrphanChildrenCheck))

    static func noOrphanChildrenCheck(_ s: State) -> String? {
        // One pass over every hosting entry, counting how often each coordinator is hosted.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: s.count) { places -> String? in
            places.initialize(repeating: 0)
            var problem: String?
            for i in s.positions where problem == nil {
                let holderID = s.id(at: i)
                s.forEachHosted(i) { h in
                    guard problem == nil else { return }
                    guard let j = s.index(of: h) else { problem = "\(holderID) hosts \(h), which is not live"; return }
                    if s.parent(at: j) != holderID || !s.listsChild(h, at: i) {
                        problem = "\(holderID) hosts \(h), which is not its child"
                        return
                    }
                    places[j] += 1
                }
            }
            if let problem { return problem }
            for i in s.positions where s.id(at: i) != s.root {
                guard let p = s.parent(at: i), s.isLive(p) else { continue }
                if places[i] == 0 { return "\(s.id(at: i)) is a child of \(p) but hosted nowhere: an orphan" }
                if places[i] > 1 { return "\(s.id(at: i)) is hosted \(places[i]) times by \(p)" }
            }
            // A coordinator on its parent's router has its screens in that router's stack.
            for i in s.positions where s.sharesRouter(at: i) {
                guard s.id(at: i) != s.root, s.kind(at: i) == .navigation, case .stack? = s.hosting(of: s.id(at: i)) else {
                    return "\(s.id(at: i)) shares its parent's router but is not a navigation coordinator in its parent's stack"
                }
            }
            return nil
        }
    }

    @_spi(Engine) public static let stackShape = Invariant(
        name: "stack-shape",
        summary: "navigation stacks are non-empty with a screen at entry 0; redirection holds exactly one screen; tabs have no stack; push is never a modal style",
        check: .state(stackShapeCheck))

    static func stackShapeCheck(_ s: State) -> String? {
        for i in s.positions {
            let id = s.id(at: i), stack = s.stackCount(at: i)
            switch s.kind(at: i) {
            case .navigation:
                guard stack > 0 else { return "navigation \(id) has an empty stack" }
                if case .child(let ch) = s.stackEntry(at: i, 0) { return "navigation \(id) has child \(ch) at entry 0" }
            case .redirection:
                if stack != 1 { return "redirection \(id) has \(stack) stack entries, not 1" }
                if case .child(let ch) = s.stackEntry(at: i, 0) { return "redirection \(id) shows child \(ch) instead of a screen" }
            case .tab:
                if stack > 0 { return "tab \(id) has stack entries" }
            }
            for k in 0..<s.modalCount(at: i) where s.modalStyle(at: i, k) == .push { return "\(id) has a modal with style push" }
        }
        return nil
    }

    @_spi(Engine) public static let tabConsistent = Invariant(
        name: "tab-consistent",
        summary: "pages are non-empty and unique, current is a page, page coordinators match pages one-to-one, badges only for existing pages",
        check: .state(tabConsistentCheck))

    static func tabConsistentCheck(_ s: State) -> String? {
        for i in s.positions where s.kind(at: i) == .tab || s.hasTab(at: i) {
            let id = s.id(at: i)
            guard s.kind(at: i) == .tab else { return "\(id) is \(s.kind(at: i)) but has tab pages" }
            let pages = s.pageCount(at: i), coordinators = s.pageCoordinatorCount(at: i)
            guard s.hasTab(at: i), pages > 0 else { return "tab \(id) has no pages" }
            for k in 0..<pages { for m in 0..<k where s.page(at: i, m) == s.page(at: i, k) { return "tab \(id) repeats a page" } }
            let current = s.currentPage(at: i)
            if !s.hasPage(current, at: i) { return "tab \(id) has current page \(current), which is not one of its pages" }
            var repeated = false
            for k in 0..<coordinators {
                for m in 0..<k where s.pageCoordinator(at: i, m) == s.pageCoordinator(at: i, k) { repeated = true }
            }
            if coordinators != pages || repeated {
                let list = (0..<coordinators).map { s.pageCoordinator(at: i, $0) }
                return "tab \(id) has \(pages) pages but page coordinators \(list)"
            }
            for k in 0..<s.badgeCount(at: i) {
                let page = s.badge(at: i, k).page
                if !s.hasPage(page, at: i) { return "tab \(id) has a badge for \(page), which is not one of its pages" }
                for m in 0 ..< k where s.badge(at: i, m).page == page { return "tab \(id) has two badges for one page" }
            }
        }
        return nil
    }

    @_spi(Engine) public static let topDefined = Invariant(
        name: "top-defined",
        summary: "descend(root) ends on a screen owned by a live coordinator",
        check: .state(topDefinedCheck))

    static func topDefinedCheck(_ s: State) -> String? {
        s.descend() == nil ? "descend(root) does not end on a screen" : nil
    }
}
