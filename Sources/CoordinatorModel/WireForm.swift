/// The model's values in the JSON of the driver protocol and of recordings
/// (docs/DRIVER-PROTOCOL.md, docs/VALIDATE.md), written: one writer for a driver's replies
/// and an app's recorder. The driver server reads them back.
package enum WireForm {
    /// The configuration object of a `reset` request and of a recording's first line.
    package static func configuration(_ c: Configuration) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("routes", .int(c.routeCount)), ("pages", .int(c.pageCount)),
            ("initialPages", .array(c.initialPages.map { .string($0.description) })),
            ("root", .string(c.rootKind.description)),
        ]
        if let p = c.startPage { members.append(("startPage", .string(p.description))) }
        if c.dialect != .strict { members.append(("dialect", .array(c.dialect.names.map { .string($0) }))) }
        if let l = c.launch {
            members.append(("launch", .object([("kind", .string(l.kind.description)), ("style", .string(l.style.description)),
                                               ("route", .string(l.route.description))])))
        }
        return .object(members)
    }

    /// A step reply, written directly: the same JSON as `DriverMessages.stepReply(…)` with
    /// `Snapshot(state)`, or without a snapshot when `state` is nil. With `action`, a
    /// recording's event line: its number in the recording (`n`), the call, then what it did.
    package static func writeStep(event number: Int? = nil, action: Action? = nil, outcome: Outcome, events: [Completion], state: State?,
                                  leaked: [Int] = [], unchanged: Bool = false, notOffered: Bool = false, top: Int? = nil,
                                  selected: Int? = nil, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        if let number {
            out.append(contentsOf: #""n":"#.utf8)
            JSONValue.writeInt(number, into: &out)
            out.append(UInt8(ascii: ","))
        }
        if let action {
            out.append(contentsOf: #""action":"#.utf8)
            JSONValue.writeString(action.description, into: &out)
            out.append(UInt8(ascii: ","))
        }
        switch outcome {
        case _ where notOffered: out.append(contentsOf: #""outcome":"notOffered","events":["#.utf8)
        case .applied: out.append(contentsOf: #""outcome":"applied","events":["#.utf8)
        case .refused(let reason):
            out.append(contentsOf: #""outcome":"refused","reason":"#.utf8)
            JSONValue.writeString(reason.rawValue, into: &out)
            out.append(contentsOf: #","events":["#.utf8)
        }
        for (i, e) in events.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"coordinator":"#.utf8)
            JSONValue.writeInt(Int(e.coordinator.index), into: &out)
            out.append(contentsOf: (e.result == .finished ? #","result":"finished"}"# : #","result":"cancelled"}"#).utf8)
        }
        out.append(UInt8(ascii: "]"))
        if let state {
            out.append(contentsOf: #","snapshot":"#.utf8)
            writeSnapshot(state, into: &out)
        } else if unchanged {
            out.append(contentsOf: #","unchanged":true"#.utf8)
        }
        if let top {
            out.append(contentsOf: #","top":"#.utf8)
            JSONValue.writeInt(top, into: &out)
        }
        if let selected {
            out.append(contentsOf: #","selected":"#.utf8)
            JSONValue.writeInt(selected, into: &out)
        }
        if !leaked.isEmpty {
            out.append(contentsOf: #","leaked":["#.utf8)
            for (i, n) in leaked.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeInt(n, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The snapshot object of a state, as `DriverMessages.snapshotJSON(Snapshot(state))` writes it.
    package static func writeSnapshot(_ state: State, into out: inout [UInt8]) {
        // Read in place: building the coordinators' values would cost more than the writing.
        func comma(_ first: inout Bool) { if first { first = false } else { out.append(UInt8(ascii: ",")) } }
        func entry(_ e: Entry) {
            switch e {
            case .screen(let r): out.append(contentsOf: #""r"#.utf8); JSONValue.writeInt(Int(r.index), into: &out)
            case .child(let c): out.append(contentsOf: #""c"#.utf8); JSONValue.writeInt(Int(c.index), into: &out)
            }
            out.append(UInt8(ascii: "\""))
        }
        func name(_ prefix: UInt8, _ n: UInt8) {
            out.append(UInt8(ascii: "\""))
            out.append(prefix)
            JSONValue.writeInt(Int(n), into: &out)
            out.append(UInt8(ascii: "\""))
        }
        out.append(contentsOf: #"{"root":"#.utf8)
        JSONValue.writeInt(Int(state.root.index), into: &out)
        out.append(contentsOf: #","coordinators":["#.utf8)
        for i in state.positions {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"id":"#.utf8)
            JSONValue.writeInt(Int(state.id(at: i).index), into: &out)
            let kind = state.kind(at: i)
            switch kind {
            case .navigation: out.append(contentsOf: #","kind":"navigation""#.utf8)
            case .tab: out.append(contentsOf: #","kind":"tab""#.utf8)
            case .redirection: out.append(contentsOf: #","kind":"redirection""#.utf8)
            }
            if let p = state.parent(at: i) {
                out.append(contentsOf: #","parent":"#.utf8)
                JSONValue.writeInt(Int(p.index), into: &out)
            }
            out.append(contentsOf: #","children":["#.utf8)
            var first = true
            for k in 0 ..< state.childCount(at: i) { comma(&first); JSONValue.writeInt(Int(state.child(at: i, k).index), into: &out) }
            out.append(UInt8(ascii: "]"))
            if kind != .tab {
                out.append(contentsOf: #","initialRoute":"#.utf8)
                name(UInt8(ascii: "r"), state.initialRoute(at: i).index)
            }
            out.append(contentsOf: #","stack":["#.utf8)
            first = true
            for k in 0 ..< state.stackCount(at: i) { comma(&first); entry(state.stackEntry(at: i, k)) }
            out.append(contentsOf: #"],"modals":["#.utf8)
            first = true
            for k in 0 ..< state.modalCount(at: i) {
                comma(&first)
                let m = state.modal(at: i, k)
                out.append(contentsOf: #"{"style":"#.utf8)
                JSONValue.writeString(m.style.description, into: &out)
                out.append(contentsOf: #","entry":"#.utf8)
                entry(m.entry)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
            if state.hasTab(at: i) {
                out.append(contentsOf: #","tab":{"pages":["#.utf8)
                first = true
                for k in 0 ..< state.pageCount(at: i) { comma(&first); name(UInt8(ascii: "p"), state.page(at: i, k).index) }
                out.append(contentsOf: #"],"current":"#.utf8)
                name(UInt8(ascii: "p"), state.currentPage(at: i).index)
                out.append(contentsOf: #","badges":{"#.utf8)
                first = true
                for k in 0 ..< state.badgeCount(at: i) {
                    comma(&first)
                    let b = state.badge(at: i, k)
                    name(UInt8(ascii: "p"), b.page.index)
                    out.append(UInt8(ascii: ":"))
                    JSONValue.writeInt(b.value, into: &out)
                }
                out.append(contentsOf: #"},"pageCoordinators":["#.utf8)
                first = true
                for k in 0 ..< state.pageCoordinatorCount(at: i) { comma(&first); JSONValue.writeInt(Int(state.pageCoordinator(at: i, k).index), into: &out) }
                out.append(contentsOf: "]}".utf8)
            }
            if state.sharesRouter(at: i) { out.append(contentsOf: #","sharesRouter":true"#.utf8) }
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
    }
}
