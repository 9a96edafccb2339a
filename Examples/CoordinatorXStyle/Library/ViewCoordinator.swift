/// A small SwiftUI-era coordinator library in the style of CoordinatorX: a flow is an enum of
/// routes, the coordinator says how each is shown (`prepareTransition(for:)`) and what it shows
/// (`prepareContent(for:)`), and `trigger` does it. Views are kept as plain values, so it runs
/// anywhere. It is NavFuzz's example of a transition-enum library, written for docs/VERIFY.md §8.
///
/// `ViewCoordinator` shows one root view, covered by `sheet`, `fullScreen` or `overlay`
/// contexts, or replaced.
open class ViewCoordinator<R: Route> {
    public let initialRoute: R
    public internal(set) weak var parent: ViewCoordinator<R>?
    public internal(set) var children: [ViewCoordinator<R>] = []
    public internal(set) var presentation: Presentation<R>

    /// The bug the library can be built with, for NavFuzz's example: `dismiss` from a nested
    /// context also closes the context that presented it (a dismiss that removed more than the
    /// top level, as XCoordinator fixed in its PR 126). Child flows are built like their parent.
    public var dismissClosesPresenter = false

    public init(initialRoute: R) {
        self.initialRoute = initialRoute
        presentation = Presentation(stack: [.view(initialRoute)])
    }

    /// How `route` is shown. Subclasses say.
    open func prepareTransition(for route: R) -> Transition<R> { .none }

    /// What `route` shows: its view, or a child flow. Default: its view.
    open func prepareContent(for route: R) -> Shown<R> { .view(route) }

    /// Whether the coordinator has a navigation stack.
    open var hasNavigation: Bool { false }

    /// Shows `route` as `prepareTransition(for:)` says. All or nothing: on a refusal nothing changes.
    public func trigger(_ route: R) throws(TransitionError) {
        var next = presentation
        try perform(prepareTransition(for: route), route, on: &next)
        commit(next)
    }

    func perform(_ transition: Transition<R>, _ route: R, on p: inout Presentation<R>) throws(TransitionError) {
        switch transition {
        case .none:
            break
        case .sheet: p.contexts.append(Context(kind: .sheet, content: prepareContent(for: route)))
        case .fullScreen: p.contexts.append(Context(kind: .fullScreen, content: prepareContent(for: route)))
        case .overlay: p.contexts.append(Context(kind: .overlay, content: prepareContent(for: route)))
        case .dismiss:
            guard !p.contexts.isEmpty else { throw .nothingPresented }
            p.contexts.removeLast(dismissClosesPresenter ? min(2, p.contexts.count) : 1)
        case .root:
            // The root view is replaced; what was pushed on it and presented stays.
            if p.stack.isEmpty { p.stack = [prepareContent(for: route)] } else { p.stack[0] = prepareContent(for: route) }
        case .set:
            if p.contexts.isEmpty { p.stack[p.stack.count - 1] = prepareContent(for: route) } else {
                p.contexts[p.contexts.count - 1].content = prepareContent(for: route)
            }
        case .push:
            guard hasNavigation else { throw .notAvailable }
            p.stack.append(prepareContent(for: route))
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
        let before = presentation.flows
        presentation = next
        let after = presentation.flows
        for c in before where !after.contains(where: { $0 === c }) { end(c) }
        for c in after where !before.contains(where: { $0 === c }) {
            c.parent = self
            c.dismissClosesPresenter = dismissClosesPresenter
            children.append(c)
        }
    }

    func end(_ child: ViewCoordinator<R>) {
        children.removeAll { $0 === child }
        for grandchild in child.children { child.end(grandchild) }
        child.presentation = Presentation(stack: [])
    }

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

/// A coordinator with a navigation stack: `push`, `pop`, `popToRoot` too.
open class NavigationCoordinator<R: Route>: ViewCoordinator<R> {
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

/// A child flow that can act on its parent's: `parent(route)` makes the parent show `route`.
open class RedirectionViewCoordinator<R: Route>: ViewCoordinator<R> {
    public override func trigger(_ route: R) throws(TransitionError) {
        guard case .parent(let parentRoute) = prepareTransition(for: route) else { return try super.trigger(route) }
        guard let parent else { throw .notAvailable }
        try parent.trigger(parentRoute)
    }
}

extension Presentation {
    /// The child flows shown, stack first.
    var flows: [ViewCoordinator<R>] { stack.compactMap(\.flow) + contexts.compactMap(\.content.flow) }
}
