/// The 31 actions of docs/SEMANTICS.md §4: router, coordinator, tab and user actions, and
/// the opt-in transitions of §4.7.
public enum Action: Hashable, Sendable {
    // Router actions on a target coordinator.
    case push(CoordinatorID, Route)
    case pop(CoordinatorID)
    case popToRoot(CoordinatorID)
    case popTo(CoordinatorID, Route)
    case setRoot(CoordinatorID, Route)
    case replaceRoot(CoordinatorID, Route)
    case present(CoordinatorID, Route, Style)
    case dismiss(CoordinatorID)
    case dismissAll(CoordinatorID)
    case close(CoordinatorID)
    case set(CoordinatorID, Route)
    case none(CoordinatorID)
    /// The parts are router actions on the same target (text form omits it).
    case multiple(CoordinatorID, [Action])
    case restart(CoordinatorID)
    // Coordinator actions.
    case start(CoordinatorID, Kind, Style, Route)
    case finishFlow(CoordinatorID)
    case forcePresentation(Kind, Style, Route)
    case restartApp
    case redirect(CoordinatorID, Route, Style)
    // Tab actions.
    case select(CoordinatorID, Page)
    case setPages(CoordinatorID, [Page], current: Page?)
    case setBadge(CoordinatorID, Page, Int?)
    case tabPopToRoot(CoordinatorID)
    // User (environment) actions.
    case userBack
    case userSwipeDismiss
    case userSelectTab(Page)
    // Opt-in transitions (docs/SEMANTICS.md §4.7).
    /// Replaces the whole tree by a new root coordinator (CoordinatorKit's `RootRouter`).
    case switchRoot(Kind, Route)
    /// The parent of a redirection coordinator takes a router transition: the part is a
    /// router part or `multiple` on the redirecting coordinator itself (text form omits it).
    indirect case redirectTo(CoordinatorID, Action)
    /// Starts a navigation child that pushes its screens on its parent's router.
    case startShared(CoordinatorID, Route)
    /// Replaces the whole stack by a list of screens (ModernCoordinator `setRoot([…])`).
    case setStack(CoordinatorID, [Route])
    /// Starts a navigation child whose initial stack is a list of screens.
    case startStack(CoordinatorID, Style, [Route])

    /// The action's name as written in the text form.
    public var name: ActionName {
        switch self {
        case .push: .push
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .popTo: .popTo
        case .setRoot: .setRoot
        case .replaceRoot: .replaceRoot
        case .present: .present
        case .dismiss: .dismiss
        case .dismissAll: .dismissAll
        case .close: .close
        case .set: .set
        case .none: .none
        case .multiple: .multiple
        case .restart: .restart
        case .start: .start
        case .finishFlow: .finishFlow
        case .forcePresentation: .forcePresentation
        case .restartApp: .restartApp
        case .redirect: .redirect
        case .select: .select
        case .setPages: .setPages
        case .setBadge: .setBadge
        case .tabPopToRoot: .tabPopToRoot
        case .userBack: .userBack
        case .userSwipeDismiss: .userSwipeDismiss
        case .userSelectTab: .userSelectTab
        case .switchRoot: .switchRoot
        case .redirectTo: .redirectTo
        case .startShared: .startShared
        case .setStack: .setStack
        case .startStack: .startStack
        }
    }

    /// The coordinator the action names, if it names one.
    public var target: CoordinatorID? {
        switch self {
        case .push(let c, _), .pop(let c), .popToRoot(let c), .popTo(let c, _), .setRoot(let c, _),
             .replaceRoot(let c, _), .present(let c, _, _), .dismiss(let c), .dismissAll(let c),
             .close(let c), .set(let c, _), .none(let c), .multiple(let c, _), .restart(let c),
             .start(let c, _, _, _), .finishFlow(let c), .redirect(let c, _, _), .select(let c, _),
             .setPages(let c, _, _), .setBadge(let c, _, _), .tabPopToRoot(let c), .redirectTo(let c, _),
             .startShared(let c, _), .setStack(let c, _), .startStack(let c, _, _):
            c
        case .forcePresentation, .restartApp, .userBack, .userSwipeDismiss, .userSelectTab, .switchRoot:
            nil
        }
    }

    /// The same action aimed at another coordinator (used to renumber traces).
    public func retargeted(_ map: (CoordinatorID) -> CoordinatorID) -> Action {
        switch self {
        case .push(let c, let r): .push(map(c), r)
        case .pop(let c): .pop(map(c))
        case .popToRoot(let c): .popToRoot(map(c))
        case .popTo(let c, let r): .popTo(map(c), r)
        case .setRoot(let c, let r): .setRoot(map(c), r)
        case .replaceRoot(let c, let r): .replaceRoot(map(c), r)
        case .present(let c, let r, let s): .present(map(c), r, s)
        case .dismiss(let c): .dismiss(map(c))
        case .dismissAll(let c): .dismissAll(map(c))
        case .close(let c): .close(map(c))
        case .set(let c, let r): .set(map(c), r)
        case .none(let c): .none(map(c))
        case .multiple(let c, let parts): .multiple(map(c), parts.map { $0.retargeted(map) })
        case .restart(let c): .restart(map(c))
        case .start(let c, let k, let s, let r): .start(map(c), k, s, r)
        case .finishFlow(let c): .finishFlow(map(c))
        case .redirect(let c, let r, let s): .redirect(map(c), r, s)
        case .select(let c, let p): .select(map(c), p)
        case .setPages(let c, let ps, let cur): .setPages(map(c), ps, current: cur)
        case .setBadge(let c, let p, let v): .setBadge(map(c), p, v)
        case .tabPopToRoot(let c): .tabPopToRoot(map(c))
        case .redirectTo(let c, let part): .redirectTo(map(c), part.retargeted(map))
        case .startShared(let c, let r): .startShared(map(c), r)
        case .setStack(let c, let rs): .setStack(map(c), rs)
        case .startStack(let c, let s, let rs): .startStack(map(c), s, rs)
        case .forcePresentation, .restartApp, .userBack, .userSwipeDismiss, .userSelectTab, .switchRoot: self
        }
    }
}

extension Action {
    /// The coordinators the action names (its parts' too), in order: an adapter answers
    /// `noSuchCoordinator` when one of them is no longer there.
    public var coordinators: [CoordinatorID] {
        var out: [CoordinatorID] = []
        _ = retargeted { id in
            out.append(id)
            return id
        }
        return out
    }
}
