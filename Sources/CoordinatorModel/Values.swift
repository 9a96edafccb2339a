/// The small values of the model: names of coordinators, routes and pages, and the
/// enumerations of docs/SEMANTICS.md §1. All are one or two bytes wide so that states stay compact.

/// A coordinator's identity. In a trace ids are allocated in creation order (`c0` is the root)
/// and never reused; canonical states renumber them in hosting order.
public struct CoordinatorID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var index: Int32
    public init(_ index: Int) { self.index = Int32(truncatingIfNeeded: index) }
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
    public var description: String { "c\(index)" }
}

/// A screen name from the configured route alphabet (`r0`, `r1`, …).
public struct Route: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var index: UInt8
    public init(_ index: Int) { self.index = UInt8(truncatingIfNeeded: index) }
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
    public var description: String { "r\(index)" }
}

/// A tab page name from the configured page universe (`p0`, `p1`, …).
public struct Page: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var index: UInt8
    public init(_ index: Int) { self.index = UInt8(truncatingIfNeeded: index) }
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
    public var description: String { "p\(index)" }
}

public enum Kind: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case navigation, tab, redirection
    public var description: String {
        switch self {
        case .navigation: "navigation"
        case .tab: "tab"
        case .redirection: "redirection"
        }
    }
}

public enum Style: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    case push, sheet, detents, fullScreen, overlay, custom
    public var isModal: Bool { self != .push }
    /// Only these can be swiped away by the user.
    public var isSwipeDismissible: Bool { self == .sheet || self == .detents }
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

    public var child: CoordinatorID? {
        if case .child(let id) = self { return id }
        return nil
    }
    public var description: String {
        switch self {
        case .screen(let r): r.description
        case .child(let c): c.description
        }
    }
}

public struct Modal: Hashable, Sendable, CustomStringConvertible {
    public var style: Style
    public var entry: Entry
    public init(_ style: Style, _ entry: Entry) { self.style = style; self.entry = entry }
    public var description: String { "\(style):\(entry)" }
}

/// How a flow that ended, ended.
public enum FlowResult: UInt8, Sendable, CustomStringConvertible {
    case finished, cancelled
    public var description: String { self == .finished ? "finished" : "cancelled" }
}

/// `completed(coordinator, result)`: emitted once for every coordinator a step ends.
public struct Completion: Hashable, Sendable, CustomStringConvertible {
    public var coordinator: CoordinatorID
    public var result: FlowResult
    public init(_ coordinator: CoordinatorID, _ result: FlowResult) {
        self.coordinator = coordinator; self.result = result
    }
    public var description: String { "completed(\(coordinator), \(result))" }
}

/// Why an action was refused (docs/SEMANTICS.md §4). Checks run in this order: `invalid`,
/// `noSuchCoordinator`, `unsupported`, then the action's own preconditions.
public enum RefusalReason: String, CaseIterable, Sendable {
    case invalid, noSuchCoordinator, unsupported, atRoot, notFound, nothingPresented,
         nothingToClose, isRoot, noBack, notDismissible, noTabBar
}

public enum Outcome: Hashable, Sendable, CustomStringConvertible {
    case applied
    case refused(RefusalReason)
    public var isRefused: Bool { if case .refused = self { return true } else { return false } }
    public var description: String {
        switch self {
        case .applied: "applied"
        case .refused(let r): "refused(\(r.rawValue))"
        }
    }
}
