/// How a route or a coordinator is shown.
public enum NavigationTransitionStyle: Equatable, Sendable {
    case push, modal, modalFullScreen, custom
}

/// What a screen shows: SwiftUI's `View`, kept as a plain protocol so that the library runs
/// anywhere. Each screen of an app is a type of its own.
public protocol View {}

/// A screen of the app: how it wants to be shown, and its view.
public protocol NavigationRoute {
    var transition: NavigationTransitionStyle { get }
    func view() -> any View
}

/// What a router shows: a route's view, or another coordinator's root.
public enum Presentable {
    case view(any NavigationRoute)
    case coordinator(Coordinator)

    var coordinator: Coordinator? { if case .coordinator(let c) = self { c } else { nil } }
}

/// A coordinator's navigation controller: the pushed stack, and what it presented modally
/// (bottom first). A tab bar's router presents but has no stack (`hasNavigation` false).
public final class Router {
    public private(set) var stack: [Presentable] = []
    public private(set) var presented: [(style: NavigationTransitionStyle, content: Presentable)] = []
    public let hasNavigation: Bool
    unowned let owner: Coordinator

    init(owner: Coordinator, hasNavigation: Bool) {
        self.owner = owner
        self.hasNavigation = hasNavigation
    }

    /// Shows `route` as its transition says, or as `transitionStyle` when one is passed (the
    /// README's "automatic" is `nil`), then calls `completion`. False for a push on a router
    /// without a stack.
    @discardableResult
    public func navigate(to route: any NavigationRoute, transitionStyle: NavigationTransitionStyle? = nil, animated: Bool = true,
                         completion: (() -> Void)? = nil) -> Bool {
        let style = owner.transitionOverrideIgnored ? route.transition : transitionStyle ?? route.transition
        guard show(.view(route), as: style) else { return false }
        completion?()
        return true
    }

    /// Makes `coordinator` a child, starts it and shows it in its presentation style. False
    /// for a push on a router without a stack, or of a tab bar (UIKit cannot push one).
    @discardableResult
    public func navigate(to coordinator: Coordinator, animated: Bool = true) -> Bool {
        if coordinator.presentationStyle == .push, coordinator.router.hasNavigation == false { return false }
        guard show(.coordinator(coordinator), as: coordinator.presentationStyle) else { return false }
        coordinator.parent = owner
        coordinator.popToRootSkipsCompletionAtRoot = owner.popToRootSkipsCompletionAtRoot
        coordinator.transitionOverrideIgnored = owner.transitionOverrideIgnored
        coordinator.popToViewFindsFirst = owner.popToViewFindsFirst
        owner.children.append(coordinator)
        coordinator.start(animated: animated)
        return true
    }

    /// Presents `view` modally, as `style` says (a page sheet unless told otherwise). False for
    /// `push`, which is `navigate(to:)`'s.
    @discardableResult
    public func present(_ view: any NavigationRoute, style: NavigationTransitionStyle = .modal, animated: Bool = true,
                        completion: (() -> Void)? = nil) -> Bool {
        guard style != .push, show(.view(view), as: style) else { return false }
        completion?()
        return true
    }

    /// Cleans the stack and starts it again at `route`. False without a stack.
    @discardableResult
    public func startFlow(route: any NavigationRoute, animated: Bool = true) -> Bool {
        guard hasNavigation else { return false }
        remove(fromStack: 0)
        stack = [.view(route)]
        return true
    }

    /// Pops the top view. False at the root.
    @discardableResult
    public func pop(animated: Bool = true) -> Bool {
        guard hasNavigation, stack.count > 1 else { return false }
        remove(fromStack: stack.count - 1)
        return true
    }

    /// Pops views until the last view of type `T` is on top: `router.popToView(MyView.self)`.
    /// False without a stack, or when no view of the stack is a `T`.
    @discardableResult
    public func popToView<T: View>(_ view: T.Type, animated: Bool = true) -> Bool {
        popToView(animated: animated) { $0.view() is T }
    }

    /// Pops views until the last route `matches` is on top. False without a stack, or when no
    /// route of the stack matches.
    @discardableResult
    public func popToView(animated: Bool = true, where matches: (any NavigationRoute) -> Bool) -> Bool {
        let isMatch = { (p: Presentable) in if case .view(let route) = p { matches(route) } else { false } }
        let found = owner.popToViewFindsFirst ? stack.firstIndex(where: isMatch) : stack.lastIndex(where: isMatch)
        guard hasNavigation, let i = found else { return false }
        if i + 1 < stack.count { remove(fromStack: i + 1) }
        return true
    }

    /// Pops every view but the root. False without a stack.
    @discardableResult
    public func popToRoot(animated: Bool = true, completion: (() -> Void)? = nil) -> Bool {
        guard hasNavigation else { return false }
        if stack.count <= 1 && owner.popToRootSkipsCompletionAtRoot { return true }
        if stack.count > 1 { remove(fromStack: 1) }
        completion?()
        return true
    }

    /// Dismisses the top view this router presented. False when it presented nothing.
    @discardableResult
    public func dismiss(animated: Bool = true) -> Bool {
        guard !presented.isEmpty else { return false }
        remove(fromPresented: presented.count - 1)
        return true
    }

    /// What the navigation bar's back button does: pops the top view.
    @discardableResult
    public func userTappedBack() -> Bool { pop() }

    /// What the presentation controller does when the user swipes the top modal down: only a
    /// `modal` (a page sheet) can be swiped away.
    @discardableResult
    public func userSwipedDown() -> Bool {
        guard presented.last?.style == .modal else { return false }
        remove(fromPresented: presented.count - 1)
        return true
    }

    // MARK: Internals

    private func show(_ content: Presentable, as style: NavigationTransitionStyle) -> Bool {
        if style == .push {
            guard hasNavigation else { return false }
            stack.append(content)
        } else {
            presented.append((style, content))
        }
        return true
    }

    /// Removes stack entries from `index` up, ending the coordinators they showed.
    func remove(fromStack index: Int) {
        let gone = stack[index...].compactMap(\.coordinator)
        stack.removeSubrange(index...)
        gone.reversed().forEach(owner.end(child:))
    }

    /// Removes presented entries from `index` up, ending the coordinators they showed.
    func remove(fromPresented index: Int) {
        let gone = presented[index...].compactMap(\.content.coordinator)
        presented.removeSubrange(index...)
        gone.reversed().forEach(owner.end(child:))
    }

    /// Everything gone: the coordinator ended or starts again.
    func clear() {
        if !presented.isEmpty { remove(fromPresented: 0) }
        if !stack.isEmpty { remove(fromStack: 0) }
    }

    /// Where `child` is shown here, as the container and the index.
    func place(of child: Coordinator) -> (inStack: Bool, index: Int)? {
        if let i = stack.firstIndex(where: { $0.coordinator === child }) { return (true, i) }
        if let i = presented.firstIndex(where: { $0.content.coordinator === child }) { return (false, i) }
        return nil
    }
}
