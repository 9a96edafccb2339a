/// A stack or modal entry: a screen, or a child coordinator shown there.
public enum RouterEntry {
    case screen(Screen)
    case coordinator(Coordinator)

    public var coordinator: Coordinator? {
        if case .coordinator(let c) = self { return c }
        return nil
    }
}
