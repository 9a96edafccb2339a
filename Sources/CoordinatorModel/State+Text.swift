/// A state as an indented tree a person reads at a glance: one coordinator per line, children
/// under their holder in hosting order, with how each is hosted and where the visible screen is.
///
///     c0 navigation stack [r0, c1] modals [sheet c2]
///       c1 navigation (push) initial r1 stack [r1]
///       c2 tab (sheet) pages [p0*, p1] badges [p1=1]
///         c3 navigation (page p0) stack [r0]   <- visible
///         c4 navigation (page p1) stack [r0]
extension State: CustomStringConvertible {
    /// The state as an indented tree, one coordinator a line.
    public var description: String {
        let top = descend()?.owner
        var lines: [String] = []
        for (c, depth) in treeRows() {
            // Deep trees keep a readable indent: past 32 levels the depth is written instead.
            var s = depth <= 32 ? String(repeating: "  ", count: depth) : String(repeating: "  ", count: 32) + "[depth \(depth)] "
            s += "\(c.id) \(c.kind)" + hostingText(of: c)
            let detail = detailText(of: c)
            if !detail.isEmpty { s += " " + detail }
            if c.id == top { s += "   <- visible" }
            lines.append(s)
        }
        if top == nil { lines.append("(no visible screen)") }
        return lines.joined(separator: "\n")
    }

    /// Every coordinator in the order of the tree form, with its depth: hosted children under
    /// their holder in hosting order, then children no entry hosts, then coordinators the root
    /// does not reach. Walked with a stack of its own, so any depth is fine.
    @_spi(Engine) public func treeRows() -> [(coordinator: Coordinator, depth: Int)] {
        var rows: [(coordinator: Coordinator, depth: Int)] = []
        var seen = Set<CoordinatorID>()
        func walk(from start: CoordinatorID) {
            var pending: [(CoordinatorID, Int)] = [(start, 0)]
            while let (id, d) = pending.popLast() {
                guard let c = self[id], seen.insert(id).inserted else { continue }
                rows.append((c, d))
                let below = hostedChildren(of: c) + c.children.filter { !seen.contains($0) }
                pending.append(contentsOf: below.reversed().map { ($0, d + 1) })
            }
        }
        walk(from: root)
        for c in coordinators where !seen.contains(c.id) { walk(from: c.id) }
        return rows
    }

    /// How `c` is hosted, as the tree form writes it: ` (push)`, ` (sheet)`, ` (page p0)`, ` (not hosted)`.
    @_spi(Engine) public func hostingText(of c: Coordinator) -> String {
        switch hosting(of: c.id) {
        case .stack?: return c.sharesRouter ? " (shared)" : " (push)"
        case .modal(let i)?:
            if let p = c.parent, let style = self[p]?.modals[i].style { return " (\(style))" }
            return ""
        case .page(let p)?: return " (page \(p))"
        case nil: return c.id != root ? " (not hosted)" : c.sharesRouter ? " (shared)" : ""
        }
    }

    /// What `c` holds, as the tree form writes it after the hosting: initial route, stack,
    /// pages and badges, modals.
    @_spi(Engine) public func detailText(of c: Coordinator) -> String {
        var parts: [String] = []
        if c.kind != .tab && c.initialRoute != Route(0) { parts.append("initial \(c.initialRoute)") }
        if c.kind != .tab || !c.stack.isEmpty { parts.append("stack [\(c.stack.map(\.description).joined(separator: ", "))]") }
        if let tab = c.tab {
            parts.append("pages [\(tab.pages.map { $0 == tab.current ? "\($0)*" : "\($0)" }.joined(separator: ", "))]")
            if !tab.badges.isEmpty { parts.append("badges [\(tab.badges.map { "\($0.page)=\($0.value)" }.joined(separator: ", "))]") }
        }
        if !c.modals.isEmpty { parts.append("modals [\(c.modals.map { "\($0.style) \($0.entry)" }.joined(separator: ", "))]") }
        return parts.joined(separator: " ")
    }
}
