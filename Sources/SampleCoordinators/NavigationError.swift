/// Why the library refused a call. It changes nothing when it throws.
public enum NavigationError: Error, Hashable, Sendable {
    case unsupported, atRoot, notFound, nothingPresented, nothingToClose, isRoot, noBack, notDismissible, noTabBar
    /// There is no coordinator to act on (nothing visible for a deep link, or an unknown id).
    case noSuchCoordinator
}
