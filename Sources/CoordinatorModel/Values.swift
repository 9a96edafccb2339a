/// The small values of the model: names of coordinators, routes and pages, and the
/// enumerations of docs/SEMANTICS.md §1. All are one or two bytes wide so that states stay compact.

/// A coordinator's identity. In a trace ids are allocated in creation order (`c0` is the root)
/// and never reused; canonical states renumber them in hosting order.
public struct CoordinatorID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number after `c`.
    public var index: Int32
    /// The id `c<index>`.
    public init(_ index: Int) { self.index = Int32(truncatingIfNeeded: index) }
    /// Orders ids by number.
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
    /// `c<index>`, as in the text form.
    public var description: String { "c\(index)" }
}

/// A screen name from the configured route alphabet (`r0`, `r1`, …).
public struct Route: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number after `r`.
    public var index: UInt8
    /// The route `r<index>`.
    public init(_ index: Int) { self.index = UInt8(truncatingIfNeeded: index) }
    /// Orders routes by number.
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
    /// `r<index>`, as in the text form.
    public var description: String { "r\(index)" }
}

/// A tab page name from the configured page universe (`p0`, `p1`, …).
public struct Page: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number after `p`.
    public var index: UInt8
    /// The page `p<index>`.
    public init(_ index: Int) { self.index = UInt8(truncatingIfNeeded: index) }
    /// Orders pages by number.
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
    /// `p<index>`, as in the text form.
    public var description: String { "p\(index)" }
}

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

/// A presented entry and the style it is presented in.
public struct Modal: Hashable, Sendable, CustomStringConvertible {
    /// How the entry is presented.
    public var style: Style
    /// The presented screen or child coordinator.
    public var entry: Entry
    /// A modal showing `entry` in `style`.
    public init(_ style: Style, _ entry: Entry) { self.style = style; self.entry = entry }
    /// `style:entry`, e.g. `sheet:r1`.
    public var description: String { "\(style):\(entry)" }
}

/// How a flow that ended, ended.
public enum FlowResult: UInt8, Sendable, CustomStringConvertible {
    case finished, cancelled
    /// `finished` or `cancelled`.
    public var description: String { self == .finished ? "finished" : "cancelled" }
}

/// `completed(coordinator, result)`: emitted once for every coordinator a step ends.
public struct Completion: Hashable, Sendable, CustomStringConvertible {
    /// The coordinator that ended.
    public var coordinator: CoordinatorID
    /// How its flow ended.
    public var result: FlowResult
    /// The event `completed(coordinator, result)`.
    public init(_ coordinator: CoordinatorID, _ result: FlowResult) {
        self.coordinator = coordinator; self.result = result
    }
    /// `completed(c<n>, result)`, as in the text form.
    public var description: String { "completed(\(coordinator), \(result))" }
}

/// Why an action was refused (docs/SEMANTICS.md §4). Checks run in this order: `invalid`,
/// `noSuchCoordinator`, `unsupported`, then the action's own preconditions.
public enum RefusalReason: String, CaseIterable, Sendable {
    case invalid, noSuchCoordinator, unsupported, atRoot, notFound, nothingPresented,
         nothingToClose, isRoot, noBack, notDismissible, noTabBar
}

/// What a step did with an action: applied it, or refused it for a reason.
public enum Outcome: Hashable, Sendable, CustomStringConvertible {
    case applied
    case refused(RefusalReason)
    /// Whether the action was refused.
    public var isRefused: Bool { if case .refused = self { return true } else { return false } }
    /// `applied` or `refused(reason)`.
    public var description: String {
        switch self {
        case .applied: "applied"
        case .refused(let r): "refused(\(r.rawValue))"
        }
    }
}
