public enum PresentationStyle: Hashable, Sendable {
    case push, sheet, detents, fullScreen, overlay, custom

    /// Sheets can be swiped down by the user; covers cannot.
    public var isSwipeDismissible: Bool { self == .sheet || self == .detents }
}
