public enum CoordinatorKind: Hashable, Sendable {
    case navigation, tab, redirection
}
