/// Why an action was refused (docs/SEMANTICS.md §4). Checks run in this order: `invalid`,
/// `noSuchCoordinator`, `unsupported`, then the action's own preconditions.
public enum RefusalReason: String, CaseIterable, Sendable {
    case invalid, noSuchCoordinator, unsupported, atRoot, notFound, nothingPresented,
         nothingToClose, isRoot, noBack, notDismissible, noTabBar
}
