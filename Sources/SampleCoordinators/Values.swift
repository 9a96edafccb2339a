/// The small values of the sample library: numbered screens and tab pages, presentation
/// styles, how a flow ended, and why a call was refused. A real app would have route enums;
/// numbered screens keep the sample's adapter short.

/// A screen the app can show. Screen `n` is the model's route `r<n>`.
public struct Screen: Hashable, Sendable {
    public var number: Int
    public init(_ number: Int) { self.number = number }
}

/// A tab page. Page `n` is the model's page `p<n>`.
public struct TabPage: Hashable, Sendable {
    public var number: Int
    public init(_ number: Int) { self.number = number }
}

public enum PresentationStyle: Hashable, Sendable {
    case push, sheet, detents, fullScreen, overlay, custom

    /// Sheets can be swiped down by the user; covers cannot.
    public var isSwipeDismissible: Bool { self == .sheet || self == .detents }
}

/// How a flow ended: its own `finishFlow`, or anything else that removed it.
public enum FlowEnd: Hashable, Sendable {
    case finished, cancelled
}

/// Why the library refused a call. It changes nothing when it throws.
public enum NavigationError: Error, Hashable, Sendable {
    case unsupported, atRoot, notFound, nothingPresented, nothingToClose, isRoot, noBack, notDismissible, noTabBar
    /// There is no coordinator to act on (nothing visible for a deep link, or an unknown id).
    case noSuchCoordinator
}
