/// A state as a Graphviz DOT picture: one box per coordinator listing its stack, modals and
/// pages, an edge per hosted child labelled with how it is hosted, the visible owner in bold.
/// `dot -Tsvg file.dot > file.svg` renders it.
extension State {
    public func dot(title: String = "") -> String {
        let top = descend()?.owner
        var lines = ["digraph navfuzz {", "  rankdir=TB;", "  node [shape=box, fontname=\"Helvetica\"];"]
        if !title.isEmpty { lines.append("  label=\"\(escape(title))\"; labelloc=t;") }
        for c in coordinators {
            var label = "\(c.id) \(c.kind)"
            if c.kind != .tab { label += "\\lstack [\(c.stack.map(\.description).joined(separator: ", "))]" }
            if let tab = c.tab {
                label += "\\lpages [\(tab.pages.map { $0 == tab.current ? "\($0)*" : "\($0)" }.joined(separator: ", "))]"
                if !tab.badges.isEmpty { label += "\\lbadges [\(tab.badges.map { "\($0.page)=\($0.value)" }.joined(separator: ", "))]" }
            }
            if !c.modals.isEmpty { label += "\\lmodals [\(c.modals.map { "\($0.style) \($0.entry)" }.joined(separator: ", "))]" }
            let style = c.id == top ? ", style=bold, color=blue" : (c.id != root && hosting(of: c.id) == nil ? ", color=red" : "")
            lines.append("  \(c.id) [label=\"\(escape(label))\\l\"\(style)];")
        }
        for c in coordinators {
            for child in c.children {
                let how: String
                switch hosting(of: child) {
                case .stack?: how = "push"
                case .modal(let i)?: how = c.modals[i].style.description
                case .page(let p)?: how = "page \(p)"
                case nil: how = "not hosted"
                }
                let extra = how == "not hosted" ? ", color=red, style=dashed" : ""
                lines.append("  \(c.id) -> \(child) [label=\"\(how)\"\(extra)];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

private func escape(_ s: String) -> String {
    var out = ""
    for ch in s {
        if ch == "\"" { out += "\\\"" } else { out.append(ch) }
    }
    return out
}
