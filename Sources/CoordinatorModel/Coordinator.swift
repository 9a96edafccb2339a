/// One coordinator as a plain value, for building and inspecting states.
public struct Coordinator: Hashable, Sendable {
    /// The coordinator's id.
    public var id: CoordinatorID
    /// The coordinator's kind.
    public var kind: Kind
    /// The coordinator's parent; nil for the root.
    public var parent: CoordinatorID?
    /// The hosted children. Its order carries no meaning; the model keeps it sorted by id.
    public var children: [CoordinatorID]
    /// What `restart` returns to. Tabs have none; the model keeps `r0` there.
    public var initialRoute: Route
    /// The stack entries, bottom first.
    public var stack: [Entry]
    /// The presented modals, bottom first.
    public var modals: [Modal]
    /// The tab fields; in a well-formed state, present exactly for a tab coordinator.
    public var tab: TabState?
    /// Whether it pushes its screens on its parent's router (`startShared`, docs/SEMANTICS.md
    /// §4.7): it is hosted by a stack entry, and its finish removes that entry only.
    public var sharesRouter: Bool

    /// A coordinator with these fields; no children, no modals and no tab unless given.
    public init(id: CoordinatorID, kind: Kind, parent: CoordinatorID?, children: [CoordinatorID] = [],
                initialRoute: Route, stack: [Entry], modals: [Modal] = [], tab: TabState? = nil,
                sharesRouter: Bool = false) {
        self.id = id; self.kind = kind; self.parent = parent; self.children = children
        self.initialRoute = initialRoute; self.stack = stack; self.modals = modals; self.tab = tab
        self.sharesRouter = sharesRouter
    }
}
