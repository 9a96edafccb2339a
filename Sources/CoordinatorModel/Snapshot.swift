/// The observable state of a coordinator system as plain JSON-friendly values: what an
/// implementation under test reports after every step, compared with the model's.
///
///     {"root": 0, "coordinators": [{"id": 0, "kind": "navigation", "children": [1],
///       "initialRoute": "r0", "stack": ["r0", "c1"], "modals": [{"style": "sheet", "entry": "r1"}]}]}
///
/// Entries are written `r<n>` (a screen) or `c<n>` (a hosted child). Ids are the
/// implementation's own; comparison happens on the canonical form.
@_spi(Engine) public struct Snapshot: Codable, Hashable, Sendable {
    @_spi(Engine) public var root: Int
    @_spi(Engine) public var coordinators: [Node]

    @_spi(Engine) public struct Node: Codable, Hashable, Sendable {
        @_spi(Engine) public var id: Int
        @_spi(Engine) public var kind: String
        @_spi(Engine) public var parent: Int?
        @_spi(Engine) public var children: [Int]
        @_spi(Engine) public var initialRoute: String?
        @_spi(Engine) public var stack: [String]
        @_spi(Engine) public var modals: [ModalNode]
        @_spi(Engine) public var tab: TabNode?
        /// `true` for a coordinator on its parent's router (`startShared`); left out otherwise.
        @_spi(Engine) public var sharesRouter: Bool?

        @_spi(Engine) public init(id: Int, kind: String, parent: Int?, children: [Int], initialRoute: String?,
                    stack: [String], modals: [ModalNode], tab: TabNode?, sharesRouter: Bool? = nil) {
            self.id = id; self.kind = kind; self.parent = parent; self.children = children
            self.initialRoute = initialRoute; self.stack = stack; self.modals = modals; self.tab = tab
            self.sharesRouter = sharesRouter
        }
    }

    @_spi(Engine) public struct ModalNode: Codable, Hashable, Sendable {
        @_spi(Engine) public var style: String
        @_spi(Engine) public var entry: String
        @_spi(Engine) public init(style: String, entry: String) { self.style = style; self.entry = entry }
    }

    @_spi(Engine) public struct TabNode: Codable, Hashable, Sendable {
        @_spi(Engine) public var pages: [String]
        @_spi(Engine) public var current: String
        /// Page name → badge value.
        @_spi(Engine) public var badges: [String: Int]
        @_spi(Engine) public var pageCoordinators: [Int]
        @_spi(Engine) public init(pages: [String], current: String, badges: [String: Int], pageCoordinators: [Int]) {
            self.pages = pages; self.current = current; self.badges = badges; self.pageCoordinators = pageCoordinators
        }
    }

    @_spi(Engine) public init(root: Int, coordinators: [Node]) { self.root = root; self.coordinators = coordinators }

    /// The snapshot of a model state.
    @_spi(Engine) public init(_ state: State) {
        root = Int(state.root.index)
        coordinators = state.coordinators.map { c in
            Node(id: Int(c.id.index), kind: c.kind.description, parent: c.parent.map { Int($0.index) },
                 children: c.children.map { Int($0.index) }, initialRoute: c.kind == .tab ? nil : c.initialRoute.description,
                 stack: c.stack.map(\.description),
                 modals: c.modals.map { ModalNode(style: $0.style.description, entry: $0.entry.description) },
                 tab: c.tab.map { t in
                     TabNode(pages: t.pages.map(\.description), current: t.current.description,
                             badges: Dictionary(uniqueKeysWithValues: t.badges.map { ($0.page.description, $0.value) }),
                             pageCoordinators: t.pageCoordinators.map { Int($0.index) })
                 }, sharesRouter: c.sharesRouter ? true : nil)
        }
    }

    /// The model state this snapshot describes. Throws naming the first field that does not parse.
    @_spi(Engine) public func state() throws(SnapshotError) -> State {
        var cs: [Coordinator] = []
        for (n, node) in coordinators.enumerated() {
            let at = "coordinators[\(n)]"
            guard let kind = Kind.allCases.first(where: { $0.description == node.kind }) else {
                throw SnapshotError("\(at).kind: expected navigation, tab or redirection, found '\(node.kind)'")
            }
            let initial = try node.initialRoute.map { (r) throws(SnapshotError) in try parseRoute(r, at: "\(at).initialRoute") } ?? Route(0)
            var stack: [Entry] = []
            for (i, e) in node.stack.enumerated() { stack.append(try parseEntry(e, at: "\(at).stack[\(i)]")) }
            var modals: [Modal] = []
            for (i, m) in node.modals.enumerated() {
                guard let style = Style.allCases.first(where: { $0.description == m.style }) else {
                    throw SnapshotError("\(at).modals[\(i)].style: expected a style, found '\(m.style)'")
                }
                modals.append(Modal(style, try parseEntry(m.entry, at: "\(at).modals[\(i)].entry")))
            }
            var tab: TabState?
            if let t = node.tab {
                var pages: [Page] = []
                for (i, p) in t.pages.enumerated() { pages.append(try parsePage(p, at: "\(at).tab.pages[\(i)]")) }
                let current = try parsePage(t.current, at: "\(at).tab.current")
                var badges: [TabState.Badge] = []
                for (p, v) in t.badges { badges.append(.init(page: try parsePage(p, at: "\(at).tab.badges"), value: v)) }
                badges.sort { $0.page < $1.page }
                tab = TabState(pages: pages, current: current, badges: badges,
                               pageCoordinators: t.pageCoordinators.map(CoordinatorID.init))
            }
            cs.append(Coordinator(id: CoordinatorID(node.id), kind: kind, parent: node.parent.map(CoordinatorID.init),
                                  children: node.children.map(CoordinatorID.init).sorted(), initialRoute: initial,
                                  stack: stack, modals: modals, tab: tab, sharesRouter: node.sharesRouter == true))
        }
        return State(coordinators: cs, root: CoordinatorID(root))
    }
}

private func parseIndex(_ text: String, _ prefix: Character) -> Int? {
    guard text.first == prefix, let n = Int(text.dropFirst()), n >= 0 else { return nil }
    return n
}
private func parseRoute(_ text: String, at: String) throws(SnapshotError) -> Route {
    guard let n = parseIndex(text, "r"), n <= 255 else { throw SnapshotError("\(at): expected a route like r0, found '\(text)'") }
    return Route(n)
}
private func parsePage(_ text: String, at: String) throws(SnapshotError) -> Page {
    guard let n = parseIndex(text, "p"), n <= 255 else { throw SnapshotError("\(at): expected a page like p0, found '\(text)'") }
    return Page(n)
}
private func parseEntry(_ text: String, at: String) throws(SnapshotError) -> Entry {
    if let n = parseIndex(text, "r"), n <= 255 { return .screen(Route(n)) }
    if let n = parseIndex(text, "c"), n <= Int(Int32.max) { return .child(CoordinatorID(n)) }
    throw SnapshotError("\(at): expected a screen like r0 or a child like c1, found '\(text)'")
}
