/// A coordinator's kind: a navigation stack, a tab bar of pages, or a redirection coordinator
/// (one screen, which `redirect`s to its parent).
public enum Kind: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case navigation, tab, redirection
    /// The kind's name, as in the text form.
    public var description: String {
        switch self {
        case .navigation: "navigation"
        case .tab: "tab"
        case .redirection: "redirection"
        }
    }
}
