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
        func line(_ c: Coordinator, depth: Int) -> String {
            // Deep trees keep a readable indent: past 32 levels the depth is written instead.
            var s = depth <= 32 ? String(repeating: "  ", count: depth) : String(repeating: "  ", count: 32) + "[depth \(depth)] "
            s += "\(c.id) \(c.kind)"
            switch hosting(of: c.id) {
            case .stack?: s += " (push)"
            case .modal(let i)?:
                if let p = c.parent, let style = self[p]?.modals[i].style { s += " (\(style))" }
            case .page(let p)?: s += " (page \(p))"
            case nil: if c.id != root { s += " (not hosted)" }
            }
            if c.kind != .tab && c.initialRoute != Route(0) { s += " initial \(c.initialRoute)" }
            if c.kind != .tab || !c.stack.isEmpty { s += " stack [\(c.stack.map(\.description).joined(separator: ", "))]" }
            if let tab = c.tab {
                s += " pages [\(tab.pages.map { $0 == tab.current ? "\($0)*" : "\($0)" }.joined(separator: ", "))]"
                if !tab.badges.isEmpty { s += " badges [\(tab.badges.map { "\($0.page)=\($0.value)" }.joined(separator: ", "))]" }
            }
            if !c.modals.isEmpty { s += " modals [\(c.modals.map { "\($0.style) \($0.entry)" }.joined(separator: ", "))]" }
            if c.id == top { s += "   <- visible" }
            return s
        }
        /// Hosted children first, then children no entry hosts; its own stack, not the thread's.
        func printTree(from start: CoordinatorID, depth: Int) {
            var pending: [(CoordinatorID, Int)] = [(start, depth)]
            while let (id, d) = pending.popLast() {
                guard let c = self[id], printed.insert(id).inserted else { continue }
                lines.append(line(c, depth: d))
                let below = hostedChildren(of: c) + c.children.filter { !printed.contains($0) }
                pending.append(contentsOf: below.reversed().map { ($0, d + 1) })
            }
        }
        printTree(from: root, depth: 0)
        for c in coordinators where !printed.contains(c.id) { printTree(from: c.id, depth: 0) }
        if top == nil { lines.append("(no visible screen)") }
        return lines.joined(separator: "\n")
    }
}
