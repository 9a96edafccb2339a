/// A small SwiftUI-era coordinator library in the style of CoordinatorX: a flow is an enum of
/// routes, the coordinator says how each is shown (`prepareTransition(for:)`) and what it shows
/// (`prepareView(for:router:)`), and `trigger` does it. Views are kept as plain values, so it
/// runs anywhere. It is NavFuzz's example of a transition-enum library, written for
/// docs/VERIFY.md §8.

/// A coordinator as the tree holds it, whatever its route type: its parent and children, and
/// the bugs the library can be built with, which child flows inherit.
open class AnyCoordinator {
    public internal(set) weak var parent: AnyCoordinator?
    public internal(set) var children: [AnyCoordinator] = []

    /// `dismiss` from a nested context also closes the context that presented it (a dismiss
    /// that removed more than the top level, as XCoordinator fixed in its PR 126).
    public var dismissClosesPresenter = false
    /// The app's coordinator, a `ViewCoordinator` shown by the window's flow, hangs its
    /// contexts on its root view, so `.root` (a new root view) closes them: SwiftUI drops the
    /// presentations of a view it replaces. The README's `.multiple(.root, .dismiss)` then
    /// finds nothing to dismiss.
    public var rootViewHostsContexts = false
    /// A flow adopts the flows it shows through a cast to its own type, so a child flow of
    /// another route type is shown and kept but never learns its parent (the generic library
    /// before its tree was type-erased).
    public var adoptsOwnRouteTypeOnly = false

    init() {}

    /// The child flows it shows, stack first.
    var shownFlows: [AnyCoordinator] { [] }

    /// Ends: shows nothing more.
    func close() {}
}

/// Shows one root view, covered by `sheet`, `fullScreen` or `overlay` contexts, or replaced.
/// `ParentRoute` is the route type of the flow `.parent` acts on: `Never` but for a
/// `RedirectionViewCoordinator`.
open class ViewCoordinator<R: Route, ParentRoute: Route>: AnyCoordinator, Router {
    public let initialRoute: R
    public internal(set) var presentation = Presentation<R>(stack: [])

    public init(initialRoute: R) {
        self.initialRoute = initialRoute
        super.init()
        presentation.stack = [prepareView(for: initialRoute, router: self)]
    }

    /// How `route` is shown. Subclasses say.
    open func prepareTransition(for route: R) -> Transition<R, ParentRoute> { .none }

    /// What `route` shows: its view, handed `router`, or a child flow. Default: its view.
    open func prepareView(for route: R, router: any Router<R>) -> Shown<R> {
        .view(RouteView(route: route, router: router))
    }

    /// Whether the coordinator has a navigation stack.
    open var hasNavigation: Bool { false }

    /// Shows `route` as `prepareTransition(for:)` says. All or nothing: on a refusal nothing changes.
    public func trigger(_ route: R) throws(TransitionError) {
        var next = presentation
        try perform(prepareTransition(for: route), route, on: &next)
        commit(next)
    }

    func perform(_ transition: Transition<R, ParentRoute>, _ route: R, on p: inout Presentation<R>) throws(TransitionError) {
        switch transition {
        case .none:
            break
        case .sheet: p.contexts.append(Context(kind: .sheet, content: prepareView(for: route, router: self)))
        case .fullScreen: p.contexts.append(Context(kind: .fullScreen, content: prepareView(for: route, router: self)))
        case .overlay: p.contexts.append(Context(kind: .overlay, content: prepareView(for: route, router: self)))
        case .dismiss:
            guard !p.contexts.isEmpty else { throw .nothingPresented }
            p.contexts.removeLast(dismissClosesPresenter ? min(2, p.contexts.count) : 1)
        case .root:
            // The root view is replaced; what was pushed on it and presented stays.
            let view = prepareView(for: route, router: self)
            if p.stack.isEmpty { p.stack = [view] } else { p.stack[0] = view }
            if rootViewHostsContexts && !hasNavigation && parent == nil { p.contexts.removeAll() }
        case .set:
            if p.contexts.isEmpty { p.stack[p.stack.count - 1] = prepareView(for: route, router: self) } else {
                p.contexts[p.contexts.count - 1].content = prepareView(for: route, router: self)
            }
        case .push:
            guard hasNavigation else { throw .notAvailable }
            p.stack.append(prepareView(for: route, router: self))
        case .pop:
            guard hasNavigation else { throw .notAvailable }
            guard p.stack.count > 1 else { throw .atRoot }
            p.stack.removeLast()
        case .popToRoot:
            guard hasNavigation else { throw .notAvailable }
            p.stack.removeSubrange(1...)
        case .parent:
            throw .notAvailable   // a redirection does it, before it gets here
        case .multiple(let transitions):
            for t in transitions { try perform(t, route, on: &p) }
        case .route(let other):
            try perform(prepareTransition(for: other), other, on: &p)
        }
    }

    /// Keeps `next`: flows it no longer shows end, flows it shows for the first time start.
    func commit(_ next: Presentation<R>) {
        let before = shownFlows
        presentation = next
        let after = shownFlows
        for c in before where !after.contains(where: { $0 === c }) { end(c) }
        for c in after where !before.contains(where: { $0 === c }) {
            if !adoptsOwnRouteTypeOnly || c is ViewCoordinator<R, ParentRoute> { c.parent = self }
            c.dismissClosesPresenter = dismissClosesPresenter
            c.rootViewHostsContexts = rootViewHostsContexts
            c.adoptsOwnRouteTypeOnly = adoptsOwnRouteTypeOnly
            children.append(c)
        }
    }

    override var shownFlows: [AnyCoordinator] {
        presentation.stack.compactMap(\.flow) + presentation.contexts.compactMap(\.content.flow)
    }

    override func close() { presentation = Presentation(stack: []) }

    /// What the presentation does when the user swipes the top sheet down: only a sheet goes.
    @discardableResult
    public func userSwipedDown() -> Bool {
        guard presentation.contexts.last?.kind == .sheet else { return false }
        var next = presentation
        next.contexts.removeLast()
        commit(next)
        return true
    }
}

extension AnyCoordinator {
    func end(_ child: AnyCoordinator) {
        children.removeAll { $0 === child }
        for grandchild in child.children { child.end(grandchild) }
        child.close()
    }
}

/// A coordinator with a navigation stack: `push`, `pop`, `popToRoot` too.
open class NavigationCoordinator<R: Route>: ViewCoordinator<R, Never> {
    open override var hasNavigation: Bool { true }

    /// What the NavigationStack does when the user goes back: the path loses its last view.
    @discardableResult
    public func userTappedBack() -> Bool {
        guard presentation.stack.count > 1 else { return false }
        var next = presentation
        next.stack.removeLast()
        commit(next)
        return true
    }
}

/// A child flow that can act on its parent's, of another route type: `.parent(route)` makes
/// the parent show `route`, through the router the parent handed the view that made this flow.
open class RedirectionViewCoordinator<R: Route, ParentRoute: Route>: ViewCoordinator<R, ParentRoute> {
    public private(set) weak var parentRouter: (any Router<ParentRoute>)?

    public init(initialRoute: R, parentRouter: any Router<ParentRoute>) {
        self.parentRouter = parentRouter
        super.init(initialRoute: initialRoute)
    }

    public override func trigger(_ route: R) throws(TransitionError) {
        guard case .parent(let parentRoute) = prepareTransition(for: route) else { return try super.trigger(route) }
        guard let parentRouter else { throw .notAvailable }
        try parentRouter.trigger(parentRoute)
    }
}
