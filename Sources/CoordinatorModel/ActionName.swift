/// The name of each action kind, as written in the text form. Used for coverage and swarm testing.
public enum ActionName: String, CaseIterable, Sendable {
    case push, pop, popToRoot, popTo, setRoot, replaceRoot, present, dismiss, dismissAll, close,
         set, none, multiple, restart, start, finishFlow, forcePresentation, restartApp, redirect,
         select, setPages, setBadge, tabPopToRoot, userBack, userSwipeDismiss, userSelectTab,
         switchRoot, redirectTo, startShared, setStack, startStack

    /// Router actions, the only ones allowed inside `multiple`.
    public var isRouterPart: Bool {
        switch self {
        case .push, .pop, .popToRoot, .popTo, .setRoot, .replaceRoot, .present, .dismiss,
             .dismissAll, .close, .set, .none: true
        default: false
        }
    }
    /// The opt-in transitions of docs/SEMANTICS.md §4.7: enumerated only by a domain that
    /// asks for them (`Domain.transitions`), offered only by systems that list them.
    public var isTransitionExtension: Bool {
        switch self {
        case .switchRoot, .redirectTo, .startShared, .setStack, .startStack: true
        default: false
        }
    }
    /// The names every system offered before the opt-in transitions: what `Capabilities`
    /// offers by default.
    public static let standard: [ActionName] = allCases.filter { !$0.isTransitionExtension }
    /// User (environment) actions: `userBack`, `userSwipeDismiss` and `userSelectTab`.
    public var isUserAction: Bool { self == .userBack || self == .userSwipeDismiss || self == .userSelectTab }
}
