@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit

/// The messages of the driver protocol (docs/DRIVER-PROTOCOL.md) as JSON values, both ways:
/// the harness (`DriverSystem`) and Swift drivers (`DriverServer`) share this file, so the two
/// cannot drift apart. Readers throw a `DriverFieldError` naming the field that is wrong.
package enum DriverMessages {
    /// The protocol version this NavFuzz speaks.
    package static let version = 1

    // MARK: - Requests (harness → driver)

    package static func hello() -> DriverJSON { .object([("navfuzz", .int(version))]) }

    package static func reset(_ configuration: Configuration) -> DriverJSON {
        .object([("cmd", .string("reset")), ("configuration", WireForm.configuration(configuration))])
    }

    /// The version of the save and restore requests this NavFuzz speaks (a driver announces
    /// its own in the handshake's `restore` field).
    package static let restoreVersion = 1

    /// A step; `snapshot: false` tells the driver its reply needs no snapshot (a replayed step).
    package static func step(_ action: Action, snapshot: Bool = true) -> DriverJSON {
        var members: [(String, DriverJSON)] = [("cmd", .string("step")), ("action", .string(action.description))]
        if !snapshot { members.append(("snapshot", .bool(false))) }
        return .object(members)
    }

    package static func save(_ id: Int) -> DriverJSON { .object([("cmd", .string("save")), ("id", .int(id))]) }
    package static func restore(_ id: Int) -> DriverJSON { .object([("cmd", .string("restore")), ("id", .int(id))]) }
    package static func forget() -> DriverJSON { .object([("cmd", .string("forget"))]) }

    package static func snapshotRequest() -> DriverJSON { .object([("cmd", .string("snapshot"))]) }

    package static func configuration(from json: DriverJSON, at path: String = "configuration") throws(DriverFieldError) -> Configuration {
        let routes = try int(json, "routes", at: path)
        let pages = try int(json, "pages", at: path)
        var initial: [Page] = []
        for (i, p) in try strings(json, "initialPages", at: path).enumerated() {
            guard let n = index(p, "p") else { throw DriverFieldError("\(path).initialPages[\(i)]", "expected a page like p0, found '\(p)'") }
            initial.append(Page(n))
        }
        var startPage: Page?
        if let p = json["startPage"], !p.isNull {
            guard let text = p.string, let n = index(text, "p") else {
                throw DriverFieldError("\(path).startPage", "expected a page like p1, found \(p.text)")
            }
            startPage = Page(n)
        }
        let rootName = try string(json, "root", at: path)
        guard let root = Kind.allCases.first(where: { $0.description == rootName }) else {
            throw DriverFieldError("\(path).root", "expected navigation, tab or redirection, found '\(rootName)'")
        }
        var dialect = Dialect.strict
        if let list = json["dialect"], !list.isNull {
            guard let items = list.array else { throw DriverFieldError("\(path).dialect", "expected an array of dialect options") }
            for (i, item) in items.enumerated() {
                guard let name = item.string, let option = Dialect(names: name), !option.isEmpty else {
                    throw DriverFieldError("\(path).dialect[\(i)]", "expected one of \(Dialect.named.map(\.name).joined(separator: ", ")), found \(item.text)")
                }
                dialect.formUnion(option)
            }
        }
        var launch: Launch?
        if let l = json["launch"], !l.isNull {
            let at = "\(path).launch"
            let kindName = try string(l, "kind", at: at), styleName = try string(l, "style", at: at), routeName = try string(l, "route", at: at)
            guard let kind = Kind.allCases.first(where: { $0.description == kindName }) else {
                throw DriverFieldError("\(at).kind", "expected navigation, tab or redirection, found '\(kindName)'")
            }
            guard let style = Style.allCases.first(where: { $0.description == styleName && $0.isModal }) else {
                throw DriverFieldError("\(at).style", "expected a modal style (sheet, detents, fullScreen, overlay, custom), found '\(styleName)'")
            }
            guard let route = index(routeName, "r") else { throw DriverFieldError("\(at).route", "expected a route like r0, found '\(routeName)'") }
            launch = Launch(kind: kind, style: style, route: Route(route))
        }
        let c = Configuration(routeCount: routes, pageCount: pages, initialPages: initial, rootKind: root, dialect: dialect, launch: launch,
                              startPage: startPage)
        if let problem = c.problem { throw DriverFieldError(path, problem) }
        return c
    }

    // MARK: - Replies (driver → harness)

    /// The handshake reply: every capability that is not the default is written out.
    /// `overlaps`: true when the driver runs `overlap` requests, false when its calls never
    /// overlap (they do not wait), nil when it does not say (docs/DRIVER-PROTOCOL.md §5.3).
    package static func helloReply(name: String, capabilities offered: Capabilities, restores: Bool = false,
                                   overlaps: Bool? = nil) -> DriverJSON {
        let all = Capabilities()
        var members: [(String, DriverJSON)] = [
            ("navfuzz", .int(version)), ("name", .string(name)),
            ("actions", .array(ActionName.allCases.filter(offered.actions.contains).map { .string($0.rawValue) })),
        ]
        if restores { members.append(("restore", .int(restoreVersion))) }
        if let overlaps { members.append(("overlaps", .bool(overlaps))) }
        func list<T: CustomStringConvertible & CaseIterable>(_ field: String, _ set: Set<T>, _ whole: Set<T>) {
            if set != whole { members.append((field, .array(T.allCases.filter(set.contains).map { .string($0.description) }))) }
        }
        list("styles", offered.styles, all.styles)
        list("rootKinds", offered.rootKinds, all.rootKinds)
        list("kinds", offered.kinds, all.kinds)
        if offered.receivesInvalidCalls { members.append(("invalidCalls", .bool(true))) }
        if offered.trapsOnRefusedCalls { members.append(("trapsOnRefusals", .bool(true))) }
        if offered.launches { members.append(("launches", .bool(true))) }
        if offered.startPage { members.append(("startPage", .bool(true))) }
        if !offered.offeredOnlyOnTopLayer.isEmpty {
            members.append(("onlyOnTopLayer", .array(offered.offeredOnlyOnTopLayer.map(\.rawValue).sorted().map { .string($0) })))
        }
        if offered.dialect != .strict { members.append(("dialect", .array(offered.dialect.names.map { .string($0) }))) }
        return .object(members)
    }

    package static func snapshotReply(_ snapshot: Snapshot) -> DriverJSON {
        .object([("snapshot", snapshotJSON(snapshot))])
    }

    package static func stepReply(outcome: Outcome, events: [Completion], snapshot: Snapshot?, leaked: [Int]?) -> DriverJSON {
        var members: [(String, DriverJSON)] = []
        switch outcome {
        case .applied: members.append(("outcome", .string("applied")))
        case .refused(let reason): members += [("outcome", .string("refused")), ("reason", .string(reason.rawValue))]
        }
        members.append(("events", .array(events.map {
            .object([("coordinator", .int(Int($0.coordinator.index))), ("result", .string($0.result.description))])
        })))
        if let snapshot { members.append(("snapshot", snapshotJSON(snapshot))) }
        if let leaked, !leaked.isEmpty { members.append(("leaked", .array(leaked.map { .int($0) }))) }
        return .object(members)
    }

    package static func errorReply(_ message: String) -> DriverJSON { .object([("error", .string(message))]) }

    /// The step reply's outcome and events (the snapshot and leaks are read separately).
    /// Whether a step reply says the call is not offered in this state (`SystemStep.notOffered`).
    package static func isNotOffered(_ json: DriverJSON) -> Bool { json["outcome"]?.string == "notOffered" }

    package static func outcomeAndEvents(from json: DriverJSON) throws(DriverFieldError) -> (Outcome, [Completion]) {
        let outcome: Outcome
        switch try string(json, "outcome", at: "") {
        case "applied", "notOffered": outcome = .applied
        case "refused":
            let reason = try string(json, "reason", at: "")
            guard let r = RefusalReason(rawValue: reason) else {
                throw DriverFieldError("reason", "expected one of \(RefusalReason.allCases.map(\.rawValue).joined(separator: ", ")), found '\(reason)'")
            }
            outcome = .refused(r)
        case let other:
            throw DriverFieldError("outcome", "expected \"applied\", \"refused\" or \"notOffered\", found '\(other)'")
        }
        var events: [Completion] = []
        if let list = json["events"], !list.isNull {
            guard let items = list.array else { throw DriverFieldError("events", "expected an array, found \(list.typeName)") }
            for (i, e) in items.enumerated() {
                let at = "events[\(i)]"
                let id = try int(e, "coordinator", at: at)
                let result: FlowResult
                switch try string(e, "result", at: at) {
                case "finished": result = .finished
                case "cancelled": result = .cancelled
                case let other: throw DriverFieldError("\(at).result", "expected \"finished\" or \"cancelled\", found '\(other)'")
                }
                guard id >= 0, id <= Int(Int32.max) else { throw DriverFieldError("\(at).coordinator", "expected a non-negative id, found \(id)") }
                events.append(Completion(CoordinatorID(id), result))
            }
        }
        return (outcome, events)
    }

    /// The optional `leaked` list of a step reply.
    package static func leaked(from json: DriverJSON) throws(DriverFieldError) -> [Int]? {
        guard let list = json["leaked"], !list.isNull else { return nil }
        guard let items = list.array else { throw DriverFieldError("leaked", "expected an array of ids, found \(list.typeName)") }
        var out: [Int] = []
        for (i, v) in items.enumerated() {
            guard let n = v.int else { throw DriverFieldError("leaked[\(i)]", "expected an id, found \(v.typeName)") }
            out.append(n)
        }
        return out
    }

    // MARK: - Snapshots

    package static func snapshotJSON(_ s: Snapshot) -> DriverJSON {
        .object([("root", .int(s.root)), ("coordinators", .array(s.coordinators.map { n in
            var m: [(String, DriverJSON)] = [("id", .int(n.id)), ("kind", .string(n.kind))]
            if let p = n.parent { m.append(("parent", .int(p))) }
            m.append(("children", .array(n.children.map { .int($0) })))
            if let r = n.initialRoute { m.append(("initialRoute", .string(r))) }
            m.append(("stack", .array(n.stack.map { .string($0) })))
            m.append(("modals", .array(n.modals.map { .object([("style", .string($0.style)), ("entry", .string($0.entry))]) })))
            if let t = n.tab {
                m.append(("tab", .object([
                    ("pages", .array(t.pages.map { .string($0) })), ("current", .string(t.current)),
                    ("badges", .object(t.badges.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
                    ("pageCoordinators", .array(t.pageCoordinators.map { .int($0) })),
                ])))
            }
            return .object(m)
        }))])
    }

    // MARK: - Field readers

    static func name(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    static func field(_ json: DriverJSON, _ key: String, at path: String) throws(DriverFieldError) -> DriverJSON {
        guard case .object = json else { throw DriverFieldError(path.isEmpty ? "reply" : path, "expected an object, found \(json.typeName)") }
        guard let v = json[key] else { throw DriverFieldError.missing(name(path, key)) }
        return v
    }

    static func string(_ json: DriverJSON, _ key: String, at path: String) throws(DriverFieldError) -> String {
        let v = try field(json, key, at: path)
        guard let s = v.string else { throw DriverFieldError(name(path, key), "expected a string, found \(v.typeName)") }
        return s
    }

    static func int(_ json: DriverJSON, _ key: String, at path: String) throws(DriverFieldError) -> Int {
        let v = try field(json, key, at: path)
        guard let n = v.int else { throw DriverFieldError(name(path, key), "expected a whole number, found \(v.typeName)") }
        return n
    }

    static func strings(_ json: DriverJSON, _ key: String, at path: String) throws(DriverFieldError) -> [String] {
        let v = try field(json, key, at: path)
        guard let items = v.array else { throw DriverFieldError(name(path, key), "expected an array of strings, found \(v.typeName)") }
        var out: [String] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard let s = item.string else { throw DriverFieldError("\(name(path, key))[\(i)]", "expected a string, found \(item.typeName)") }
            out.append(s)
        }
        return out
    }

    static func ints(_ json: DriverJSON, _ key: String, at path: String) throws(DriverFieldError) -> [Int] {
        let v = try field(json, key, at: path)
        guard let items = v.array else { throw DriverFieldError(name(path, key), "expected an array of ids, found \(v.typeName)") }
        var out: [Int] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard let n = item.int else { throw DriverFieldError("\(name(path, key))[\(i)]", "expected an id, found \(item.typeName)") }
            out.append(n)
        }
        return out
    }

    static func index(_ text: String, _ prefix: Character) -> Int? {
        guard text.first == prefix, let n = Int(text.dropFirst()), n >= 0, n <= 255 else { return nil }
        return n
    }
}
