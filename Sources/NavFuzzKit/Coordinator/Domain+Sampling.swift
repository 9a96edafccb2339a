@_spi(Engine) import CoordinatorModel

extension Domain {
    /// One random action of kind `name` in `state`, or nil when the domain has no arguments
    /// for it. `alphabets` is the configuration the state runs under: conformance reaches just
    /// outside it. The domain is read in place: copying it retains every list it holds, on
    /// every step of every walk.
    func sample(_ name: ActionName, in state: State, profile: SamplingProfile, alphabets: Configuration,
                using rng: inout Xoshiro) -> Action? {
        let odd = profile == .conformance
        func route() -> Route? {
            if odd && rng.chance(1, in: 40) { return Route(alphabets.routeCount) }
            return rng.element(of: routes)
        }
        func page() -> Page? {
            if odd && rng.chance(1, in: 40) { return Page(alphabets.pageCount) }
            return rng.element(of: pages)
        }
        func target(tab: Bool = false) -> CoordinatorID {
            if odd, rng.chance(1, in: 24), let ended = state.endedID(using: &rng) { return ended }
            if rng.below(64) == 0 { return CoordinatorID(Int(state.nextID)) }
            if rng.coin(), let seen = state.descend() {
                if tab, let bar = seen.tabBar { return bar }
                return seen.owner
            }
            let live = state.count  // drawn as `element(of:)` draws
            return live == 0 ? state.root : state.id(at: rng.below(live))
        }
        /// A modal style, and in conformance now and then `push` where it is refused.
        func modal(_ styles: [Style]) -> Style? {
            if odd && rng.chance(1, in: 24) { return .push }
            return rng.element(of: styles)
        }
        switch name {
        case .start, .forcePresentation:
            guard let kind = rng.element(of: startKinds),
                  let style = name == .start ? rng.element(of: startStyles) : modal(forceStyles),
                  let r = kind == .tab && !odd ? routes.first : route() else { return nil }
            return name == .start ? .start(target(), kind, style, r) : .forcePresentation(kind, style, r)
        case .finishFlow: return .finishFlow(target())
        case .restartApp: return .restartApp
        case .redirect:
            guard let r = route(), let style = rng.element(of: startStyles) else { return nil }
            return .redirect(target(), r, style)
        case .restart: return .restart(target())
        case .multiple:
            let c = target()
            let count = odd ? 1 + rng.below(3) : 2
            var parts: [Action] = []
            for _ in 0 ..< count {
                guard let part = routerPart(c, in: state, odd: odd, alphabets: alphabets, using: &rng) else { return nil }
                parts.append(part)
            }
            return .multiple(c, parts)
        case .select:
            guard let p = page() else { return nil }
            return .select(target(tab: true), p)
        case .setPages:
            guard let list = odd ? oddPageList(alphabets, using: &rng) : rng.element(of: pageLists) else { return nil }
            let current = rng.below(odd ? 3 : 4) == 0 ? page() : nil
            return .setPages(target(tab: true), list, current: current)
        case .setBadge:
            let values: [Int?] = odd ? badgeValues + [0, 5, -1] : badgeValues
            guard let p = page(), let v = rng.element(of: values) else { return nil }
            return .setBadge(target(tab: true), p, v)
        case .tabPopToRoot: return .tabPopToRoot(target(tab: true))
        case .userBack: return .userBack
        case .userSwipeDismiss: return .userSwipeDismiss
        case .userSelectTab: return page().map(Action.userSelectTab)
        case .switchRoot:
            guard let kind = rng.element(of: startKinds), let r = kind == .tab && !odd ? routes.first : route() else { return nil }
            return .switchRoot(kind, r)
        case .redirectTo:
            let c = target()
            return rng.element(of: redirectParts(c)).map { .redirectTo(c, $0) }
        case .startShared: return route().map { .startShared(target(), $0) }
        case .setStack: return rng.element(of: routeLists).map { .setStack(target(), $0) }
        case .startStack:
            guard let style = rng.element(of: startStyles), let list = rng.element(of: routeLists) else { return nil }
            return .startStack(target(), style, list)
        default: return routerAction(name, target(), odd: odd, alphabets: alphabets, using: &rng)
        }
    }

    /// A random router part of `multiple` on `c`.
    private func routerPart(_ c: CoordinatorID, in state: State, odd: Bool, alphabets: Configuration,
                            using rng: inout Xoshiro) -> Action? {
        guard let name = rng.element(of: routerPartNames) else { return nil }
        return routerAction(name, c, odd: odd, alphabets: alphabets, using: &rng)
    }

    private func routerAction(_ name: ActionName, _ c: CoordinatorID, odd: Bool, alphabets: Configuration,
                              using rng: inout Xoshiro) -> Action? {
        func route() -> Route? {
            if odd && rng.chance(1, in: 40) { return Route(alphabets.routeCount) }
            return rng.element(of: routes)
        }
        switch name {
        case .push: return route().map { .push(c, $0) }
        case .pop: return .pop(c)
        case .popToRoot: return .popToRoot(c)
        case .popTo: return route().map { .popTo(c, $0) }
        case .setRoot: return route().map { .setRoot(c, $0) }
        case .replaceRoot: return route().map { .replaceRoot(c, $0) }
        case .present:
            guard let r = route() else { return nil }
            let style = odd && rng.chance(1, in: 24) ? .push : rng.element(of: presentStyles)
            return style.map { .present(c, r, $0) }
        case .dismiss: return .dismiss(c)
        case .dismissAll: return .dismissAll(c)
        case .close: return .close(c)
        case .set: return route().map { .set(c, $0) }
        case .none: return .none(c)
        default: return nil
        }
    }

    /// A shuffled part of the page universe, now and then with a page repeated or one just
    /// outside the universe: lists `setPages` must refuse as `invalid`.
    private func oddPageList(_ alphabets: Configuration, using rng: inout Xoshiro) -> [Page]? {
        var list = pages
        guard !list.isEmpty else { return nil }
        for i in stride(from: list.count - 1, to: 0, by: -1) { list.swapAt(i, rng.below(i + 1)) }
        list = Array(list.prefix(1 + rng.below(list.count)))
        if rng.chance(1, in: 16) { list.append(list[0]) }
        if rng.chance(1, in: 32) { list.append(Page(alphabets.pageCount)) }
        return list
    }
}

/// The router actions, the parts `multiple` may have.
private let routerPartNames: [ActionName] = ActionName.allCases.filter(\.isRouterPart)

extension State {
    /// A random id of a coordinator that ended (allocated, no longer live), or nil when none did.
    func endedID(using rng: inout Xoshiro) -> CoordinatorID? {
        let ended = Int(nextID) - count
        guard ended > 0 else { return nil }
        var k = rng.below(ended)
        for id in 0 ..< Int(nextID) where !isLive(CoordinatorID(id)) {
            if k == 0 { return CoordinatorID(id) }
            k -= 1
        }
        return nil
    }
}
