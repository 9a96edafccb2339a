import CoordinatorModel

// The coordinator model's side of fuzzing and shrinking: direct sampling of random actions,
// argument simplifications, and renaming ids when a step that created coordinators is removed.

/// `ActionName.allCases` built once: the synthesized property makes a new array on every call.
private let actionNames: [ActionName] = ActionName.allCases
private let routerPartNames: [ActionName] = ActionName.allCases.filter(\.isRouterPart)

extension CoordinatorMachine {
    /// Every action name, in `ActionName` order; kinds the domain leaves out get weight 0.
    public var actionKinds: [String] { actionNames.map(\.rawValue) }

    /// User actions are weighted high: most real orphan-child bugs come from what the person
    /// does (BUGS.md). Kinds the domain cannot supply arguments for get 0.
    public func defaultWeight(ofKind kind: String) -> Int {
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

    /// Builds one action directly: a kind by weight, then arguments from the domain. The target
    /// is the visible coordinator half the time (real apps act on what is on screen; for tab
    /// actions, the tab whose bar is visible), else any live one, and now and then an id that
    /// is not live, so that `noSuchCoordinator` is exercised too.
    public func sampleAction(in state: CoordinatorModel.State, kinds: KindFilter, using rng: inout Xoshiro,
                             scratch: inout [Action]) -> (action: Action, kind: Int)? {
        guard let k = kinds.pick(using: &rng), k < actionNames.count else { return nil }
        let name = actionNames[k]
        guard let action = sample(name, in: state, using: &rng) else { return nil }
        return (action, k)
    }

    private func sample(_ name: ActionName, in state: CoordinatorModel.State, using rng: inout Xoshiro) -> Action? {
        // The domain is read in place: copying it retains every list it holds, on every step of
        // every walk.
        func route() -> Route? { rng.element(of: domain.routes) }
        func page() -> Page? { rng.element(of: domain.pages) }
        func target(tab: Bool = false) -> CoordinatorID {
            if rng.below(64) == 0 { return CoordinatorID(Int(state.nextID)) }
            if rng.coin(), let seen = state.descend() {
                if tab, let bar = seen.tabBar { return bar }
                return seen.owner
            }
            let live = state.count  // drawn as `element(of:)` draws
            return live == 0 ? state.root : state.id(at: rng.below(live))
        }
        switch name {
        case .start, .forcePresentation:
            guard let kind = rng.element(of: domain.startKinds),
                  let style = rng.element(of: name == .start ? domain.startStyles : domain.forceStyles),
                  let r = kind == .tab ? domain.routes.first : route() else { return nil }
            return name == .start ? .start(target(), kind, style, r) : .forcePresentation(kind, style, r)
        case .finishFlow: return .finishFlow(target())
        case .restartApp: return .restartApp
        case .redirect:
            guard let r = route(), let style = rng.element(of: domain.startStyles) else { return nil }
            return .redirect(target(), r, style)
        case .restart: return .restart(target())
        case .multiple:
            let c = target()
            guard let a = routerPart(c, using: &rng), let b = routerPart(c, using: &rng) else { return nil }
            return .multiple(c, [a, b])
        case .select:
            guard let p = page() else { return nil }
            return .select(target(tab: true), p)
        case .setPages:
            guard let list = rng.element(of: domain.pageLists) else { return nil }
            let current = rng.below(4) == 0 ? page() : nil
            return .setPages(target(tab: true), list, current: current)
        case .setBadge:
            guard let p = page(), let v = rng.element(of: domain.badgeValues) else { return nil }
            return .setBadge(target(tab: true), p, v)
        case .tabPopToRoot: return .tabPopToRoot(target(tab: true))
        case .userBack: return .userBack
        case .userSwipeDismiss: return .userSwipeDismiss
        case .userSelectTab: return page().map(Action.userSelectTab)
        default: return routerAction(name, target(), using: &rng)
        }
    }

    /// A random router part of `multiple` on `c`.
    private func routerPart(_ c: CoordinatorID, using rng: inout Xoshiro) -> Action? {
        guard let name = rng.element(of: routerPartNames) else { return nil }
        return routerAction(name, c, using: &rng)
    }

    private func routerAction(_ name: ActionName, _ c: CoordinatorID, using rng: inout Xoshiro) -> Action? {
        switch name {
        case .push: return rng.element(of: domain.routes).map { .push(c, $0) }
        case .pop: return .pop(c)
        case .popToRoot: return .popToRoot(c)
        case .popTo: return rng.element(of: domain.routes).map { .popTo(c, $0) }
        case .setRoot: return rng.element(of: domain.routes).map { .setRoot(c, $0) }
        case .replaceRoot: return rng.element(of: domain.routes).map { .replaceRoot(c, $0) }
        case .present:
            guard let r = rng.element(of: domain.routes), let s = rng.element(of: domain.presentStyles) else { return nil }
            return .present(c, r, s)
        case .dismiss: return .dismiss(c)
        case .dismissAll: return .dismissAll(c)
        case .close: return .close(c)
        case .set: return rng.element(of: domain.routes).map { .set(c, $0) }
        case .none: return .none(c)
        default: return nil
        }
    }

    /// Simpler variants for the shrinker, simplest first: a `multiple` by each part (then by one
    /// part fewer); a deep link by an explicit `start` on the root; `close`, `dismissAll`,
    /// `popToRoot` by `dismiss`/`pop`; a lower target id;
    /// lower routes, pages and badge values; simpler kinds (navigation, redirection, tab) and
    /// styles (sheet, push, fullScreen, detents, overlay, custom); a page list with a page
    /// fewer or without its `current`. Every variant is strictly lower in one component.
    public func simplifications(of action: Action) -> [Action] {
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
        if let c = action.target, c.index > 0 {
            for lower in 0..<Int(c.index) { out.append(action.retargeted { _ in CoordinatorID(lower) }) }
        }
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
        case .select(let c, let p): out += lower(p).map { .select(c, $0) }
        case .userSelectTab(let p): out += lower(p).map { .userSelectTab($0) }
        case .setBadge(let c, let p, let v):
            out += simpler(v).map { .setBadge(c, p, $0) } + lower(p).map { .setBadge(c, $0, v) }
        case .setPages(let c, let pages, let current):
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
        default: break
        }
        return out
    }

    private func lower(_ r: Route) -> [Route] { (0..<Int(r.index)).map(Route.init) }
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
    public func removing(_ range: Range<Int>, from actions: [Action], initial: CoordinatorModel.State) -> [Action]? {
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

    public func events(of step: Step) -> [String] { step.events.map(\.description) }
}
