@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit

/// Snapshots straight between JSON and `State`, for the hot path of every driver step: the
/// harness reads each step reply's snapshot into a state, a Swift driver writes its state into
/// each reply, without building a `Snapshot` of strings in between. Same JSON as
/// `DriverMessages.snapshotJSON`, same errors as `Snapshot.state()`, prefixed with the field.
extension DriverMessages {
    // MARK: - Reading

    package static func state(from json: DriverJSON, at path: String = "snapshot") throws(DriverFieldError) -> State {
        guard case .object = json else { throw DriverFieldError(path, "expected an object, found \(json.typeName)") }
        let root = try id(int(json, "root", at: path), at: "\(path).root")
        guard let list = json["coordinators"] else { throw DriverFieldError.missing("\(path).coordinators") }
        guard let items = list.array else { throw DriverFieldError("\(path).coordinators", "expected an array, found \(list.typeName)") }
        var coordinators: [Coordinator] = []
        coordinators.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            coordinators.append(try coordinator(item, at: "\(path).coordinators[\(i)]"))
        }
        return State(coordinators: coordinators, root: root)
    }

    static func coordinator(_ item: DriverJSON, at path: String) throws(DriverFieldError) -> Coordinator {
        guard case .object = item else { throw DriverFieldError(path, "expected an object, found \(item.typeName)") }
        let id = try id(int(item, "id", at: path), at: "\(path).id")
        let kindName = try string(item, "kind", at: path)
        guard let kind = Kind.allCases.first(where: { $0.description == kindName }) else {
            throw DriverFieldError("\(path).kind", "expected navigation, tab or redirection, found '\(kindName)'")
        }
        var parent: CoordinatorID?
        if let p = item["parent"], !p.isNull {
            guard let n = p.int else { throw DriverFieldError("\(path).parent", "expected an id or null, found \(p.typeName)") }
            parent = try self.id(n, at: "\(path).parent")
        }
        var children: [CoordinatorID] = []
        if let c = item["children"], !c.isNull {
            for (k, n) in try ints(item, "children", at: path).enumerated() { children.append(try self.id(n, at: "\(path).children[\(k)]")) }
            children.sort()
        }
        var initial = Route(0)
        if let r = item["initialRoute"], !r.isNull {
            guard let text = r.string else { throw DriverFieldError("\(path).initialRoute", "expected a route like r0, found \(r.typeName)") }
            guard let n = index(text, "r") else { throw DriverFieldError("\(path).initialRoute", "expected a route like r0, found '\(text)'") }
            initial = Route(n)
        }
        var stack: [Entry] = []
        if let st = item["stack"], !st.isNull {
            for (k, text) in try strings(item, "stack", at: path).enumerated() { stack.append(try entry(text, at: "\(path).stack[\(k)]")) }
        }
        var modals: [Modal] = []
        if let ms = item["modals"], !ms.isNull {
            guard let arr = ms.array else { throw DriverFieldError("\(path).modals", "expected an array, found \(ms.typeName)") }
            for (k, m) in arr.enumerated() {
                let at = "\(path).modals[\(k)]"
                let styleName = try string(m, "style", at: at)
                guard let style = Style.allCases.first(where: { $0.description == styleName }) else {
                    throw DriverFieldError("\(at).style", "expected a style, found '\(styleName)'")
                }
                modals.append(Modal(style, try entry(try string(m, "entry", at: at), at: "\(at).entry")))
            }
        }
        var tab: TabState?
        if let t = item["tab"], !t.isNull {
            tab = try tabState(t, at: "\(path).tab")
        }
        var shared = false
        if let f = item["sharesRouter"], !f.isNull {
            guard case .bool(let b) = f else { throw DriverFieldError("\(path).sharesRouter", "expected true or false, found \(f.typeName)") }
            shared = b
        }
        return Coordinator(id: id, kind: kind, parent: parent, children: children, initialRoute: initial,
                           stack: stack, modals: modals, tab: tab, sharesRouter: shared)
    }

    static func tabState(_ t: DriverJSON, at path: String) throws(DriverFieldError) -> TabState {
        var pages: [Page] = []
        for (k, text) in try strings(t, "pages", at: path).enumerated() { pages.append(try page(text, at: "\(path).pages[\(k)]")) }
        let current = try page(try string(t, "current", at: path), at: "\(path).current")
        var badges: [TabState.Badge] = []
        if let b = t["badges"], !b.isNull {
            guard case .object(let members) = b else { throw DriverFieldError("\(path).badges", "expected an object, found \(b.typeName)") }
            for (key, value) in members {
                guard let n = value.int else { throw DriverFieldError("\(path).badges.\(key)", "expected a whole number, found \(value.typeName)") }
                badges.append(TabState.Badge(page: try page(key, at: "\(path).badges"), value: n))
            }
            badges.sort { $0.page < $1.page }
        }
        var pcs: [CoordinatorID] = []
        for (k, n) in try ints(t, "pageCoordinators", at: path).enumerated() { pcs.append(try id(n, at: "\(path).pageCoordinators[\(k)]")) }
        return TabState(pages: pages, current: current, badges: badges, pageCoordinators: pcs)
    }

    static func id(_ n: Int, at path: String) throws(DriverFieldError) -> CoordinatorID {
        guard n >= 0, n <= Int(Int32.max) else { throw DriverFieldError(path, "expected a non-negative id, found \(n)") }
        return CoordinatorID(n)
    }

    static func entry(_ text: String, at path: String) throws(DriverFieldError) -> Entry {
        if let n = index(text, "r") { return .screen(Route(n)) }
        if text.first == "c", let n = Int(text.dropFirst()), n >= 0, n <= Int(Int32.max) { return .child(CoordinatorID(n)) }
        throw DriverFieldError(path, "expected a screen like r0 or a child like c1, found '\(text)'")
    }

    static func page(_ text: String, at path: String) throws(DriverFieldError) -> Page {
        guard let n = index(text, "p") else { throw DriverFieldError(path, "expected a page like p0, found '\(text)'") }
        return Page(n)
    }

    // MARK: - Writing

    /// `{"snapshot":{...}}` for a state.
    package static func writeSnapshotReply(_ state: State, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"snapshot":"#.utf8)
        writeSnapshot(state, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A step reply, written directly: the same JSON as `stepReply(…)` with `Snapshot(state)`,
    /// or without a snapshot when `state` is nil.
    package static func writeStepReply(outcome: Outcome, events: [Completion], state: State?, leaked: [Int],
                                      unchanged: Bool = false, notOffered: Bool = false, top: Int? = nil, selected: Int? = nil, into out: inout [UInt8]) {
        switch outcome {
        case _ where notOffered: out.append(contentsOf: #"{"outcome":"notOffered","events":["#.utf8)
        case .applied: out.append(contentsOf: #"{"outcome":"applied","events":["#.utf8)
        case .refused(let reason):
            out.append(contentsOf: #"{"outcome":"refused","reason":"#.utf8)
            DriverJSON.writeString(reason.rawValue, into: &out)
            out.append(contentsOf: #","events":["#.utf8)
        }
        for (i, e) in events.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"coordinator":"#.utf8)
            DriverJSON.writeInt(Int(e.coordinator.index), into: &out)
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
            DriverJSON.writeInt(top, into: &out)
        }
        if let selected {
            out.append(contentsOf: #","selected":"#.utf8)
            DriverJSON.writeInt(selected, into: &out)
        }
        if !leaked.isEmpty {
            out.append(contentsOf: #","leaked":["#.utf8)
            for (i, n) in leaked.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                DriverJSON.writeInt(n, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The snapshot object of a state, as `snapshotJSON(Snapshot(state))` writes it.
    package static func writeSnapshot(_ state: State, into out: inout [UInt8]) {
        // Read in place: building the coordinators' values would cost more than the writing.
        func comma(_ first: inout Bool) { if first { first = false } else { out.append(UInt8(ascii: ",")) } }
        func entry(_ e: Entry) {
            switch e {
            case .screen(let r): out.append(contentsOf: #""r"#.utf8); DriverJSON.writeInt(Int(r.index), into: &out)
            case .child(let c): out.append(contentsOf: #""c"#.utf8); DriverJSON.writeInt(Int(c.index), into: &out)
            }
            out.append(UInt8(ascii: "\""))
        }
        func name(_ prefix: UInt8, _ n: UInt8) {
            out.append(UInt8(ascii: "\""))
            out.append(prefix)
            DriverJSON.writeInt(Int(n), into: &out)
            out.append(UInt8(ascii: "\""))
        }
        out.append(contentsOf: #"{"root":"#.utf8)
        DriverJSON.writeInt(Int(state.root.index), into: &out)
        out.append(contentsOf: #","coordinators":["#.utf8)
        for i in state.positions {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"id":"#.utf8)
            DriverJSON.writeInt(Int(state.id(at: i).index), into: &out)
            let kind = state.kind(at: i)
            switch kind {
            case .navigation: out.append(contentsOf: #","kind":"navigation""#.utf8)
            case .tab: out.append(contentsOf: #","kind":"tab""#.utf8)
            case .redirection: out.append(contentsOf: #","kind":"redirection""#.utf8)
            }
            if let p = state.parent(at: i) {
                out.append(contentsOf: #","parent":"#.utf8)
                DriverJSON.writeInt(Int(p.index), into: &out)
            }
            out.append(contentsOf: #","children":["#.utf8)
            var first = true
            for k in 0 ..< state.childCount(at: i) { comma(&first); DriverJSON.writeInt(Int(state.child(at: i, k).index), into: &out) }
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
                DriverJSON.writeString(m.style.description, into: &out)
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
                    DriverJSON.writeInt(b.value, into: &out)
                }
                out.append(contentsOf: #"},"pageCoordinators":["#.utf8)
                first = true
                for k in 0 ..< state.pageCoordinatorCount(at: i) { comma(&first); DriverJSON.writeInt(Int(state.pageCoordinator(at: i, k).index), into: &out) }
                out.append(contentsOf: "]}".utf8)
            }
            if state.sharesRouter(at: i) { out.append(contentsOf: #","sharesRouter":true"#.utf8) }
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
    }
}
