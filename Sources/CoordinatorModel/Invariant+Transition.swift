/// The seven transition invariants of docs/SEMANTICS.md §5.
extension Invariant {
    @_spi(Engine) public static let transitionInvariants: [Invariant] = [
        refusalChangesNothing, completionExactlyOnce, finishFlowCleansUp, modalDiscipline,
        rootScreenStable, forcePresentationOnTop, restartResets,
    ]

    @_spi(Engine) public static let refusalChangesNothing = Invariant(
        name: "refusal-changes-nothing",
        summary: "a refused action leaves the state as it was and emits no events (dismiss only when presented)",
        check: .transition(refusalChangesNothingCheck))

    static func refusalChangesNothingCheck(_ before: State, _ action: Action, _ step: Step, _ configuration: Configuration) -> String? {
        guard step.outcome.isRefused else { return nil }
        if !step.events.isEmpty { return "\(action) was \(step.outcome) but emitted \(step.events)" }
        if step.state != before { return "\(action) was \(step.outcome) but changed the state" }
        return nil
    }

    @_spi(Engine) public static let completionExactlyOnce = Invariant(
        name: "completion-exactly-once",
        summary: "events name exactly the coordinators that ended, each once; finished only for the finishFlow target and the tab it climbed to",
        check: .transition(completionExactlyOnceCheck))

    static func completionExactlyOnceCheck(_ before: State, _ action: Action, _ step: Step, _ configuration: Configuration) -> String? {
        completionExactlyOnce(before, action, step, Pairing(before, step))
    }

    static func completionExactlyOnce(_ before: State, _ action: Action, _ step: Step, _ pairing: Pairing) -> String? {
        let events = step.events
        if step.outcome.isRefused && events.isEmpty { return nil }
        let finishing = finishFlowTargets(before, action, step)
        for (k, e) in events.enumerated() {
            if events[..<k].contains(where: { $0.coordinator == e.coordinator }) { return "\(e.coordinator) completed more than once" }
            if !before.isLive(e.coordinator) || step.state.isLive(e.coordinator) { return "\(e.coordinator) completed but did not end" }
            if e.result == .finished && finishing?.contains(e.coordinator) != true {
                return "\(e.coordinator) completed as finished, but it was not the finishFlow target"
            }
            if e.result == .cancelled && finishing?.contains(e.coordinator) == true {
                return "\(e.coordinator) was the finishFlow target but completed as cancelled"
            }
        }
        // Every coordinator that ended has an event (the loop above showed each event ended).
        if before.count - pairing.kept != events.count {
            for i in before.positions where !step.state.isLive(before.id(at: i)) && !events.contains(where: { $0.coordinator == before.id(at: i) }) {
                return "\(before.id(at: i)) ended without a completion event"
            }
        }
        return nil
    }

    @_spi(Engine) public static let finishFlowCleansUp = Invariant(
        name: "finishflow-cleans-up",
        summary: "after finishFlow no entry refers to an ended coordinator, and the parent's entries below the removed one are unchanged",
        check: .transition(finishFlowCleansUpCheck))

    static func finishFlowCleansUpCheck(_ before: State, _ action: Action, _ step: Step, _ configuration: Configuration) -> String? {
        guard case .finishFlow(let d) = action, !step.outcome.isRefused else { return nil }
        if step.state.isLive(d) { return "\(d) is still live after its finishFlow" }
        func ended(_ r: CoordinatorID) -> Bool { before.isLive(r) && !step.state.isLive(r) }
        let after = step.state
        for i in after.positions {
            var dangling: CoordinatorID?
            for k in 0..<after.stackCount(at: i) where dangling == nil {
                if let r = after.stackEntry(at: i, k).child, ended(r) { dangling = r }
            }
            for k in 0..<after.modalCount(at: i) where dangling == nil {
                if let r = after.modal(at: i, k).entry.child, ended(r) { dangling = r }
            }
            for k in 0..<after.childCount(at: i) where dangling == nil {
                if ended(after.child(at: i, k)) { dangling = after.child(at: i, k) }
            }
            if after.hasTab(at: i) {
                for k in 0..<after.pageCoordinatorCount(at: i) where dangling == nil {
                    if ended(after.pageCoordinator(at: i, k)) { dangling = after.pageCoordinator(at: i, k) }
                }
            }
            if dangling == nil, let p = after.parent(at: i), ended(p) { dangling = p }
            if let r = dangling { return "\(after.id(at: i)) still refers to \(r), which ended" }
        }
        guard let target = finishFlowTargets(before, action, step)?.last, let ti = before.index(of: target), let p = before.parent(at: ti),
              let bi = before.index(of: p) else { return nil }
        guard let ai = after.index(of: p) else { return "\(p), the parent of \(target), ended too" }
        func stack(_ s: State, _ i: Int) -> [Entry] { (0..<s.stackCount(at: i)).map { s.stackEntry(at: i, $0) } }
        func modals(_ s: State, _ i: Int) -> [Modal] { (0..<s.modalCount(at: i)).map { s.modal(at: i, $0) } }
        switch before.hosting(of: target) {
        case .stack(let k)? where before.sharesRouter(at: ti):
            // On its parent's router it takes its own entry only: the parent's screens pushed after it stay.
            var expected = stack(before, bi)
            expected.remove(at: k)
            if stack(after, ai) != expected { return "\(p)'s stack should be \(expected), is \(stack(after, ai))" }
            if !after.sameList(.modals, at: ai, as: before, at: bi) { return "\(p)'s modals changed, but \(target) was hosted in its stack" }
        case .stack(let k)?:
            if after.stackCount(at: ai) != k || !after.samePrefix(.stack, k, at: ai, as: before, at: bi) {
                return "\(p)'s stack should be \(Array(stack(before, bi)[..<k])), is \(stack(after, ai))"
            }
            if !after.sameList(.modals, at: ai, as: before, at: bi) { return "\(p)'s modals changed, but \(target) was hosted in its stack" }
        case .modal(let k)?:
            if after.modalCount(at: ai) != k || !after.samePrefix(.modals, k, at: ai, as: before, at: bi) {
                return "\(p)'s modals should be \(Array(modals(before, bi)[..<k])), are \(modals(after, ai))"
            }
            if !after.sameList(.stack, at: ai, as: before, at: bi) { return "\(p)'s stack changed, but \(target) was hosted in its modals" }
        case .page?, nil:
            break
        }
        return nil
    }

    @_spi(Engine) public static let modalDiscipline = Invariant(
        name: "modal-discipline",
        summary: "modal lists change only as the action says: present appends one, dismiss removes the top one, dismissAll and restart empty one",
        check: .transition(modalDisciplineCheck))

    static func modalDisciplineCheck(_ before: State, _ action: Action, _ step: Step, _ configuration: Configuration) -> String? {
        modalDiscipline(before, action, step, Pairing(before, step), configuration)
    }

    static func modalDiscipline(_ before: State, _ action: Action, _ step: Step, _ pairing: Pairing, _ configuration: Configuration) -> String? {
        guard !step.outcome.isRefused else { return nil }
        let dialect = configuration.dialect
        let after = step.state
        if pairing.createdWithModals > 0 {
            let j = pairing.firstCreatedWithModals
            return "\(after.id(at: j)) was created with modals \(ModalChanges.modals(after, j))"
        }
        let changes = ModalChanges(pairing)
        switch action {
        case .present(let c, let r, let style):
            guard let i = before.index(of: c) else { return nil }
            return changes.only(c, keep: before.modalCount(at: i), then: Modal(style, .screen(r)), before, after, action)
        case .dismissAll(let c):
            return changes.only(c, keep: 0, before, after, action)
        case .set(let c, let r):
            guard let i = before.index(of: c) else { return nil }
            let n = before.modalCount(at: i)
            if n == 0 { return changes.only(c, keep: 0, before, after, action) }
            return changes.only(c, keep: n - 1, then: Modal(before.modalStyle(at: i, n - 1), .screen(r)), before, after, action)
        case .multiple(let c, _):
            guard let i = before.index(of: c) else { return nil }
            return changes.only(c, expectedModals(ModalChanges.modals(before, i), action, dialect), before, after, action)
        case .dismiss(let c):
            if dialect.contains(.dismissNothingApplies), let i = before.index(of: c), before.modalCount(at: i) == 0 {
                return changes.unchanged(before, after, action)
            }
            return changes.removedTop(of: c, before, after, action)
        case .popTo(let c, let r) where dialect.contains(.popToPresented):
            // The modals above the topmost one showing r go; all of them when r is on the stack.
            guard let i = before.index(of: c) else { return changes.unchanged(before, after, action) }
            if let k = (0..<before.modalCount(at: i)).last(where: { before.modal(at: i, $0).entry == .screen(r) }) {
                return changes.only(c, keep: k + 1, before, after, action)
            }
            return changes.only(c, keep: 0, before, after, action)
        case .close(let c):
            guard let i = before.index(of: c) else { return nil }
            return before.modalCount(at: i) == 0 ? changes.unchanged(before, after, action) : changes.removedTop(of: c, before, after, action)
        case .userSwipeDismiss:
            return changes.removedTop(of: nil, before, after, action)
        case .start(_, _, let style, _), .forcePresentation(_, let style, _), .redirect(_, _, let style), .startStack(_, let style, _):
            return style == .push ? changes.unchanged(before, after, action) : changes.appendedOne(style, before, after, action)
        case .redirectTo(let c, let part):
            // Judged as the part on the parent, which is what the action promises.
            guard let p = before.parent(of: c) else { return changes.unchanged(before, after, action) }
            return modalDiscipline(before, part.retargeted { $0 == c ? p : $0 }, step, pairing, configuration)
        case .restart(let c):
            return changes.only(c, keep: 0, before, after, action)
        case .restartApp:
            // With a launch the root presents exactly one modal: a new launch child.
            guard let launch = configuration.launch else { return changes.only(before.root, keep: 0, before, after, action) }
            if let j = after.index(of: before.root), after.modalCount(at: j) != 1 || after.modalStyle(at: j, 0) != launch.style
                || after.modal(at: j, 0).entry.child.map(before.isLive) != false {
                return "\(before.root)'s modals should be a new launch child (\(launch)) only, are \(ModalChanges.modals(after, j))"
            }
            return changes.otherChange(before.root, before, action)
        case .finishFlow:
            guard let target = finishFlowTargets(before, action, step)?.last, let p = before.parent(of: target),
                  case .modal(let k)? = before.hosting(of: target) else { return changes.unchanged(before, after, action) }
            return changes.only(p, keep: k, before, after, action)
        default:
            return changes.unchanged(before, after, action)
        }
    }

    @_spi(Engine) public static let rootScreenStable = Invariant(
        name: "root-screen-stable",
        summary: "stack entry 0 changes only by setRoot, replaceRoot, set of the current view, restart or restartApp",
        check: .transition(rootScreenStableCheck))

    static func rootScreenStableCheck(_ before: State, _ action: Action, _ step: Step, _ configuration: Configuration) -> String? {
        rootScreenStable(before, action, step, Pairing(before, step))
    }

    static func rootScreenStable(_ before: State, _ action: Action, _ step: Step, _ pairing: Pairing) -> String? {
        guard !step.outcome.isRefused else { return nil }
        let after = step.state
        func first(_ s: State, _ i: Int) -> Entry? { s.stackCount(at: i) > 0 ? s.stackEntry(at: i, 0) : nil }
        // An action lets at most one coordinator change entry 0, so the first change it does
        // not allow is one of the first two.
        for k in 0 ..< min(pairing.rootChanges, 2) {
            let (i, j) = k == 0 ? pairing.firstRoot : pairing.secondRoot
            if rootMayChange(at: i, before, action) { continue }
            let was = first(before, i).map(\.description) ?? "nothing"
            let now = first(after, j).map(\.description) ?? "nothing"
            return "\(action) changed entry 0 of \(before.id(at: i)) from \(was) to \(now)"
        }
        return nil
    }

    @_spi(Engine) public static let forcePresentationOnTop = Invariant(
        name: "force-presentation-on-top",
        summary: "after forcePresentation, top() is the new coordinator or inside its subtree",
        check: .transition(forcePresentationOnTopCheck))

    static func forcePresentationOnTopCheck(_ before: State, _ action: Action, _ step: Step, _ configuration: Configuration) -> String? {
        guard case .forcePresentation = action, !step.outcome.isRefused else { return nil }
        // The first coordinator not live before whose parent was: one merge of the two sorted
        // id lists finds those not live before.
        var new: CoordinatorID?
        var i = 0
        for j in step.state.positions {
            let id = step.state.id(at: j)
            while i < before.count && before.id(at: i) < id { i += 1 }
            if i < before.count && before.id(at: i) == id { continue }
            if step.state.parent(at: j).map(before.isLive) == true { new = id; break }
        }
        guard let new else { return "forcePresentation created no coordinator" }
        guard let top = step.state.top() else { return "there is no visible screen after forcePresentation" }
        // The new coordinator itself is on top after most forcePresentations: no walk then.
        if top != new && !step.state.isInSubtree(top, of: new) {
            return "after forcePresentation the top is \(top), not the new \(new) or inside it"
        }
        return nil
    }

    @_spi(Engine) public static let restartResets = Invariant(
        name: "restart-resets",
        summary: "after restart a coordinator equals a newly set-up one of its kind and initial route; after switchRoot the old tree is gone and the root is new",
        check: .transition(restartResetsCheck))

    static func restartResetsCheck(_ before: State, _ action: Action, _ step: Step, _ configuration: Configuration) -> String? {
        guard !step.outcome.isRefused else { return nil }
        let target: CoordinatorID
        switch action {
        case .restart(let c): target = c
        case .restartApp: target = before.root
        case .switchRoot(let k, let r):
            target = step.state.root
            if let old = before.positions.first(where: { step.state.isLive(before.id(at: $0)) }) {
                return "\(before.id(at: old)) of the old root flow is still live after switchRoot"
            }
            guard let ri = step.state.index(of: target) else { return "the root \(target) is not live after switchRoot" }
            if step.state.kind(at: ri) != k { return "the new root \(target) is \(step.state.kind(at: ri)), not \(k)" }
            if k != .tab && step.state.initialRoute(at: ri) != r {
                return "the new root \(target) starts at \(step.state.initialRoute(at: ri)), not \(r)"
            }
        default: return nil
        }
        guard let ci = step.state.index(of: target) else { return "\(target) is not live after its restart" }
        let after = step.state
        let kind = after.kind(at: ci), initialRoute = after.initialRoute(at: ci)
        if let bi = before.index(of: target), before.kind(at: bi) != kind || before.initialRoute(at: bi) != initialRoute {
            return "\(target) changed from \(before.kind(at: bi)) with initial route \(before.initialRoute(at: bi)) to \(kind) with \(initialRoute) on restart"
        }
        // restartApp with a launch: the root presents a new launch child, set up as new, and nothing else.
        var launched: CoordinatorID?
        if case .restartApp = action, let launch = configuration.launch {
            guard after.modalCount(at: ci) == 1, after.modalStyle(at: ci, 0) == launch.style, let d = after.modal(at: ci, 0).entry.child,
                  !before.isLive(d), let di = after.index(of: d), after.kind(at: di) == launch.kind else {
                return "\(target) should present a new launch child (\(launch)) and nothing else after restartApp, presents \(after.coordinator(at: ci).modals)"
            }
            if launch.kind != .tab && after.initialRoute(at: di) != launch.route {
                return "the launch child \(d) starts at \(after.initialRoute(at: di)), not \(launch.route)"
            }
            if let r = setUpAsNew(d, before, after, configuration, besides: nil) { return "the launch child: " + r }
            launched = d
        } else if after.modalCount(at: ci) > 0 {
            return "\(target) still presents \(after.coordinator(at: ci).modals) after restart"
        }
        return setUpAsNew(target, before, after, configuration, besides: launched)
    }

    /// Why `target` (live in `after`) is not set up as new (docs/SEMANTICS.md §2.2), modals
    /// aside: a stack of its initial route and no children, or a tab's initial pages with new
    /// page coordinators. `besides`: a child it may have too (the launch child it presents).
    static func setUpAsNew(_ target: CoordinatorID, _ before: State, _ after: State, _ configuration: Configuration,
                           besides extra: CoordinatorID?) -> String? {
        guard let ci = after.index(of: target) else { return "\(target) is not live after its restart" }
        let kind = after.kind(at: ci), initialRoute = after.initialRoute(at: ci)
        // Read in place: exploration runs this check on every restart it steps.
        guard kind == .tab else {
            if after.stackCount(at: ci) != 1 || after.stackEntry(at: ci, 0) != .screen(initialRoute) {
                return "\(target)'s stack is \(after.coordinator(at: ci).stack) after restart, not [\(initialRoute)]"
            }
            let children = after.childCount(at: ci)
            if children > 1 || (children == 1 && after.child(at: ci, 0) != extra) {
                return "\(target) still has children \(after.coordinator(at: ci).children) after restart"
            }
            return nil
        }
        let c = after.coordinator(at: ci)
        let pages = configuration.initialPages
        guard let tab = c.tab, tab.pages == pages, tab.current == configuration.pageShownAtStart, tab.badges.isEmpty else {
            return "tab \(target) does not have its initial pages \(pages), \(configuration.pageShownAtStart) current and no badges after restart"
        }
        for pc in tab.pageCoordinators {
            if before.isLive(pc) { return "page coordinator \(pc) of \(target) survived its restart" }
            guard let page = after[pc], page.kind == .navigation, page.initialRoute == Route(0), page.stack == [.screen(Route(0))],
                  page.modals.isEmpty, page.children.isEmpty else {
                return "page coordinator \(pc) of \(target) is not newly set up after restart"
            }
        }
        if Set(c.children) != Set(tab.pageCoordinators + (extra.map { [$0] } ?? [])) {
            return "tab \(target) has children \(c.children) besides its pages after restart"
        }
        return nil
    }
}

/// Under `pop-to-presented` (docs/SEMANTICS.md §9) a `popTo` keeps the modals up to the topmost
/// one showing its route, and none when no modal shows it.
private func expectedModals(_ modals: [Modal], _ action: Action, _ dialect: Dialect) -> [Modal] {
    switch action {
    case .present(_, let r, let style): return modals + [Modal(style, .screen(r))]
    case .dismiss, .close: return Array(modals.dropLast())
    case .dismissAll: return []
    case .set(_, let r):
        guard let top = modals.last else { return modals }
        return Array(modals.dropLast()) + [Modal(top.style, .screen(r))]
    case .popTo(_, let r) where dialect.contains(.popToPresented):
        return Array(modals.prefix((modals.lastIndex { $0.entry == .screen(r) }).map { $0 + 1 } ?? 0))
    case .multiple(_, let parts): return parts.reduce(modals) { expectedModals($0, $1, dialect) }
    default: return modals
    }
}

/// Whether `t`'s action may change stack entry 0 of the coordinator at position `i` before it
/// (docs/SEMANTICS.md §5, root-screen-stable). Read in place: the check runs on every transition.
private func rootMayChange(at i: Int, _ before: State, _ action: Action) -> Bool {
    let id = before.id(at: i)
    func allowed(_ a: Action) -> Bool {
        switch a {
        case .setRoot(let x, _), .replaceRoot(let x, _), .restart(let x), .setStack(let x, _): return x == id
        case .redirectTo(let c, let part):
            guard let p = before.parent(of: c) else { return false }
            return allowed(part.retargeted { $0 == c ? p : $0 })
        case .set(let x, _): return x == id && before.modalCount(at: i) == 0 && before.stackCount(at: i) <= 1
        case .restartApp: return id == before.root
        case .multiple(let x, let parts):
            // A `set` inside `multiple` may meet entry 0 after earlier parts popped down to it.
            return x == id && parts.contains { if case .set = $0 { true } else { allowed($0) } }
        default: return false
        }
    }
    return allowed(action)
}

/// The coordinators whose flow a `finishFlow` finishes: its argument and, for a tab page, the tab.
/// Nil for any other action. A value, not a list: the checks ask on every transition.
private func finishFlowTargets(_ before: State, _ action: Action, _ step: Step) -> FinishFlowTargets? {
    guard case .finishFlow(let d) = action, !step.outcome.isRefused else { return nil }
    if case .page? = before.hosting(of: d), let tab = before.parent(of: d) { return FinishFlowTargets(target: d, tab: tab) }
    return FinishFlowTargets(target: d, tab: nil)
}

private struct FinishFlowTargets {
    var target: CoordinatorID
    var tab: CoordinatorID?
    func contains(_ c: CoordinatorID) -> Bool { c == target || c == tab }
    /// The outermost of them.
    var last: CoordinatorID { tab ?? target }
}

/// What a router action does to its target's modal list, written independently of the model.
