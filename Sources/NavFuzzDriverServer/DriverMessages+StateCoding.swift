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
        WireForm.writeSnapshot(state, into: &out)
        out.append(UInt8(ascii: "}"))
    }

}
