/// The model's state (MODEL.md §2): the live coordinators and the root.

/// A tab coordinator's pages. `pageCoordinators[i]` hosts `pages[i]`; badges are kept sorted
/// by page so that equal tabs compare equal.
public struct TabState: Hashable, Sendable {
    /// The fields, in one immutable box: a tab is copied with every state copy and read on
    /// every walk down the tree, and a box costs one reference count where the lists cost
    /// three. Tabs change rarely; a change makes a new box.
    private var box: Box

    private struct Fields: Hashable, Sendable {
        var pages: [Page]
        var current: Page
        var badges: [Badge]
        var pageCoordinators: [CoordinatorID]
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    public var pages: [Page] {
        _read { yield box.fields.pages }
        _modify { var f = box.fields; yield &f.pages; box = Box(f) }
    }
    public var current: Page {
        _read { yield box.fields.current }
        _modify { var f = box.fields; yield &f.current; box = Box(f) }
    }
    public var badges: [Badge] {
        _read { yield box.fields.badges }
        _modify { var f = box.fields; yield &f.badges; box = Box(f) }
    }
    public var pageCoordinators: [CoordinatorID] {
        _read { yield box.fields.pageCoordinators }
        _modify { var f = box.fields; yield &f.pageCoordinators; box = Box(f) }
    }

    public static func == (a: TabState, b: TabState) -> Bool { a.box === b.box || a.box.fields == b.box.fields }
    public func hash(into hasher: inout Hasher) { box.fields.hash(into: &hasher) }

    public struct Badge: Hashable, Sendable {
        public var page: Page
        public var value: Int
        public init(page: Page, value: Int) { self.page = page; self.value = value }
    }

    public init(pages: [Page], current: Page, badges: [Badge] = [], pageCoordinators: [CoordinatorID]) {
        box = Box(Fields(pages: pages, current: current, badges: badges, pageCoordinators: pageCoordinators))
    }

    public func coordinator(for page: Page) -> CoordinatorID? {
        pages.firstIndex(of: page).flatMap { $0 < pageCoordinators.count ? pageCoordinators[$0] : nil }
    }
    public func badge(for page: Page) -> Int? { badges.first { $0.page == page }?.value }

    public mutating func setBadge(_ page: Page, _ value: Int?) {
        badges.removeAll { $0.page == page }
        if let value {
            badges.append(Badge(page: page, value: value))
            badges.sort { $0.page < $1.page }
        }
    }
}

public struct Coordinator: Hashable, Sendable {
    public var id: CoordinatorID
    public var kind: Kind
    public var parent: CoordinatorID?
    /// The hosted children. Its order carries no meaning; the model keeps it sorted by id.
    public var children: [CoordinatorID]
    /// What `restart` returns to. Tabs have none; the model keeps `r0` there.
    public var initialRoute: Route
    public var stack: [Entry]
    public var modals: [Modal]
    public var tab: TabState?

    public init(id: CoordinatorID, kind: Kind, parent: CoordinatorID?, children: [CoordinatorID] = [],
                initialRoute: Route, stack: [Entry], modals: [Modal] = [], tab: TabState? = nil) {
        self.id = id; self.kind = kind; self.parent = parent; self.children = children
        self.initialRoute = initialRoute; self.stack = stack; self.modals = modals; self.tab = tab
    }
}

/// Where a coordinator is hosted in its parent.
public enum Hosting: Hashable, Sendable {
    case stack(index: Int)
    case modal(index: Int)
    case page(Page)
}

public struct State: Hashable, Sendable {
    /// The live coordinators, sorted by id.
    public var coordinators: [Coordinator]
    public var root: CoordinatorID
    /// The id the next created coordinator takes. Not part of the canonical state.
    public var nextID: Int32

    public init(coordinators: [Coordinator], root: CoordinatorID, nextID: Int32? = nil) {
        self.coordinators = coordinators.sorted { $0.id < $1.id }
        self.root = root
        self.nextID = nextID ?? ((self.coordinators.last?.id.index ?? -1) + 1)
    }

    public func index(of id: CoordinatorID) -> Int? {
        var lo = 0, hi = coordinators.count
        // Ids are unique, sorted and usually not negative, so `id` sits at most at position
        // `id.index`, and there when no coordinator below it has ended: look there first.
        let guess = min(Int(id.index), hi - 1)
        if guess >= 0 {
            let at = coordinators[guess].id.index
            if at == id.index { return guess }
            if at > id.index { hi = guess } else { lo = guess + 1 }
        }
        while lo < hi {
            let mid = (lo + hi) >> 1
            let v = coordinators[mid].id.index
            if v == id.index { return mid }
            if v < id.index { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    public subscript(id: CoordinatorID) -> Coordinator? {
        index(of: id).map { coordinators[$0] }
    }

    public func isLive(_ id: CoordinatorID) -> Bool { index(of: id) != nil }

    /// Where `id` is hosted in its parent, or nil for the root and for orphans.
    public func hosting(of id: CoordinatorID) -> Hosting? {
        // Positions, not `self[id]`: copying a coordinator out retains each of its lists.
        guard let c = index(of: id), let p = coordinators[c].parent, let pi = index(of: p) else { return nil }
        if let i = coordinators[pi].stack.firstIndex(of: .child(id)) { return .stack(index: i) }
        if let i = coordinators[pi].modals.firstIndex(where: { $0.entry == .child(id) }) { return .modal(index: i) }
        if let tab = coordinators[pi].tab, let i = tab.pageCoordinators.firstIndex(of: id), i < tab.pages.count {
            return .page(tab.pages[i])
        }
        return nil
    }

    /// The ids of `id` and every coordinator below it, in canonical (hosting) preorder.
    public func subtree(of id: CoordinatorID) -> [CoordinatorID] {
        var out: [CoordinatorID] = []
        // Subtrees are small: a linear search of `out` beats hashing.
        func visit(_ c: CoordinatorID) {
            guard !out.contains(c), let i = index(of: c) else { return }
            out.append(c)
            forEachBelow(i) { visit($0) }
        }
        visit(id)
        return out
    }

    /// The step of every preorder walk of the tree: `body` gets each coordinator that
    /// `coordinators[i]` hosts, in hosting order (tab pages, then stack entries, then modals,
    /// bottom-up), then each id of its children list. Lists are read in place: `for x in list`
    /// would copy each one out, a reference count on the walks of every step.
    @inline(__always)
    func forEachBelow(_ i: Int, _ body: (CoordinatorID) -> Void) {
        if let tab = coordinators[i].tab { for k in tab.pageCoordinators.indices { body(tab.pageCoordinators[k]) } }
        for k in coordinators[i].stack.indices { if case .child(let h) = coordinators[i].stack[k] { body(h) } }
        for k in coordinators[i].modals.indices { if case .child(let h) = coordinators[i].modals[k].entry { body(h) } }
        for k in coordinators[i].children.indices { body(coordinators[i].children[k]) }
    }

    /// Children in hosting order: tab pages, then stack entries, then modals, bottom-up.
    public func hostedChildren(of c: Coordinator) -> [CoordinatorID] {
        var out: [CoordinatorID] = []
        if let tab = c.tab { out.append(contentsOf: tab.pageCoordinators) }
        for e in c.stack { if let id = e.child { out.append(id) } }
        for m in c.modals { if let id = m.entry.child { out.append(id) } }
        return out
    }
}
