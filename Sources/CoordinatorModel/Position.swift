/// Where an action's target sits among its siblings (docs/SEMANTICS.md §5.4): the positions a
/// library that acts on the wrong one gets wrong (the first child instead of its own, the top
/// modal instead of the one named, the current page instead of the one asked for). A run of
/// `verify` takes every action kind it offers at every position the model applies it at.
@_spi(Engine) public enum Position: String, CaseIterable, Sendable {
    /// The target is the only child entry of its parent's stack.
    case onlyChild = "only-child"
    /// The first of several child entries of its parent's stack.
    case firstChild = "first-child"
    /// Neither the first nor the last of three child entries or more.
    case middleChild = "middle-child"
    /// The last of several child entries.
    case lastChild = "last-child"
    /// A child entry with plain screens pushed above it.
    case underScreens = "under-screens"
    /// A child entry above plain screens pushed before it (the stack's root screen aside).
    case overScreens = "over-screens"
    /// The only modal level of its parent.
    case onlyModal = "only-modal"
    /// The lowest of several modal levels.
    case lowestModal = "lowest-modal"
    /// Neither the lowest nor the top of three modal levels or more.
    case middleModal = "middle-modal"
    /// The top of several modal levels.
    case topModal = "top-modal"
    /// A tab's current page (the page coordinator, or the page a tab action names).
    case currentPage = "current-page"
    /// A page that is not its tab's current one.
    case otherPage = "other-page"
    /// `popTo` a route the stack holds once.
    case onlyEntry = "only-entry"
    /// `popTo` a route the stack holds more than once.
    case repeatedEntry = "repeated-entry"

    /// A position among a stack's entries.
    @_spi(Engine) public var isOnAStack: Bool {
        switch self {
        case .onlyChild, .firstChild, .middleChild, .lastChild, .underScreens, .overScreens: true
        default: false
        }
    }

    /// The positions of `action`'s target in `state`: none for an action without a target, on
    /// the root, on a coordinator that is not live, or that combines others (`multiple`,
    /// `redirectTo`).
    @_spi(Engine) public static func of(_ action: Action, in state: State) -> [Position] {
        switch action {
        case .multiple, .redirectTo, .none: return []
        case .select(let c, let p), .setBadge(let c, let p, _):
            guard let i = state.index(of: c), state.hasTab(at: i) else { return [] }
            return [p == state.currentPage(at: i) ? .currentPage : .otherPage]
        case .popTo(let c, let r):
            guard let i = state.index(of: c) else { return [] }
            let held = (0..<state.stackCount(at: i)).filter { state.stackEntry(at: i, $0) == .screen(r) }.count
            return (held == 0 ? [] : [held == 1 ? .onlyEntry : .repeatedEntry]) + hosted(c, in: state)
        default:
            return action.target.map { hosted($0, in: state) } ?? []
        }
    }

    /// Where `c` is hosted in its parent.
    @_spi(Engine) public static func hosted(_ c: CoordinatorID, in state: State) -> [Position] {
        guard let hosting = state.hosting(of: c), let p = state.parent(of: c), let pi = state.index(of: p) else { return [] }
        switch hosting {
        case .stack(let k):
            let entries = (0..<state.stackCount(at: pi)).map { state.stackEntry(at: pi, $0) }
            let children = entries.indices.filter { entries[$0].child != nil }
            let j = children.firstIndex(of: k) ?? 0
            var out: [Position] = [children.count == 1 ? .onlyChild : j == 0 ? .firstChild : j == children.count - 1 ? .lastChild : .middleChild]
            if entries[(k + 1)...].contains(where: { $0.child == nil }) { out.append(.underScreens) }
            if k > 1 && entries[1..<k].contains(where: { $0.child == nil }) { out.append(.overScreens) }
            return out
        case .modal(let k):
            let n = state.modalCount(at: pi)
            return [n == 1 ? .onlyModal : k == 0 ? .lowestModal : k == n - 1 ? .topModal : .middleModal]
        case .page(let page):
            return [page == state.currentPage(at: pi) ? .currentPage : .otherPage]
        }
    }
}
