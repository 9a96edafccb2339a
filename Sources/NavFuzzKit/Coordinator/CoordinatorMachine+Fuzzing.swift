@_spi(Engine) import CoordinatorModel

// The coordinator model's side of fuzzing and shrinking: direct sampling of random actions,
// argument simplifications, and renaming ids when a step that created coordinators is removed.

/// `ActionName.allCases` built once: the synthesized property makes a new array on every call.
private let actionNames: [ActionName] = ActionName.allCases

extension CoordinatorMachine {
    /// Every action name, in `ActionName` order; kinds the domain leaves out get weight 0.
    @_spi(Engine) public var actionKinds: [String] { actionNames.map(\.rawValue) }

    /// User actions are weighted high: most real orphan-child bugs come from what the person
    /// does (docs/SEMANTICS.md §8). Kinds the domain cannot supply arguments for get 0.
    @_spi(Engine) public func defaultWeight(ofKind kind: String) -> Int {
        guard let name = ActionName(rawValue: kind) else { return 0 }
        let d = domain
        switch name {
        case .push, .popTo, .setRoot, .replaceRoot, .set: if d.routes.isEmpty { return 0 }
        case .present: if d.routes.isEmpty || d.presentStyles.isEmpty { return 0 }
        case .start: if d.routes.isEmpty || d.startKinds.isEmpty || d.startStyles.isEmpty { return 0 }
        case .forcePresentation: if d.routes.isEmpty || d.startKinds.isEmpty || d.forceStyles.isEmpty { return 0 }
        case .redirect: if d.routes.isEmpty || d.startStyles.isEmpty { return 0 }
        case .select, .userSelectTab: if d.pages.isEmpty { return 0 }
        case .setPages: if d.pageLists.isEmpty { return 0 }
        case .setBadge: if d.pages.isEmpty || d.badgeValues.isEmpty { return 0 }
        case .none, .multiple: if !d.includeNoneAndMultiple || d.routes.isEmpty || d.presentStyles.isEmpty { return 0 }
        case .switchRoot, .redirectTo, .startShared, .setStack, .startStack:
            if !d.transitions || d.routes.isEmpty || (name == .switchRoot && d.startKinds.isEmpty) || (name == .startStack && d.startStyles.isEmpty) { return 0 }
        default: break
        }
        switch name {
        case .userBack, .userSwipeDismiss: return 6
        case .userSelectTab: return 4
        case .start: return 4
        case .push, .present: return 3
        case .pop, .dismiss, .finishFlow, .forcePresentation, .multiple: return 2
        default: return 1
        }
    }

    /// Builds one action directly: a kind by weight, then arguments from the domain
    /// (`SamplingProfile.model`).
    @_spi(Engine) public func sampleAction(in state: CoordinatorModel.State, kinds: KindFilter, using rng: inout Xoshiro,
                             scratch: inout [Action]) -> (action: Action, kind: Int)? {
        guard let k = kinds.pick(using: &rng), k < actionNames.count else { return nil }
        guard let action = domain.sample(actionNames[k], in: state, profile: .model, alphabets: model.configuration, using: &rng) else {
            return nil
        }
        return (action, k)
    }

    /// Simpler variants for the shrinker, simplest first: a `multiple` by each part (then by one
    /// part fewer); a deep link by an explicit `start` on the root; `close`, `dismissAll`,
    /// `popToRoot` by `dismiss`/`pop`; a lower target id;
    /// lower routes, pages and badge values; simpler kinds (navigation, redirection, tab) and
    /// styles (sheet, push, fullScreen, detents, overlay, custom); a page list with a page
    /// fewer or without its `current`. Every variant is strictly lower in one component.
    @_spi(Engine) public func simplifications(of action: Action) -> [Action] {
        var out = simplerActions(than: action)
        if let c = action.target, c.index > 0 {
            for lower in 0..<Int(c.index) { out.append(action.retargeted { _ in CoordinatorID(lower) }) }
        }
        out += smallerArguments(of: action)
        return out
    }

    /// Other actions that do less than `action`: a part of `multiple` (or one part fewer or
    /// simpler), `start` for a deep link, one `dismiss` or `pop` for more.
    private func simplerActions(than action: Action) -> [Action] {
        var out: [Action] = []
        switch action {
        case .multiple(let c, let parts):
            out += parts
            if parts.count > 1 {
                for i in parts.indices { out.append(.multiple(c, parts.enumerated().filter { $0.offset != i }.map(\.element))) }
            }
            for i in parts.indices {
                for s in simplifications(of: parts[i]) where s.target == c {
                    var p = parts; p[i] = s
                    out.append(.multiple(c, p))
                }
            }
        case .forcePresentation(let k, let s, let r): out.append(.start(CoordinatorID(0), k, s, r))
        case .close(let c): out += [.dismiss(c), .pop(c)]
        case .dismissAll(let c): out.append(.dismiss(c))
        case .popToRoot(let c): out.append(.pop(c))
        default: break
        }
        return out
    }

    /// `action` with a smaller argument: an earlier route, page, kind or style, a shorter list.
    private func smallerArguments(of action: Action) -> [Action] {
        var out: [Action] = []
        switch action {
        case .push(let c, let r): out += lower(r).map { .push(c, $0) }
        case .popTo(let c, let r): out += lower(r).map { .popTo(c, $0) }
        case .setRoot(let c, let r): out += lower(r).map { .setRoot(c, $0) }
        case .replaceRoot(let c, let r): out += lower(r).map { .replaceRoot(c, $0) }
        case .set(let c, let r): out += lower(r).map { .set(c, $0) }
        case .present(let c, let r, let s):
            out += simpler(s).filter(\.isModal).map { .present(c, r, $0) } + lower(r).map { .present(c, $0, s) }
        case .redirect(let c, let r, let s):
            out += simpler(s).map { .redirect(c, r, $0) } + lower(r).map { .redirect(c, $0, s) }
        case .start(let c, let k, let s, let r):
            out += simpler(k).map { .start(c, $0, s, r) } + simpler(s).map { .start(c, k, $0, r) }
                + lower(r).map { .start(c, k, s, $0) }
        case .forcePresentation(let k, let s, let r):
            out += simpler(k).map { .forcePresentation($0, s, r) } + simpler(s).filter(\.isModal).map { .forcePresentation(k, $0, r) }
                + lower(r).map { .forcePresentation(k, s, $0) }
        case .switchRoot(let k, let r): out += simpler(k).map { .switchRoot($0, r) } + lower(r).map { .switchRoot(k, $0) }
        case .redirectTo(let c, let part): out += simplifications(of: part).filter { $0.target == c }.map { .redirectTo(c, $0) }
        case .startShared(let c, let r): out += lower(r).map { .startShared(c, $0) }
        case .setStack(let c, let routes): out += shorter(routes).map { .setStack(c, $0) }
        case .startStack(let c, let s, let routes):
            out += simpler(s).map { .startStack(c, $0, routes) } + shorter(routes).map { .startStack(c, s, $0) }
        case .select(let c, let p): out += lower(p).map { .select(c, $0) }
        case .userSelectTab(let p): out += lower(p).map { .userSelectTab($0) }
        case .setBadge(let c, let p, let v):
            out += simpler(v).map { .setBadge(c, p, $0) } + lower(p).map { .setBadge(c, $0, v) }
        case .setPages(let c, let pages, let current): out += fewerPages(c, pages, current: current)
        default: break
        }
        return out
    }

    /// `setPages` without its current page, with a page fewer, or with an earlier page.
    private func fewerPages(_ c: CoordinatorID, _ pages: [Page], current: Page?) -> [Action] {
        var out: [Action] = []
        if current != nil { out.append(.setPages(c, pages, current: nil)) }
        if pages.count > 1 {
            for i in pages.indices {
                let fewer = pages.enumerated().filter { $0.offset != i }.map(\.element)
                out.append(.setPages(c, fewer, current: current.flatMap { fewer.contains($0) ? $0 : nil }))
            }
        }
        for i in pages.indices {
            for p in lower(pages[i]) where !pages.contains(p) {
                var list = pages; list[i] = p
                out.append(.setPages(c, list, current: current == pages[i] ? p : current))
            }
        }
        return out
    }

    private func lower(_ r: Route) -> [Route] { (0..<Int(r.index)).map(Route.init) }
    /// The list without one of its routes, each way; none for a single route.
    private func shorter(_ routes: [Route]) -> [[Route]] {
        routes.count < 2 ? [] : routes.indices.map { i in routes.enumerated().filter { $0.offset != i }.map(\.element) }
    }
    private func lower(_ p: Page) -> [Page] { (0..<Int(p.index)).map(Page.init) }
    private func simpler(_ k: Kind) -> [Kind] {
        let order: [Kind] = [.navigation, .redirection, .tab]
        return Array(order.prefix(while: { $0 != k }))
    }
    private func simpler(_ s: Style) -> [Style] {
        let order: [Style] = [.sheet, .push, .fullScreen, .detents, .overlay, .custom]
        return Array(order.prefix(while: { $0 != s }))
    }
    /// nil, then 0, then 1: each lower than any value after it in `|v|`, negatives last.
    private func simpler(_ v: Int?) -> [Int?] {
        guard let v else { return [] }
        var out: [Int?] = [nil]
        if v != 0 { out.append(0) }
        if v != 0 && v != 1 { out.append(1) }
        return out
    }

    /// Removing a step that created coordinators shifts the ids of every coordinator created
    /// after it down (ids are allocated in creation order), so later actions are renamed to
    /// keep meaning the same coordinators. An action on a coordinator that is no longer created
    /// moves to its nearest ancestor that still is: the coordinator it was started from.
    @_spi(Engine) public func removing(_ range: Range<Int>, from actions: [Action], initial: CoordinatorModel.State) -> [Action]? {
        guard range.lowerBound >= 0, range.upperBound <= actions.count else { return nil }
        var creator: [Int32: CoordinatorID] = [:]
        var created: [Range<Int32>] = []
        var state = initial
        for i in 0 ..< range.upperBound {
            let after = model.step(state, actions[i]).state
            if range.contains(i) && after.nextID > state.nextID {
                created.append(state.nextID ..< after.nextID)
                for id in state.nextID ..< after.nextID {
                    if let parent = after[CoordinatorID(Int(id))]?.parent { creator[id] = parent }
                }
            }
            state = after
        }
        guard !created.isEmpty else { return nil }
        func renamed(_ id: CoordinatorID) -> CoordinatorID {
            var id = id
            while created.contains(where: { $0.contains(id.index) }), let up = creator[id.index] { id = up }
            let below = created.reduce(0) { $0 + ($1.upperBound <= id.index ? $1.count : 0) }
            return CoordinatorID(Int(id.index) - below)
        }
        return Array(actions[..<range.lowerBound]) + actions[range.upperBound...].map { $0.retargeted(renamed) }
    }

    @_spi(Engine) public func events(of step: Step) -> [String] { step.events.map(\.description) }
}
