/// A state as an indented tree a person reads at a glance: one coordinator per line, children
/// under their holder in hosting order, with how each is hosted and where the visible screen is.
///
///     c0 navigation stack [r0, c1] modals [sheet c2]
///       c1 navigation (push) initial r1 stack [r1]
///       c2 tab (sheet) pages [p0*, p1] badges [p1=1]
///         c3 navigation (page p0) stack [r0]   <- visible
///         c4 navigation (page p1) stack [r0]
extension State: CustomStringConvertible {
    public var description: String {
        var lines: [String] = []
        let top = descend()?.owner
        var printed = Set<CoordinatorID>()
        func line(_ id: CoordinatorID, depth: Int) {
            guard let c = self[id], printed.insert(id).inserted else { return }
            var s = String(repeating: "  ", count: depth) + "\(c.id) \(c.kind)"
            switch hosting(of: id) {
            case .stack?: s += " (push)"
            case .modal(let i)?:
                if let p = c.parent, let style = self[p]?.modals[i].style { s += " (\(style))" }
            case .page(let p)?: s += " (page \(p))"
            case nil: if id != root { s += " (not hosted)" }
            }
            if c.kind != .tab && c.initialRoute != Route(0) { s += " initial \(c.initialRoute)" }
            if c.kind != .tab || !c.stack.isEmpty { s += " stack [\(c.stack.map(\.description).joined(separator: ", "))]" }
            if let tab = c.tab {
                s += " pages [\(tab.pages.map { $0 == tab.current ? "\($0)*" : "\($0)" }.joined(separator: ", "))]"
                if !tab.badges.isEmpty { s += " badges [\(tab.badges.map { "\($0.page)=\($0.value)" }.joined(separator: ", "))]" }
            }
            if !c.modals.isEmpty { s += " modals [\(c.modals.map { "\($0.style) \($0.entry)" }.joined(separator: ", "))]" }
            if id == top { s += "   <- visible" }
            lines.append(s)
            for child in hostedChildren(of: c) { line(child, depth: depth + 1) }
            for child in c.children where !printed.contains(child) { line(child, depth: depth + 1) }
        }
        line(root, depth: 0)
        for c in coordinators where !printed.contains(c.id) { line(c.id, depth: 0) }
        if top == nil { lines.append("(no visible screen)") }
        return lines.joined(separator: "\n")
    }
}
