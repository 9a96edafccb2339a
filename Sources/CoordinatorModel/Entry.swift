/// A stack or modal entry: a plain screen, or a hosted child coordinator.
public enum Entry: Hashable, Sendable, CustomStringConvertible {
    case screen(Route)
    case child(CoordinatorID)

    /// The hosted coordinator, or nil for a screen.
    public var child: CoordinatorID? {
        if case .child(let id) = self { return id }
        return nil
    }
    /// `r<n>` for a screen, `c<n>` for a child.
    public var description: String {
        switch self {
        case .screen(let r): r.description
        case .child(let c): c.description
        }
    }
}
