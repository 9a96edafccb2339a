/// The working copy one step mutates: each action's checks and effects, and the shared
/// mechanisms (create, end a subtree, remove entries from the top down to an index).
struct Effects {
    var state: State
    let model: Model
    var events: [Completion] = []
    /// Coordinators whose flow ends as `finished` in this step (the `finishFlow` targets).
    var finishing: [CoordinatorID] = []

    init(state: State, model: Model) { self.state = state; self.model = model }

    var config: Configuration { model.configuration }
    func faulty(_ f: Fault) -> Bool { model.fault == f }

    // MARK: - Dispatch

    /// Applies `action`, or returns why it is refused (the caller then drops this copy).
    mutating func apply(_ action: Action) -> RefusalReason? {
        if !isValid(action) { return .invalid }
        if let t = action.target, state.index(of: t) == nil { return .noSuchCoordinator }
        switch action {
        case .push(let c, let r):
            guard kind(c) == .navigation else { return .unsupported }
            mutate(c) { $0.stack.append(.screen(r)) }
        case .pop(let c):
            guard kind(c) == .navigation else { return .unsupported }
            let count = self[c].stack.count
            if count < 2 && !(faulty(.popRemovesRoot) && count == 1) { return .atRoot }
            removeStack(of: c, from: count - 1)
        case .popToRoot(let c):
            guard kind(c) == .navigation else { return .unsupported }
            removeStack(of: c, from: 1)
        case .popTo(let c, let r):
            guard kind(c) == .navigation else { return .unsupported }
            guard let i = self[c].stack.lastIndex(of: .screen(r)) else { return .notFound }
            removeStack(of: c, from: i + 1)
        case .setRoot(let c, let r):
            guard kind(c) != .tab else { return .unsupported }
            removeStack(of: c, from: 0)
            mutate(c) { $0.stack = [.screen(r)] }
        case .replaceRoot(let c, let r):
            guard kind(c) != .tab else { return .unsupported }
            if self[c].stack.isEmpty { mutate(c) { $0.stack = [.screen(r)] }; break }
            if let old = self[c].stack[0].child { endIfLive(old) }
            mutate(c) { $0.stack[0] = .screen(r) }
        case .present(let c, let r, let style):
            guard style.isModal else { return .unsupported }
            mutate(c) { $0.modals.append(Modal(style, .screen(r))) }
        case .dismiss(let c):
            return dismiss(c)
        case .dismissAll(let c):
            removeModals(of: c, from: 0)
        case .close(let c):
            if !self[c].modals.isEmpty { return dismiss(c) }
            guard kind(c) == .navigation, self[c].stack.count >= 2 else { return .nothingToClose }
            removeStack(of: c, from: self[c].stack.count - 1)
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
            guard style.isModal else { return .unsupported }
            guard let top = state.descend(lastPageOfTab: faulty(.tabRootTopLastPage))?.owner else {
                return .noSuchCoordinator
            }
            return start(top, k, style, r)
        case .restartApp:
            restart(state.root)
        case .redirect(let c, let r, let style):
            guard kind(c) == .redirection, let p = self[c].parent, state.isLive(p) else { return .unsupported }
            return apply(style == .push ? .push(p, r) : .present(p, r, style))
        case .select(let t, let page):
            guard let tab = self[t].tab, kind(t) == .tab else { return .unsupported }
            guard tab.pages.contains(page) else { return .notFound }
            mutate(t) { $0.tab?.current = page }
        case .setPages(let t, let pages, let current):
            return setPages(t, pages, current)
        case .setBadge(let t, let page, let value):
            guard let tab = self[t].tab, kind(t) == .tab else { return .unsupported }
            guard tab.pages.contains(page) else { return .notFound }
            mutate(t) { $0.tab?.setBadge(page, value) }
        case .tabPopToRoot(let t):
            guard let tab = self[t].tab, kind(t) == .tab else { return .unsupported }
            guard let pc = tab.coordinator(for: tab.current), state.isLive(pc) else { return .notFound }
            return apply(.popToRoot(pc))
        case .userBack:
            return userBack()
        case .userSwipeDismiss:
            return userSwipeDismiss()
        case .userSelectTab(let page):
            guard let t = state.descend()?.tabBar, let tab = self[t].tab else { return .noTabBar }
            guard tab.pages.contains(page) else { return .notFound }
            mutate(t) { $0.tab?.current = page }
        }
        return nil
    }

    /// Arguments inside the configured alphabets, well-formed lists (the `invalid` check).
    func isValid(_ action: Action) -> Bool {
        switch action {
        case .push(_, let r), .popTo(_, let r), .setRoot(_, let r), .replaceRoot(_, let r),
             .present(_, let r, _), .set(_, let r), .start(_, _, _, let r),
             .forcePresentation(_, _, let r), .redirect(_, let r, _):
            return config.isValid(r)
        case .select(_, let p), .setBadge(_, let p, _), .userSelectTab(let p):
            return config.isValid(p)
        case .setPages(_, let pages, let current):
            if pages.isEmpty || !pages.allSatisfy(config.isValid) { return false }
            if let current, !config.isValid(current) { return false }
            for i in pages.indices where pages[..<i].contains(pages[i]) { return false }
            return true
        case .multiple(let c, let parts):
            return !parts.isEmpty && parts.allSatisfy { $0.name.isRouterPart && $0.target == c && isValid($0) }
        default:
            return true
        }
    }

    // MARK: - Access

    /// Borrows a coordinator without copying it. Callers check liveness first; a dead id
    /// reads as the first coordinator to stay total.
    subscript(id: CoordinatorID) -> Coordinator {
        _read { yield state.coordinators[state.index(of: id) ?? 0] }
    }
    func kind(_ id: CoordinatorID) -> Kind { self[id].kind }

    mutating func mutate(_ id: CoordinatorID, _ body: (inout Coordinator) -> Void) {
        guard let i = state.index(of: id) else { return }
        body(&state.coordinators[i])
    }

    // MARK: - Shared mechanisms

    /// Creates a coordinator set up as new, hosted by nobody yet; returns its id.
    mutating func create(kind: Kind, parent: CoordinatorID?, route: Route) -> CoordinatorID {
        let id = CoordinatorID(Int(state.nextID))
        state.nextID += 1
        let initial = kind == .tab ? Route(0) : route
        let stack: [Entry] = kind == .tab ? [] : [.screen(initial)]
        state.coordinators.append(Coordinator(id: id, kind: kind, parent: parent, initialRoute: initial, stack: stack))
        if let parent { mutate(parent) { $0.children.append(id) } }
        if kind == .tab { setUpPages(of: id) }
        return id
    }

    /// Gives a tab the configured initial pages, each with a fresh page coordinator.
    mutating func setUpPages(of t: CoordinatorID) {
        let pages = config.initialPages
        let ids = pages.map { _ in create(kind: .navigation, parent: t, route: Route(0)) }
        mutate(t) { $0.tab = TabState(pages: pages, current: pages[0], pageCoordinators: ids) }
    }

    /// Ends `id` and its whole subtree: each is removed and completes exactly once.
    mutating func endSubtree(_ id: CoordinatorID) {
        let ids = state.subtree(of: id)
        for d in ids {
            events.append(Completion(d, finishing.contains(d) ? .finished : .cancelled))
        }
        if let p = self[id].parent, state.isLive(p) {
            mutate(p) { $0.children.removeAll { $0 == id } }
        }
        state.coordinators.removeAll { c in ids.contains(c.id) }
    }

    /// Ends a child its holder has just stopped hosting (unless an earlier removal ended it).
    mutating func endIfLive(_ child: CoordinatorID) {
        guard state.isLive(child) else { return }
        endSubtree(child)
    }

    /// Removes stack entries from the top down to `index`, ending every removed child.
    mutating func removeStack(of c: CoordinatorID, from index: Int, keepChildren: Bool = false) {
        let stack = self[c].stack
        guard index < stack.count else { return }
        for e in stack[max(index, 0)...].reversed() {
            if let child = e.child, !keepChildren { endIfLive(child) }
        }
        mutate(c) { $0.stack.removeSubrange(max(index, 0)...) }
    }

    /// Removes modals from the top down to `index`, ending every removed child.
    mutating func removeModals(of c: CoordinatorID, from index: Int, keepChildren: Bool = false) {
        let modals = self[c].modals
        guard index < modals.count else { return }
        for m in modals[max(index, 0)...].reversed() {
            if let child = m.entry.child, !keepChildren { endIfLive(child) }
        }
        mutate(c) { $0.modals.removeSubrange(max(index, 0)...) }
    }

    // MARK: - Actions with more to them

    mutating func dismiss(_ c: CoordinatorID) -> RefusalReason? {
        let count = self[c].modals.count
        if count == 0 {
            guard faulty(.dismissNothingRemovesCaller), c != state.root else { return .nothingPresented }
            removeHosting(of: c)
            return nil
        }
        removeModals(of: c, from: faulty(.dismissWrongLevel) && count >= 2 ? count - 2 : count - 1)
        return nil
    }

    mutating func set(_ c: CoordinatorID, _ r: Route) -> RefusalReason? {
        let co = self[c]
        if let top = co.modals.last {
            if let child = top.entry.child { endIfLive(child) }
            mutate(c) { $0.modals[$0.modals.count - 1].entry = .screen(r) }
        } else if co.kind != .tab, let top = co.stack.last {
            if let child = top.child { endIfLive(child) }
            mutate(c) { $0.stack[$0.stack.count - 1] = .screen(r) }
        } else {
            return .unsupported
        }
        return nil
    }

    /// Sets `c` up as new: ends every child, empties stack and modals, rebuilds its initial view.
    mutating func restart(_ c: CoordinatorID) {
        if faulty(.restartKeepsFullScreen) {
            let keep = self[c].modals.filter { !$0.style.isSwipeDismissible }
            for m in self[c].modals where m.style.isSwipeDismissible {
                if let child = m.entry.child { endIfLive(child) }
            }
            mutate(c) { $0.modals = keep }
        } else {
            removeModals(of: c, from: 0)
        }
        removeStack(of: c, from: 0)
        for child in self[c].children { endIfLive(child) }
        let co = self[c]
        if co.kind == .tab {
            mutate(c) { $0.tab = nil }
            setUpPages(of: c)
        } else {
            mutate(c) { $0.stack = [.screen(co.initialRoute)] }
        }
    }

    mutating func start(_ c: CoordinatorID, _ k: Kind, _ style: Style, _ r: Route) -> RefusalReason? {
        if style == .push && (kind(c) != .navigation || k == .tab) { return .unsupported }
        let d = create(kind: k, parent: c, route: r)
        mutate(c) {
            if style == .push { $0.stack.append(.child(d)) } else { $0.modals.append(Modal(style, .child(d))) }
        }
        return nil
    }

    mutating func finishFlow(_ d: CoordinatorID) -> RefusalReason? {
        if d == state.root { return .isRoot }
        var target = d
        if case .page? = state.hosting(of: d), let tab = self[d].parent { target = tab }
        if target == state.root { return .isRoot }
        finishing = [d, target]
        removeHosting(of: target)
        return nil
    }

    /// Removes the entry hosting `c` and every entry above it in that container; `c` ends.
    mutating func removeHosting(of c: CoordinatorID) {
        guard let p = self[c].parent else { return }
        switch state.hosting(of: c) {
        case .stack(let i)?: removeStack(of: p, from: i)
        case .modal(let i)?: removeModals(of: p, from: i)
        case .page?, nil: endIfLive(c)
        }
    }

    mutating func setPages(_ t: CoordinatorID, _ pages: [Page], _ current: Page?) -> RefusalReason? {
        guard let old = self[t].tab, kind(t) == .tab else { return .unsupported }
        if let current, !pages.contains(current) { return .notFound }
        for (page, pc) in zip(old.pages, old.pageCoordinators) where !pages.contains(page) {
            endIfLive(pc)
        }
        var ids: [CoordinatorID] = []
        for page in pages {
            if let kept = old.coordinator(for: page) {
                ids.append(kept)
                if faulty(.duplicatePageChild) { mutate(t) { $0.children.append(kept) } }
            } else {
                ids.append(create(kind: .navigation, parent: t, route: Route(0)))
            }
        }
        let newCurrent = current ?? (pages.contains(old.current) ? old.current : pages[0])
        let badges = old.badges.filter { pages.contains($0.page) }
        mutate(t) { $0.tab = TabState(pages: pages, current: newCurrent, badges: badges, pageCoordinators: ids) }
        return nil
    }

    mutating func userBack() -> RefusalReason? {
        guard let seen = state.descend(), let i = seen.stackIndex else { return .noBack }
        if i >= 1 {
            removeStack(of: seen.owner, from: i)
            return nil
        }
        guard case .stack(let k)? = state.hosting(of: seen.owner), let p = self[seen.owner].parent else {
            return .noBack
        }
        removeStack(of: p, from: k, keepChildren: faulty(.backLeavesChild))
        return nil
    }

    mutating func userSwipeDismiss() -> RefusalReason? {
        guard let m = state.descend()?.lastModal else { return .nothingPresented }
        guard self[m.holder].modals[m.index].style.isSwipeDismissible else { return .notDismissible }
        removeModals(of: m.holder, from: m.index, keepChildren: faulty(.swipeLeavesChild))
        return nil
    }
}
