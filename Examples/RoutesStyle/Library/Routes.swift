/// A small navigation library in the style of a routes array (as FlowStacks has one): the
/// whole navigation state is one value, a root screen and the routes pushed or presented on
/// it, in order. SwiftUI renders it; this package only keeps the value. It is NavFuzz's example
/// of a value-state library, written for docs/VERIFY.md §8.
public struct Routes<Screen: Equatable>: Equatable {
    public enum Style: Equatable { case push, sheet, cover }

    public struct Route: Equatable {
        public var screen: Screen
        public var style: Style
        public var isPresented: Bool { style != .push }
    }

    /// The first screen; then what was pushed or presented on it, oldest first.
    public private(set) var root: Screen?
    public private(set) var routes: [Route] = []

    /// The bug the library can be built with, for NavFuzz's example: `pop` at the root removes
    /// the root screen (what FlowStacks shipped in its issue 26).
    public var popAtRootRemovesRoot = false

    /// Whether a `pop` with nothing to pop is a programmer error: an assertion, in a debug
    /// build, as libraries of this style have (their contract: check `canPop` first).
    public var assertsOnEmptyPop = false
    /// A bug of the kind `trapsOnRefusedCalls` must not hide: a `pop` with nothing pushed
    /// removes the last route anyway, and the array traps (a runtime trap, not an assertion).
    public var removesFromEmptyPop = false

    /// Whether `pop` has a pushed screen to take away.
    public var canPop: Bool { canNavigate && !routes.isEmpty }

    public init(root: Screen) { self.root = root }

    /// Whether the last route is a push: only then is there a navigation stack to act on (a
    /// presented screen has no navigation of its own in this library).
    public var canNavigate: Bool { routes.last.map { !$0.isPresented } ?? true }

    /// Pushes `screen`. False when something is presented on top.
    @discardableResult public mutating func push(_ screen: Screen) -> Bool {
        guard canNavigate else { return false }
        routes.append(Route(screen: screen, style: .push))
        return true
    }

    /// Presents `screen` as a sheet or a full-screen cover.
    public mutating func present(_ screen: Screen, asCover: Bool = false) {
        routes.append(Route(screen: screen, style: asCover ? .cover : .sheet))
    }

    /// Goes back one pushed screen. False at the root, or when something is presented on top.
    @discardableResult public mutating func pop() -> Bool {
        guard canNavigate else { return false }
        if routes.isEmpty {
            if removesFromEmptyPop { routes.removeLast() }
            assert(!assertsOnEmptyPop || popAtRootRemovesRoot, "pop() with nothing pushed: check canPop first")
            guard popAtRootRemovesRoot, root != nil else { return false }
            root = nil
            return true
        }
        routes.removeLast()
        return true
    }

    /// Goes back to the root. False when something is presented on top.
    @discardableResult public mutating func popToRoot() -> Bool {
        guard canNavigate else { return false }
        routes.removeAll()
        return true
    }

    /// Goes back to the last route showing `screen` (the root when none does), cutting every
    /// route after it, presented ones included. False when no route shows it.
    @discardableResult public mutating func popTo(_ screen: Screen) -> Bool {
        if let i = routes.lastIndex(where: { $0.screen == screen }) {
            routes.removeSubrange((i + 1)...)
            return true
        }
        guard root == screen else { return false }
        routes.removeAll()
        return true
    }

    /// Dismisses the last presented route and everything above it; nothing presented: nothing.
    public mutating func dismiss() {
        guard let i = routes.lastIndex(where: \.isPresented) else { return }
        routes.removeSubrange(i...)
    }

    /// Dismisses every presented route.
    public mutating func dismissAll() {
        guard let i = routes.firstIndex(where: \.isPresented) else { return }
        routes.removeSubrange(i...)
    }

    /// What SwiftUI does when the user taps back: the last pushed screen goes, when it is what
    /// the user sees.
    @discardableResult public mutating func userTappedBack() -> Bool {
        guard let last = routes.last, !last.isPresented else { return false }
        routes.removeLast()
        return true
    }

    /// What SwiftUI does when the user swipes a sheet down: the sheet goes (a cover stays).
    @discardableResult public mutating func userSwipedDown() -> Bool {
        guard let last = routes.last, last.style == .sheet else { return false }
        routes.removeLast()
        return true
    }
}
