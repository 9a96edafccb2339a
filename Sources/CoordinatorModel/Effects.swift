/// What one step does to a state and its events: each action's checks and effects, and the
/// shared mechanisms (create, end a subtree, remove entries from the top down to an index).
/// It works on the caller's state and events in place, lent for the length of `on(...)`: a
/// working copy that owned them, and a copy of the model, cost reference counts, a placeholder
/// state and a destroy on every step of exploration (about 4 % of its time).
struct Effects {
    private let statePointer: UnsafeMutablePointer<State>
    private let eventsPointer: UnsafeMutablePointer<[Completion]>
    private let configurationPointer: UnsafePointer<Configuration>
    let fault: Fault?

    var state: State {
        unsafeAddress { UnsafePointer(statePointer) }
        nonmutating unsafeMutableAddress { statePointer }
    }
    var events: [Completion] {
        unsafeAddress { UnsafePointer(eventsPointer) }
        nonmutating unsafeMutableAddress { eventsPointer }
    }
    var config: Configuration { unsafeAddress { configurationPointer } }
    /// Set while a step acts on a coordinator's own stack whatever the dialect (a `redirect`'s
    /// push on its parent, a `tabPopToRoot` on its page).
    var ownStack = false
    /// Coordinators whose flow ends as `finished` in this step (the `finishFlow` targets).
    /// Two ids, not a list: a list would cost a reference count on every step.
    var finishing: (CoordinatorID, CoordinatorID)?

    private init(_ state: UnsafeMutablePointer<State>, _ events: UnsafeMutablePointer<[Completion]>,
                 _ configuration: UnsafePointer<Configuration>, fault: Fault?) {
        statePointer = state; eventsPointer = events; configurationPointer = configuration; self.fault = fault
    }

    /// Runs `body` with the effects of a model of `configuration` (with `fault`) on `state` and
    /// `events`, which it changes in place.
    static func on<R>(_ state: inout State, _ events: inout [Completion], _ configuration: Configuration, fault: Fault?,
                      _ body: (inout Effects) -> R) -> R {
        withUnsafeMutablePointer(to: &state) { s in
            withUnsafeMutablePointer(to: &events) { e in
                withUnsafePointer(to: configuration) { c in
                    var effects = Effects(s, e, c, fault: fault)
                    return body(&effects)
                }
            }
        }
    }

    func faulty(_ f: Fault) -> Bool { fault == f }
    func isFinishing(_ id: CoordinatorID) -> Bool { finishing.map { $0.0 == id || $0.1 == id } ?? false }

    // MARK: - Dispatch

    /// Applies `action`, or returns why it is refused (the caller then puts the state back).
    mutating func apply(_ action: Action) -> RefusalReason? {
        if let reason = Effects.refusalUpFront(action, in: state, config) { return reason }
        return perform(action)
    }

    /// Why `action` is refused before it does anything, from the state as it is: an argument
    /// outside the alphabets, no such target, a target of a kind that does not take it.
    /// `Model.step` asks before it copies the state: most refusals of exploration end here.
    static func refusalUpFront(_ action: Action, in state: State, _ configuration: Configuration) -> RefusalReason? {
        if !configuration.accepts(action) { return .invalid }
        guard let t = action.target else {
            if case .forcePresentation(let k, let style, _) = action, !style.isModal,
               !configuration.dialect.contains(.pushedDeepLink) || k == .tab { return .unsupported }
            return nil
        }
        guard let i = state.index(of: t) else { return .noSuchCoordinator }
        let kind = state.kind(at: i)
        let supported: Bool
        switch action {
        case .push, .pop, .popToRoot, .popTo: supported = kind == .navigation
        case .setRoot, .replaceRoot: supported = kind != .tab
        case .present(_, _, let style): supported = style.isModal
        case .start(_, let k, let style, _):
            supported = style != .push || (kind == .navigation && k != .tab && !(k == .navigation && configuration.dialect.contains(.noPushedNavigation)))
        case .redirect, .redirectTo:
            supported = kind == .redirection && state.parent(at: i).map(state.isLive) == true
        case .startShared, .setStack: supported = kind == .navigation
        case .startStack(_, let style, _):
            supported = style != .push || (kind == .navigation && !configuration.dialect.contains(.noPushedNavigation))
        case .select, .setPages, .setBadge, .tabPopToRoot: supported = kind == .tab && state.hasTab(at: i)
        default: supported = true
        }
        return supported ? nil : .unsupported
    }

    /// Applies `action` once `refusalUpFront` has passed it.
    mutating func perform(_ action: Action) -> RefusalReason? {
        switch action {
        case .push(let c, let r):
            guard let t = stackTarget(c) else { return .unsupported }
            state.append(pos(t), stack: .screen(r))
        case .pop(let c):
            return pop(c)
        case .popToRoot(let c):
            guard let t = stackTarget(c) else { return .unsupported }
            remove(.stack, of: t, from: 1)
        case .popTo(let c, let r):
            return popTo(c, r)
        case .setRoot(let c, let r):
            remove(.stack, of: c, from: 0)
            setStack(of: c, to: .screen(r))
        case .replaceRoot(let c, let r):
            replaceRoot(c, r)
        case .present(let c, let r, let style):
            state.append(pos(c), modal: Modal(style, .screen(r)))
        case .dismiss(let c):
            return dismiss(c)
        case .dismissAll(let c):
            remove(.modals, of: c, from: 0)
        case .close(let c):
            return close(c)
        case .set(let c, let r):
            return set(c, r)
        case .none:
            break
        case .multiple(_, let parts):
            for part in parts {
                if let reason = apply(part) { return reason }
            }
        case .restart(let c):
            restart(c)
        case .start(let c, let k, let style, let r):
            return start(c, k, style, r)
        case .finishFlow(let d):
            return finishFlow(d)
        case .forcePresentation(let k, let style, let r):
            guard let seen = state.descend(lastPageOfTab: faulty(.tabRootTopLastPage)) else { return .noSuchCoordinator }
            // `pushed-deep-link` (§9): onto the stack of the screen the user sees, by `start`'s rules.
            if style == .push {
                if seen.stackIndex == nil { return .unsupported }
                if let refused = Self.refusalUpFront(.start(seen.owner, k, style, r), in: state, config) { return refused }
            }
            return start(seen.owner, k, style, r)
        case .restartApp:
            restartApp()
        case .redirect(let c, let r, let style):
            guard let p = state.parent(at: pos(c)) else { return .unsupported }
            return onParent(style == .push ? .push(p, r) : .present(p, r, style))
        case .select(let t, let page):
            guard state.hasPage(page, at: pos(t)) else { return .notFound }
            state.setInfo(pos(t), current: page)
        case .setPages(let t, let pages, let current):
            return setPages(t, pages, current)
        case .setBadge(let t, let page, let value):
            guard state.hasPage(page, at: pos(t)) else { return .notFound }
            setBadge(of: t, page, value)
        case .tabPopToRoot(let t):
            return tabPopToRoot(t)
        case .userBack:
            return userBack()
        case .userSwipeDismiss:
            return userSwipeDismiss()
        case .userSelectTab(let page):
            return userSelectTab(page)
        case .switchRoot(let k, let r):
            switchRoot(k, r)
        case .redirectTo(let c, let part):
            guard let p = state.parent(at: pos(c)) else { return .unsupported }
            if faulty(.redirectActsOnSelf) { return apply(part) }
            return onParent(part.retargeted { $0 == c ? p : $0 })
        case .startShared(let c, let r):
            startShared(c, r)
        case .setStack(let c, let routes):
            remove(.stack, of: c, from: 0)
            setStack(of: c, to: routes)
        case .startStack(let c, let style, let routes):
            startStack(c, style, routes)
        }
        return nil
    }

    private mutating func pop(_ c: CoordinatorID) -> RefusalReason? {
        guard let t = stackTarget(c) else { return .unsupported }
        let count = state.stackCount(at: pos(t))
        if count < 2 && !(faulty(.popRemovesRoot) && count == 1) { return .atRoot }
        remove(.stack, of: t, from: count - 1)
        return nil
    }

    private mutating func popTo(_ c: CoordinatorID, _ r: Route) -> RefusalReason? {
        // Under popToPresented, popTo looks at its target's modals itself: no layer to find.
        if config.dialect.contains(.popToPresented) { return popToPresented(c, r) }
        guard let t = stackTarget(c) else { return .unsupported }
        guard let i = lastStackIndex(of: .screen(r), in: t) else { return .notFound }
        remove(.stack, of: t, from: i + 1)
        return nil
    }

    private mutating func replaceRoot(_ c: CoordinatorID, _ r: Route) {
        if state.stackCount(at: pos(c)) == 0 { setStack(of: c, to: .screen(r)); return }
        if case .child(let old) = state.stackEntry(at: pos(c), 0) { endIfLive(old) }
        if let i = state.index(of: c) { state.setStackEntry(i, 0, .screen(r)) }
    }

    /// Dismisses the top modal, or else pops the top of a navigation stack.
    private mutating func close(_ c: CoordinatorID) -> RefusalReason? {
        if state.modalCount(at: pos(c)) > 0 { return dismiss(c) }
        let count = state.stackCount(at: pos(c))
        guard kind(c) == .navigation, count >= 2 else { return .nothingToClose }
        remove(.stack, of: c, from: count - 1)
        return nil
    }

    private mutating func restartApp() {
        let root = state.root
        restart(root, keepingModals: config.launch != nil && faulty(.launchChildTwice))
        launch(from: root)
    }

    /// `action`, retargeted at a parent, acting on the stack it names (not the top layer's).
    private mutating func onParent(_ action: Action) -> RefusalReason? {
        ownStack = true
        defer { ownStack = false }
        return apply(action)
    }

    private mutating func tabPopToRoot(_ t: CoordinatorID) -> RefusalReason? {
        let i = pos(t)
        guard let pc = state.pageCoordinator(at: i, for: state.currentPage(at: i)), state.isLive(pc) else { return .notFound }
        return onParent(.popToRoot(pc))
    }

    private mutating func userSelectTab(_ page: Page) -> RefusalReason? {
        guard let t = state.descend()?.tabBar, state.hasTab(at: pos(t)) else { return .noTabBar }
        guard state.hasPage(page, at: pos(t)) else { return .notFound }
        state.setInfo(pos(t), current: page)
        return nil
    }

    private mutating func startShared(_ c: CoordinatorID, _ r: Route) {
        let d = create(kind: .navigation, parent: c, route: r)
        if let j = state.index(of: d) { state.setSharesRouter(j) }
        if let i = state.index(of: c) { state.append(i, stack: .child(d)) }
    }

    private mutating func startStack(_ c: CoordinatorID, _ style: Style, _ routes: [Route]) {
        let d = create(kind: .navigation, parent: c, route: routes[0])
        setStack(of: d, to: routes)
        if let i = state.index(of: c) {
            if style == .push { state.append(i, stack: .child(d)) } else { state.append(i, modal: Modal(style, .child(d))) }
        }
    }

    // MARK: - Access

    /// The position of a coordinator the caller knows is live. A dead id reads as the first
    /// coordinator, to stay total.
    func pos(_ id: CoordinatorID) -> Int { state.index(of: id) ?? 0 }
    func kind(_ id: CoordinatorID) -> Kind { state.kind(at: pos(id)) }

    func lastStackIndex(of e: Entry, in c: CoordinatorID) -> Int? {
        let i = pos(c)
        return (0..<state.stackCount(at: i)).last { state.stackEntry(at: i, $0) == e }
    }

    /// Sets the stack of `c` to the screens `routes`, bottom first.
    mutating func setStack(of c: CoordinatorID, to routes: [Route]) {
        guard let i = state.index(of: c) else { return }
        state.replace(i, .stack, 0..<state.stackCount(at: i), count: routes.count) { w in
            for k in routes.indices { w[k] = State.word(.screen(routes[k])) }
        }
    }

    /// Sets the stack of `c` to the one entry `e`.
    mutating func setStack(of c: CoordinatorID, to e: Entry) {
        guard let i = state.index(of: c) else { return }
        state.replace(i, .stack, 0..<state.stackCount(at: i), count: 1) { w in w[0] = State.word(e) }
    }

    mutating func setBadge(of t: CoordinatorID, _ page: Page, _ value: Int?) {
        guard let i = state.index(of: t), var tab = state.tab(at: i) else { return }
        tab.setBadge(page, value)
        state.setBadges(i, tab.badges)
    }

    // MARK: - Shared mechanisms

    /// Creates a coordinator set up as new, hosted by nobody yet; returns its id.
    mutating func create(kind: Kind, parent: CoordinatorID?, route: Route) -> CoordinatorID {
        let id = CoordinatorID(Int(state.nextID))
        state.nextID += 1
        let initial = kind == .tab ? Route(0) : route
        _ = state.insertCoordinator(id: id, kind: kind, parent: parent, initialRoute: initial,
                                    stack: kind == .tab ? nil : .screen(initial))
        if let parent, let p = state.index(of: parent) { state.append(p, child: id) }
        if kind == .tab { setUpPages(of: id) }
        return id
    }

    /// Gives a tab the configured initial pages, each with a fresh page coordinator.
    mutating func setUpPages(of t: CoordinatorID) {
        let pages = config.initialPageCount
        // Page coordinators are navigation coordinators, which create nothing: their ids follow.
        let first = state.nextID
        for _ in 0..<pages { _ = create(kind: .navigation, parent: t, route: Route(0)) }
        guard let i = state.index(of: t) else { return }
        // A closure, not `config.initialPage` itself: a method reference allocates its context.
        let config = self.config
        state.setTab(i, pages: pages, page: { config.initialPage($0) }, current: config.pageShownAtStart,
                     pageCoordinator: { CoordinatorID(Int(first) + $0) })
    }

    /// Ends `id` and its whole subtree: each is removed and completes exactly once.
    mutating func endSubtree(_ id: CoordinatorID) {
        if let p = state.parent(at: pos(id)), let pi = state.index(of: p) {
            for k in (0..<state.childCount(at: pi)).reversed() where state.child(at: pi, k) == id {
                state.replace(pi, .children, k ..< k + 1, count: 0)
            }
        }
        let n = state.count
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { ended in
            ended.initialize(repeating: false)
            func visit(_ c: CoordinatorID) {
                guard let i = state.index(of: c), !ended[i] else { return }
                ended[i] = true
                state.forEachBelow(i) { visit($0) }
            }
            visit(id)
            // `step` sorts the events by id.
            for i in (0..<n).reversed() where ended[i] {
                let d = state.id(at: i)
                events.append(Completion(d, isFinishing(d) ? .finished : .cancelled))
                state.removeCoordinator(at: i)
            }
        }
    }

    /// Ends a child its holder has just stopped hosting (unless an earlier removal ended it).
    mutating func endIfLive(_ child: CoordinatorID) {
        guard state.isLive(child) else { return }
        endSubtree(child)
    }

    /// Removes the entries of `list` (the stack or the modals) of `c` from the top down to
    /// `index`, ending every removed child.
    mutating func remove(_ list: State.List, of c: CoordinatorID, from index: Int, keepChildren: Bool = false) {
        let i = pos(c), count = state.count(i, list)
        guard index < count else { return }
        let from = max(index, 0)
        if !keepChildren {
            // The children first, then their ends: an end moves positions. On the stack, not
            // in an array: most steps of exploration remove entries.
            withUnsafeTemporaryAllocation(of: CoordinatorID.self, capacity: count - from) { children in
                var n = 0
                for k in (from..<count).reversed() {
                    if case .child(let ch) = State.entry(state.entryWord(i, list, k)) { children.initializeElement(at: n, to: ch); n += 1 }
                }
                for m in 0..<n { endIfLive(children[m]) }
            }
        }
        guard let j = state.index(of: c) else { return }
        state.replace(j, list, from ..< state.count(j, list), count: 0)
    }

    // MARK: - Actions with more to them

    mutating func dismiss(_ c: CoordinatorID) -> RefusalReason? {
        let count = state.modalCount(at: pos(c))
        if count == 0 {
            if faulty(.dismissNothingRemovesCaller) && c != state.root {
                removeHosting(of: c)
                return nil
            }
            return config.dialect.contains(.dismissNothingApplies) ? nil : .nothingPresented
        }
        remove(.modals, of: c, from: faulty(.dismissWrongLevel) && count >= 2 ? count - 2 : count - 1)
        return nil
    }

    /// Where a stack action aimed at `c` acts (docs/SEMANTICS.md §9): `c` itself, or under
    /// `stackOnTopLayer` its topmost presented layer; nil when that layer has no stack.
    func stackTarget(_ c: CoordinatorID) -> CoordinatorID? {
        guard config.dialect.contains(.stackOnTopLayer), !ownStack else { return c }
        return state.topLayer(from: c)
    }

    /// `popTo` under `popToPresented`: the topmost of `t`'s modal screens showing `r`, else the
    /// last stack entry showing it with every modal above.
    mutating func popToPresented(_ t: CoordinatorID, _ r: Route) -> RefusalReason? {
        let i = pos(t)
        if let k = (0..<state.modalCount(at: i)).last(where: { state.modal(at: i, $0).entry == .screen(r) }) {
            remove(.modals, of: t, from: k + 1)
            return nil
        }
        guard let k = lastStackIndex(of: .screen(r), in: t) else { return .notFound }
        remove(.modals, of: t, from: 0)
        remove(.stack, of: t, from: k + 1)
        return nil
    }

    mutating func set(_ c: CoordinatorID, _ r: Route) -> RefusalReason? {
        let i = pos(c)
        let modals = state.modalCount(at: i), stack = state.stackCount(at: i)
        if modals > 0 {
            if case .child(let child) = state.modal(at: i, modals - 1).entry { endIfLive(child) }
            if let j = state.index(of: c) { state.setModalEntry(j, state.modalCount(at: j) - 1, .screen(r)) }
        } else if state.kind(at: i) != .tab, stack > 0 {
            if case .child(let child) = state.stackEntry(at: i, stack - 1) { endIfLive(child) }
            if let j = state.index(of: c) { state.setStackEntry(j, state.stackCount(at: j) - 1, .screen(r)) }
        } else {
            return .unsupported
        }
        return nil
    }

    /// Sets `c` up as new: ends every child, empties stack and modals, rebuilds its initial view.
    /// `keepingModals`: the modals and what they host stay (a fault's restart).
    mutating func restart(_ c: CoordinatorID, keepingModals: Bool = false) {
        if faulty(.restartKeepsFullScreen) {
            let modals = state.coordinator(at: pos(c)).modals
            for m in modals where m.style.isSwipeDismissible {
                if let child = m.entry.child { endIfLive(child) }
            }
            let keep = modals.filter { !$0.style.isSwipeDismissible }
            if let i = state.index(of: c) {
                state.replace(i, .modals, 0..<state.modalCount(at: i), count: keep.count) { w in
                    for k in keep.indices { w[2 * k] = Int64(keep[k].style.rawValue); w[2 * k + 1] = State.word(keep[k].entry) }
                }
            }
        } else if !keepingModals {
            remove(.modals, of: c, from: 0)
        }
        remove(.stack, of: c, from: 0)
        let i = pos(c)
        for child in (0..<state.childCount(at: i)).map({ state.child(at: i, $0) }) where !keepingModals || !isPresented(child, by: c) {
            endIfLive(child)
        }
        let j = pos(c)
        if state.kind(at: j) == .tab {
            if state.index(of: c) != nil { state.setTab(j, nil) }
            setUpPages(of: c)
        } else {
            setStack(of: c, to: .screen(state.initialRoute(at: j)))
        }
    }

    /// The configuration's launch child, presented by `root` (docs/SEMANTICS.md §2.2): what the
    /// initial state shows and `restartApp` presents again. Nothing without a launch.
    mutating func launch(from root: CoordinatorID) {
        // A push launch is not usable (`Configuration.problem`): the model stays total on it.
        guard let launch = config.launch, launch.style.isModal, state.isLive(root) else { return }
        _ = start(root, launch.kind, launch.style, launch.route)
    }

    /// Whether `child` is hosted by one of `c`'s modals.
    func isPresented(_ child: CoordinatorID, by c: CoordinatorID) -> Bool {
        let i = pos(c)
        return (0..<state.modalCount(at: i)).contains { state.modal(at: i, $0).entry == .child(child) }
    }

    /// Starts `k` from `c`; `refusalUpFront` has checked that a push start is a navigation
    /// coordinator's, and not of a tab (a pushed deep link's `top()` is checked where
    /// `forcePresentation` is performed).
    mutating func start(_ c: CoordinatorID, _ k: Kind, _ style: Style, _ r: Route) -> RefusalReason? {
        if state.startChild(at: pos(c), kind: k, route: r, modal: style == .push ? nil : style, configurationPointer) { return nil }
        let d = create(kind: k, parent: c, route: r)
        if let i = state.index(of: c) {
            if style == .push { state.append(i, stack: .child(d)) } else { state.append(i, modal: Modal(style, .child(d))) }
        }
        return nil
    }

    mutating func finishFlow(_ d: CoordinatorID) -> RefusalReason? {
        if d == state.root { return .isRoot }
        var target = d
        if case .page? = state.hosting(of: d), let tab = state.parent(at: pos(d)) { target = tab }
        if target == state.root { return .isRoot }
        finishing = (d, target)
        removeHosting(of: target)
        return nil
    }

    /// Removes the entry hosting `c` and every entry above it in that container; `c` ends.
    /// A coordinator on its parent's router takes only its own entry: the parent's screens
    /// pushed after it stay.
    mutating func removeHosting(of c: CoordinatorID) {
        guard let p = state.parent(at: pos(c)) else { return }
        if state.sharesRouter(at: pos(c)), !faulty(.sharedFinishPopsParent), case .stack(let i)? = state.hosting(of: c) {
            endIfLive(c)
            if let j = state.index(of: p), i < state.stackCount(at: j) { state.replace(j, .stack, i ..< i + 1, count: 0) }
            return
        }
        switch state.hosting(of: c) {
        case .stack(let i)?: remove(.stack, of: p, from: i)
        case .modal(let i)?: remove(.modals, of: p, from: i)
        case .page?, nil: endIfLive(c)
        }
    }

    /// Ends every live coordinator and sets up a new root of kind `k` with route `r`.
    mutating func switchRoot(_ k: Kind, _ r: Route) {
        if !faulty(.switchRootKeepsOldFlow) {
            for i in state.positions.reversed() {
                events.append(Completion(state.id(at: i), .cancelled))
                state.removeCoordinator(at: i)
            }
        }
        state.root = create(kind: k, parent: nil, route: r)
    }

    mutating func setPages(_ t: CoordinatorID, _ pages: [Page], _ current: Page?) -> RefusalReason? {
        guard let old = state.tab(at: pos(t)) else { return .unsupported }
        if let current, !pages.contains(current) { return .notFound }
        for (page, pc) in zip(old.pages, old.pageCoordinators) where !pages.contains(page) {
            endIfLive(pc)
        }
        var ids: [CoordinatorID] = []
        for page in pages {
            if let kept = old.coordinator(for: page) {
                ids.append(kept)
                if faulty(.duplicatePageChild), let i = state.index(of: t) { state.append(i, child: kept) }
            } else {
                ids.append(create(kind: .navigation, parent: t, route: Route(0)))
            }
        }
        let newCurrent = current ?? (pages.contains(old.current) ? old.current : pages[0])
        let badges = old.badges.filter { pages.contains($0.page) }
        if let i = state.index(of: t) {
            state.setTab(i, TabState(pages: pages, current: newCurrent, badges: badges, pageCoordinators: ids))
        }
        return nil
    }

    mutating func userBack() -> RefusalReason? {
        guard let seen = state.descend(), let i = seen.stackIndex else { return .noBack }
        if i >= 1 {
            remove(.stack, of: seen.owner, from: i)
            return nil
        }
        guard case .stack(let k)? = state.hosting(of: seen.owner), let p = state.parent(at: pos(seen.owner)) else {
            return .noBack
        }
        remove(.stack, of: p, from: k, keepChildren: faulty(.backLeavesChild))
        return nil
    }

    mutating func userSwipeDismiss() -> RefusalReason? {
        guard let m = state.descend()?.lastModal else { return .nothingPresented }
        guard state.modalStyle(at: pos(m.holder), m.index).isSwipeDismissible else { return .notDismissible }
        remove(.modals, of: m.holder, from: m.index, keepChildren: faulty(.swipeLeavesChild))
        return nil
    }
}
