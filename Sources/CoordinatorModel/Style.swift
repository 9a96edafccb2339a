/// How an entry is shown: pushed onto a stack, or presented modally in one of the other styles.
public enum Style: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case push, sheet, detents, fullScreen, overlay, custom
    /// Whether this is a modal style: every style but `push`.
    public var isModal: Bool { self != .push }
    /// Only these can be swiped away by the user.
    public var isSwipeDismissible: Bool { self == .sheet || self == .detents }
    /// The style's name, as in the text form.
    public var description: String {
        switch self {
        case .push: "push"
        case .sheet: "sheet"
        case .detents: "detents"
        case .fullScreen: "fullScreen"
        case .overlay: "overlay"
        case .custom: "custom"
        }
    }
}
