@_spi(Engine) import CoordinatorModel
import Foundation

/// The shortest way the model knows to each position goal of a configuration: a breadth-first
/// search of the model over the calls that build structure (a child pushed or presented, a
/// screen pushed, a modal presented, another page selected), in bounds wider than the
/// explored presets' (stacks of four, three modal levels). In each state it reaches it tries,
/// on every coordinator at a position not yet found for a kind, one offered call of that kind
/// (`calls(on:)`); a goal is found where the model applies it. Only the model runs.
enum PositionGoals {
    /// Calls that build structure, at most, before the goal's call.
    static let depth = 4
    /// States the search visits, at most.
    static let states = 6_000
    /// Refusals of one goal's call before the search stops trying it: a kind the model refuses
    /// at a position (`setBadge` on a page that is no tab) is never found.
    static let tries = 64
    /// The bounds the search keeps to.
    static let bounds = Bounds(maxCoordinators: 6, maxStack: 4, maxModals: 3)

    typealias Found = [(goal: PositionGoal, trace: [Action])]

    /// Searches made in this process, by configuration and what the system offers: a test
    /// suite verifies one system many times.
    private struct Key: Hashable { let configuration: Configuration, offered: [Bool] }
    private nonisolated(unsafe) static var made: [Key: Found] = [:]
    private static let lock = NSLock()

    /// Each goal of `configuration` the model reaches, with its trace (the building calls, then
    /// the goal's call), in the order found: shortest first; made once per process.
    static func goals(_ configuration: Configuration, offers: (Action) -> Bool) -> Found {
        let c0 = CoordinatorID(0)
        let key = Key(configuration: configuration, offered: (calls(on: c0, configuration) + builders(on: c0, configuration)).map(offers))
        if let known = lock.withLock({ made[key] }) { return known }
        let found = search(configuration, offers: offers)
        lock.withLock { made[key] = found }
        return found
    }

    /// `goals`, searched.
    static func search(_ configuration: Configuration, offers: (Action) -> Bool) -> Found {
        let model = Model(configuration: configuration)
        let initial = model.initialState()
        let kinds = Dictionary(uniqueKeysWithValues: ActionName.allCases.enumerated().map { ($1, $0) })
        let ordinals = Dictionary(uniqueKeysWithValues: Position.allCases.enumerated().map { ($1, $0) })
        func key(_ kind: Int, _ p: Position, _ shared: Bool) -> Int { (kind * ordinals.count + ordinals[p]!) * 2 + (shared ? 1 : 0) }
        // The calls on a coordinator depend on its id only: made once, offered ones only.
        var callsOn: [CoordinatorID: [(kind: Int, action: Action)]] = [:]
        var found: Found = []
        var refused = [Int](repeating: 0, count: kinds.count * ordinals.count * 2)
        func open(_ k: Int) -> Bool { refused[k] >= 0 && refused[k] < tries }
        // Open: offered kinds at positions they can take (an entry is `popTo`'s, a page
        // `select`'s and `setBadge`'s, a flow on its parent's router is on a stack).
        let offered = Set(calls(on: CoordinatorID(0), configuration).filter(offers).map(\.name))
        for (name, kind) in kinds {
            for p in Position.allCases {
                for shared in [false, true] where !offered.contains(name) || (shared && !p.isOnAStack)
                    || ([.onlyEntry, .repeatedEntry].contains(p) && name != .popTo)
                    || ([.select, .setBadge].contains(name) && p != .currentPage && p != .otherPage) {
                    refused[key(kind, p, shared)] = -1
                }
            }
        }
        // Kinds still open per position (and sharing): a coordinator at positions with none
        // open is passed over, which makes the last level cheap.
        var openKinds = [Int](repeating: 0, count: ordinals.count * 2)
        for k in refused.indices where open(k) { openKinds[k % openKinds.count] += 1 }
        func close(_ k: Int) { openKinds[k % openKinds.count] -= 1 }
        var visited: Set<State> = [initial]
        var level: [(State, [Action])] = [(initial, [])]
        for depth in 0 ... depth where !level.isEmpty {
            var next: [(State, [Action])] = []
            for (state, path) in level {
                for i in state.positions {
                    let c = state.id(at: i)
                    let hosted = Position.hosted(c, in: state)
                    let shared = state.sharesRouter(at: i)
                    // The positions a call on it can be at: where it is hosted, a tab's pages, an entry.
                    let reachable = hosted + (state.hasTab(at: i) ? [.currentPage, .otherPage] : []) + [.onlyEntry, .repeatedEntry]
                    guard reachable.contains(where: { openKinds[ordinals[$0]! * 2 + (shared && $0.isOnAStack ? 1 : 0)] > 0 }) else { continue }
                    if callsOn[c] == nil {
                        callsOn[c] = calls(on: c, configuration).filter(offers).map { (kinds[$0.name]!, $0) }
                    }
                    for (kind, action) in callsOn[c]! {
                        let at: [Position]
                        switch action {
                        case .select, .setBadge, .popTo: at = Position.of(action, in: state)
                        default: at = hosted
                        }
                        let keys = at.map { key(kind, $0, shared && $0.isOnAStack) }
                        guard keys.contains(where: open) else { continue }
                        let applied = !model.step(state, action).outcome.isRefused
                        for (k, p) in zip(keys, at) where open(k) {
                            if applied {
                                refused[k] = -1
                                close(k)
                                found.append((PositionGoal(kind: action.name, position: p, shared: shared && p.isOnAStack), path + [action]))
                            } else {
                                refused[k] += 1
                                if refused[k] == tries { close(k) }
                            }
                        }
                    }
                }
                guard depth < Self.depth else { continue }
                for action in state.positions.flatMap({ builders(on: state.id(at: $0), configuration) })
                where visited.count < states && offers(action) {
                    let step = model.step(state, action)
                    guard !step.outcome.isRefused, bounds.contains(step.state), visited.insert(step.state).inserted else { continue }
                    next.append((step.state, path + [action]))
                }
            }
            level = next
        }
        return found
    }

    /// One call of each kind that names `c` (of each route for `popTo`, of each page for
    /// `select` and `setBadge`), with arguments the model takes wherever the kind applies.
    static func calls(on c: CoordinatorID, _ configuration: Configuration) -> [Action] {
        let r = Route(min(1, configuration.routeCount - 1))
        let routes = (0..<configuration.routeCount).map(Route.init)
        let pages = (0..<configuration.pageCount).map(Page.init)
        var out: [Action] = [
            .push(c, r), .pop(c), .popToRoot(c), .setRoot(c, r), .replaceRoot(c, r), .dismiss(c), .dismissAll(c),
            .close(c), .set(c, r), .restart(c), .finishFlow(c), .tabPopToRoot(c), .startShared(c, r),
            .setStack(c, [Route(0), r]),
        ]
        for style in [Style.sheet, .fullScreen, .detents, .overlay, .custom] {
            out += [.present(c, r, style), .start(c, .navigation, style, r), .redirect(c, r, style), .startStack(c, style, [Route(0), r])]
        }
        out += [.start(c, .navigation, .push, r), .redirect(c, r, .push), .startStack(c, .push, [Route(0), r])]
        out += routes.map { .popTo(c, $0) }
        out += pages.flatMap { p in [Action.select(c, p), .setBadge(c, p, 1)] }
        if pages.count > 1 { out.append(.setPages(c, Array(pages.reversed()), current: nil)) }
        return out
    }

    /// The calls that build structure on `c`: a navigation child pushed (by `start`, or
    /// `startShared` on the same router) or presented as a sheet, a screen pushed, a modal
    /// presented, the second page selected.
    static func builders(on c: CoordinatorID, _ configuration: Configuration) -> [Action] {
        let route = Route(min(1, configuration.routeCount - 1)), page = Page(min(1, configuration.pageCount - 1))
        return [.start(c, .navigation, .push, route), .startShared(c, route), .start(c, .navigation, .sheet, route),
                .push(c, route), .present(c, route, .sheet), .select(c, page)]
    }
}
