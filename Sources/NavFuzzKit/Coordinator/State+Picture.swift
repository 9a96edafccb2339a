@_spi(Engine) import CoordinatorModel

/// A state as an SVG picture: the tree form (State+Text.swift) drawn as boxes, one per
/// coordinator, indented under the coordinator that hosts it, with what a reader of a failing
/// trace looks for marked: the coordinators a step changed or created, those that differ from
/// another state, and the owner of the visible screen. Self-contained: no fonts or scripts.
extension State {
    /// What to mark, by id.
    struct PictureMarks: Sendable {
        var changed: Set<CoordinatorID>
        var created: Set<CoordinatorID>
        var differing: Set<CoordinatorID>
        init(changed: Set<CoordinatorID> = [], created: Set<CoordinatorID> = [], differing: Set<CoordinatorID> = []) {
            self.changed = changed; self.created = created; self.differing = differing
        }
    }

    /// The colours of the marks, for a legend.
    enum PictureColour {
        static let changed = "#d97706", created = "#dcfce7", differing = "#dc2626", visible = "#2563eb"
    }

    func svg(marks: PictureMarks = PictureMarks()) -> String {
        let rows = treeRows()
        let top = descend()?.owner
        let rowHeight = 46, indent = 26, charWidth = 7.3
        var width = 240.0
        var body: [String] = []
        var lastAtDepth: [Int: Int] = [:]
        for (i, row) in rows.enumerated() {
            let c = row.coordinator
            let x = 8 + row.depth * indent, y = 8 + i * rowHeight
            let head = "\(c.id) \(c.kind)" + hostingText(of: c)
            let detail = detailText(of: c)
            let w = Double(max(head.count, detail.count) + 2) * charWidth + (c.id == top ? 70 : 0)
            width = max(width, Double(x) + w + 8)
            // The connector from the hosting coordinator's box.
            if row.depth > 0, let parentRow = lastAtDepth[row.depth - 1] {
                let px = 8 + (row.depth - 1) * indent + 10, py = 8 + parentRow * rowHeight + 38
                body.append(##"<path d="M\##(px) \##(py) V\##(y + 19) H\##(x)" fill="none" stroke="#9ca3af"/>"##)
            }
            lastAtDepth[row.depth] = i
            // An orphan, hosted nowhere, is what a reader looks for first.
            let orphan = c.id != root && hosting(of: c.id) == nil
            let stroke = marks.differing.contains(c.id) || orphan ? PictureColour.differing
                : marks.changed.contains(c.id) || marks.created.contains(c.id) ? PictureColour.changed : "#6b7280"
            let strokeWidth = stroke == "#6b7280" ? 1 : 2.5
            let fill = marks.created.contains(c.id) ? PictureColour.created : "#ffffff"
            body.append(##"<g class="coordinator" data-id="\##(c.id)"><rect x="\##(x)" y="\##(y)" width="\##(Int(w))" height="38" rx="5" fill="\##(fill)" stroke="\##(stroke)" stroke-width="\##(strokeWidth)"/>"##
                        + ##"<text x="\##(x + 8)" y="\##(y + 15)" font-weight="bold">\##(markupEscaped(head))</text>"##
                        + ##"<text x="\##(x + 8)" y="\##(y + 31)">\##(markupEscaped(detail))</text>"##
                        + (c.id == top ? ##"<text x="\##(x + Int(w) - 64)" y="\##(y + 15)" fill="\##(PictureColour.visible)" font-weight="bold">visible</text>"## : "")
                        + "</g>")
        }
        if top == nil {
            body.append(##"<text x="8" y="\##(8 + rows.count * rowHeight + 14)" fill="\##(PictureColour.differing)">(no visible screen)</text>"##)
        }
        let height = 8 + rows.count * rowHeight + (top == nil ? 24 : 0)
        return ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(height)" font-family="monospace" font-size="12">"##
            + body.joined() + "</svg>"
    }
}

/// Text for XML and HTML: the five characters with a meaning there written as entities.
func markupEscaped(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for ch in s {
        switch ch {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.append(ch)
        }
    }
    return out
}
