/// The parameter domains actions are enumerated from (docs/SEMANTICS.md §6), and the presets.
@_spi(Engine) public struct Domain: Hashable, Sendable {
    @_spi(Engine) public var routes: [Route]
    @_spi(Engine) public var pages: [Page]
    @_spi(Engine) public var startKinds: [Kind]
    /// Styles for `start` and `redirect`.
    @_spi(Engine) public var startStyles: [Style]
    @_spi(Engine) public var forceStyles: [Style]
    @_spi(Engine) public var presentStyles: [Style]
    @_spi(Engine) public var pageLists: [[Page]]
    @_spi(Engine) public var badgeValues: [Int?]
    /// Whether `none` and `multiple` of two actions are enumerated (left out of the presets).
    @_spi(Engine) public var includeNoneAndMultiple: Bool
    /// Whether the opt-in transitions of docs/SEMANTICS.md §4.7 are enumerated (`switchRoot`,
    /// `redirectTo`, `startShared`, `setStack`, `startStack`); left out of the five presets.
    @_spi(Engine) public var transitions: Bool

    @_spi(Engine) public init(routes: [Route], pages: [Page], startKinds: [Kind] = Kind.allCases,
                startStyles: [Style] = [.push, .sheet, .fullScreen], forceStyles: [Style] = [.sheet, .fullScreen],
                presentStyles: [Style] = [.sheet, .fullScreen], pageLists: [[Page]]? = nil,
                badgeValues: [Int?] = [nil, 1], includeNoneAndMultiple: Bool = false, transitions: Bool = false) {
        self.routes = routes; self.pages = pages; self.startKinds = startKinds
        self.startStyles = startStyles; self.forceStyles = forceStyles; self.presentStyles = presentStyles
        self.pageLists = pageLists ?? Domain.defaultPageLists(pages)
        self.badgeValues = badgeValues; self.includeNoneAndMultiple = includeNoneAndMultiple
        self.transitions = transitions
    }

    /// Every ordered pair of distinct routes: the lists of `setStack` and `startStack`.
    @_spi(Engine) public var routeLists: [[Route]] { routes.flatMap { a in routes.filter { $0 != a }.map { [a, $0] } } }

    /// The parent transitions `redirectTo c` asks for (written on `c`): `dismiss`, `pop`,
    /// `popToRoot`, `none`, then per route `set`, `replaceRoot` (CoordinatorX `.root`),
    /// `setRoot` and `multiple [replaceRoot r, dismiss]` (CoordinatorX's `.multiple(.root, .dismiss)`).
    @_spi(Engine) public func redirectParts(_ c: CoordinatorID) -> [Action] {
        var out: [Action] = [.dismiss(c), .pop(c), .popToRoot(c), .none(c)]
        for r in routes {
            out.append(.set(c, r)); out.append(.replaceRoot(c, r)); out.append(.setRoot(c, r))
            out.append(.multiple(c, [.replaceRoot(c, r), .dismiss(c)]))
        }
        return out
    }

    /// Each single page, then every ordered pair of distinct pages: `[p0]`, `[p1]`, `[p0,p1]`, `[p1,p0]`.
    @_spi(Engine) public static func defaultPageLists(_ pages: [Page]) -> [[Page]] {
        pages.map { [$0] } + pages.flatMap { a in pages.filter { $0 != a }.map { [a, $0] } }
    }

    /// `(kind, route)` pairs for `start` and `forcePresentation`: a tab only once, with `r0`.
    func forEachKindRoute(_ body: (Kind, Route) -> Void) {
        for k in startKinds {
            if k == .tab { body(k, routes.first ?? Route(0)) } else { for r in routes { body(k, r) } }
        }
    }

    /// The router actions of the domain for target `c`, without `none`.
    func appendRouterActions(_ c: CoordinatorID, into out: inout [Action]) {
        for r in routes { out.append(.push(c, r)) }
        out.append(.pop(c)); out.append(.popToRoot(c))
        for r in routes { out.append(.popTo(c, r)); out.append(.setRoot(c, r)); out.append(.replaceRoot(c, r)) }
        for r in routes { for s in presentStyles { out.append(.present(c, r, s)) } }
        out.append(.dismiss(c)); out.append(.dismissAll(c)); out.append(.close(c))
        for r in routes { out.append(.set(c, r)) }
    }

    /// The router actions `multiple` combines, for target `c`: the router actions and `none`.
    func routerParts(_ c: CoordinatorID) -> [Action] {
        var out: [Action] = []
        appendRouterActions(c, into: &out)
        out.append(.none(c))
        return out
    }

    /// Every action of the domain in `state`, in a fixed order: for each live coordinator (by
    /// id) every router, coordinator and tab action, then the global and user actions. Actions
    /// that its kind cannot take are enumerated too: their refusals are transitions to check.
    @_spi(Engine) public func actions(in state: State, into out: inout [Action]) {
        for i in state.positions {
            let id = state.id(at: i)
            appendRouterActions(id, into: &out)
            if includeNoneAndMultiple {
                out.append(.none(id))
                let parts = routerParts(id)
                for a in parts { for b in parts { out.append(.multiple(id, [a, b])) } }
            }
            out.append(.restart(id))
            forEachKindRoute { k, r in for s in startStyles { out.append(.start(id, k, s, r)) } }
            out.append(.finishFlow(id))
            for r in routes { for s in startStyles { out.append(.redirect(id, r, s)) } }
            for p in pages { out.append(.select(id, p)) }
            for list in pageLists { out.append(.setPages(id, list, current: nil)) }
            for p in pages { for v in badgeValues { out.append(.setBadge(id, p, v)) } }
            out.append(.tabPopToRoot(id))
            if transitions {
                for part in redirectParts(id) { out.append(.redirectTo(id, part)) }
                for r in routes { out.append(.startShared(id, r)) }
                for list in routeLists {
                    out.append(.setStack(id, list))
                    for s in startStyles { out.append(.startStack(id, s, list)) }
                }
            }
        }
        forEachKindRoute { k, r in for s in forceStyles { out.append(.forcePresentation(k, s, r)) } }
        out.append(.restartApp); out.append(.userBack); out.append(.userSwipeDismiss)
        for p in pages { out.append(.userSelectTab(p)) }
        if transitions { forEachKindRoute { k, r in out.append(.switchRoot(k, r)) } }
    }
}

extension Domain {
    /// The domain as `dialect` enumerates it: in `pushed-deep-link`, deep links push too
    /// (docs/SEMANTICS.md §9).
    @_spi(Engine) public func spoken(in dialect: Dialect) -> Domain {
        guard dialect.contains(.pushedDeepLink), !forceStyles.contains(.push) else { return self }
        var domain = self
        domain.forceStyles.append(.push)
        return domain
    }

    /// `actions(in:into:)` without the actions `model` refuses up front (`Model.step` answers
    /// them with the state it was given and no events, so no invariant can fail on them), in
    /// the same order; returns how many it left out. Exploration steps only these and counts
    /// the rest as refused (docs/SEMANTICS.md §6.2). The kind of each target decides, by the
    /// rules of the up-front refusal, before any action is built; a domain with arguments
    /// outside the configuration's alphabets, or with `none` and `multiple`, is filtered
    /// action by action instead.
    @_spi(Engine) public func actions(in state: State, notRefusedUpFrontBy model: Model, into out: inout [Action]) -> Int {
        guard !includeNoneAndMultiple, !transitions, !model.configuration.dialect.contains(.noPushedNavigation),
              fits(model.configuration) else {
            var all: [Action] = []
            actions(in: state, into: &all)
            var left = 0
            for a in all {
                if Effects.refusalUpFront(a, in: state, model.configuration) == nil { out.append(a) } else { left += 1 }
            }
            return left
        }
        var left = 0
        @inline(__always) func add(_ keep: Bool, _ action: @autoclosure () -> Action) {
            if keep { out.append(action()) } else { left += 1 }
        }
        for i in state.positions {
            let id = state.id(at: i), kind = state.kind(at: i)
            let navigation = kind == .navigation, tab = kind == .tab, pages = tab && state.hasTab(at: i)
            let redirects = kind == .redirection && state.parent(at: i).map(state.isLive) == true
            for r in routes { add(navigation, .push(id, r)) }
            add(navigation, .pop(id)); add(navigation, .popToRoot(id))
            for r in routes { add(navigation, .popTo(id, r)); add(!tab, .setRoot(id, r)); add(!tab, .replaceRoot(id, r)) }
            for r in routes { for s in presentStyles { add(s.isModal, .present(id, r, s)) } }
            out.append(.dismiss(id)); out.append(.dismissAll(id)); out.append(.close(id))
            for r in routes { out.append(.set(id, r)) }
            out.append(.restart(id))
            forEachKindRoute { k, r in for s in startStyles { add(s != .push || (navigation && k != .tab), .start(id, k, s, r)) } }
            out.append(.finishFlow(id))
            for r in routes { for s in startStyles { add(redirects, .redirect(id, r, s)) } }
            for p in self.pages { add(pages, .select(id, p)) }
            for list in pageLists { add(pages, .setPages(id, list, current: nil)) }
            for p in self.pages { for v in badgeValues { add(pages, .setBadge(id, p, v)) } }
            add(pages, .tabPopToRoot(id))
        }
        let pushedDeepLinks = model.configuration.dialect.contains(.pushedDeepLink)
        forEachKindRoute { k, r in for s in forceStyles { add(s.isModal || (pushedDeepLinks && k != .tab), .forcePresentation(k, s, r)) } }
        out.append(.restartApp); out.append(.userBack); out.append(.userSwipeDismiss)
        for p in pages { out.append(.userSelectTab(p)) }
        return left
    }

    /// Whether every argument the domain enumerates is inside `configuration`'s alphabets, so
    /// that no enumerated action is refused as `invalid`.
    func fits(_ configuration: Configuration) -> Bool {
        routes.allSatisfy(configuration.isValid) && pages.allSatisfy(configuration.isValid)
            && pageLists.allSatisfy { list in
                !list.isEmpty && list.indices.allSatisfy { configuration.isValid(list[$0]) && !list[..<$0].contains(list[$0]) }
            }
    }
}
