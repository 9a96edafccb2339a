import CoordinatorModel

/// Random actions for conformance walks. Unlike exploration it covers every action and style
/// (`none`, `multiple`, `detents`, `overlay`, `custom`), sometimes aims at coordinators that
/// ended or passes arguments outside the alphabets (so refusals are exercised), and picks user
/// gestures more often, since most real orphan-child bugs come from them (BUGS.md).
struct WalkGenerator {
    let configuration: Configuration
    /// Supported action names, each repeated by its weight.
    private let bag: [ActionName]
    /// Supported router parts, for `multiple`.
    private let parts: [ActionName]
    /// Modal styles to pick from, sheets and full-screen covers twice as often as the rest.
    private let modalStyles: [Style]

    init(configuration: Configuration, supported: Set<ActionName>, styles: Set<Style> = Set(Style.allCases)) {
        self.configuration = configuration
        modalStyles = [Style.sheet, .sheet, .fullScreen, .fullScreen, .detents, .overlay, .custom].filter(styles.contains)
        parts = ActionName.allCases.filter { $0.isRouterPart && $0 != .multiple && supported.contains($0) }
        var bag: [ActionName] = []
        for name in ActionName.allCases where supported.contains(name) && (name != .multiple || !parts.isEmpty) {
            let weight: Int
            switch name {
            case .userBack, .userSwipeDismiss, .userSelectTab: weight = 4
            case .start, .push, .present, .finishFlow, .forcePresentation: weight = 3
            case .restartApp: weight = 1
            default: weight = 2
            }
            bag += Array(repeating: name, count: weight)
        }
        self.bag = bag
    }

    var isEmpty: Bool { bag.isEmpty }

    mutating func next(in state: State, using rng: inout Xoshiro) -> Action? {
        guard let name = rng.element(of: bag) else { return nil }
        return action(name, in: state, using: &rng)
    }

    private func action(_ name: ActionName, in state: State, using rng: inout Xoshiro) -> Action {
        switch name {
        case .push: return .push(target(state, .navigation, &rng), route(&rng))
        case .pop: return .pop(target(state, .navigation, &rng))
        case .popToRoot: return .popToRoot(target(state, .navigation, &rng))
        case .popTo: return .popTo(target(state, .navigation, &rng), route(&rng))
        case .setRoot: return .setRoot(target(state, nil, &rng), route(&rng))
        case .replaceRoot: return .replaceRoot(target(state, nil, &rng), route(&rng))
        case .present: return .present(target(state, nil, &rng), route(&rng), style(&rng, modal: true))
        case .dismiss: return .dismiss(target(state, nil, &rng))
        case .dismissAll: return .dismissAll(target(state, nil, &rng))
        case .close: return .close(target(state, nil, &rng))
        case .set: return .set(target(state, nil, &rng), route(&rng))
        case .none: return .none(target(state, nil, &rng))
        case .multiple:
            let c = target(state, nil, &rng)
            let count = 1 + rng.below(3)
            return .multiple(c, (0..<count).map { _ in
                action(parts[rng.below(parts.count)], in: state, using: &rng).retargeted { _ in c }
            })
        case .restart: return .restart(target(state, nil, &rng))
        case .start:
            let k = kind(&rng)
            return .start(target(state, nil, &rng), k, style(&rng, modal: k == .tab), route(&rng))
        case .finishFlow: return .finishFlow(target(state, nil, &rng))
        case .forcePresentation: return .forcePresentation(kind(&rng), style(&rng, modal: true), route(&rng))
        case .restartApp: return .restartApp
        case .redirect: return .redirect(target(state, .redirection, &rng), route(&rng), style(&rng, modal: false))
        case .select: return .select(target(state, .tab, &rng), page(&rng))
        case .setPages:
            var pages = (0..<configuration.pageCount).map(Page.init)
            for i in stride(from: pages.count - 1, to: 0, by: -1) { pages.swapAt(i, rng.below(i + 1)) }
            var list = Array(pages.prefix(1 + rng.below(pages.count)))
            if rng.chance(1, in: 16) { list.append(list[0]) }
            let current = rng.chance(1, in: 3) ? page(&rng) : nil
            return .setPages(target(state, .tab, &rng), list, current: current)
        case .setBadge:
            let values: [Int?] = [nil, 0, 1, 5, -1]
            return .setBadge(target(state, .tab, &rng), page(&rng), values[rng.below(values.count)])
        case .tabPopToRoot: return .tabPopToRoot(target(state, .tab, &rng))
        case .userBack: return .userBack
        case .userSwipeDismiss: return .userSwipeDismiss
        case .userSelectTab: return .userSelectTab(page(&rng))
        }
    }

    /// Mostly a live coordinator of the kind the action wants, sometimes any, now and then one
    /// that is not live.
    private func target(_ state: State, _ kind: Kind?, _ rng: inout Xoshiro) -> CoordinatorID {
        if rng.chance(1, in: 32) { return CoordinatorID(Int(state.nextID) + rng.below(2)) }
        if let kind, rng.chance(7, in: 8) {
            let fitting = state.positions.filter { state.kind(at: $0) == kind }
            if let i = rng.element(of: fitting) { return state.id(at: i) }
        }
        return state.count == 0 ? state.root : state.id(at: rng.below(state.count))
    }

    private func route(_ rng: inout Xoshiro) -> Route {
        rng.chance(1, in: 40) ? Route(configuration.routeCount) : Route(rng.below(configuration.routeCount))
    }

    private func page(_ rng: inout Xoshiro) -> Page {
        rng.chance(1, in: 40) ? Page(configuration.pageCount) : Page(rng.below(configuration.pageCount))
    }

    private func kind(_ rng: inout Xoshiro) -> Kind {
        let kinds: [Kind] = [.navigation, .navigation, .tab, .redirection]
        return kinds[rng.below(kinds.count)]
    }

    /// Push half of the time (unless a modal style is wanted), then sheets most, every other
    /// modal style now and then; `push` sometimes where it is refused.
    private func style(_ rng: inout Xoshiro, modal: Bool) -> Style {
        if !modal && rng.coin() { return .push }
        if modal && rng.chance(1, in: 24) { return .push }
        return rng.element(of: modalStyles) ?? .push
    }
}
