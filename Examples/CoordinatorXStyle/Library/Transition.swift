/// A step of a flow, named by the app. Each flow has a route type of its own.
public protocol Route: Hashable {}

/// A flow with no parent to redirect to: `ViewCoordinator<R, Never>`, `NavigationCoordinator`.
extension Never: Route {}

/// How a coordinator shows a route: what `prepareTransition(for:)` returns. `ParentRoute` is
/// the route type of the flow `.parent` acts on (`Never` for a flow that has none).
public indirect enum Transition<R: Route, ParentRoute: Route>: Hashable {
    /// Dismisses the top `sheet`, `fullScreen` or `overlay`.
    case dismiss
    /// Covers what is shown with the route, each in a context of its own.
    case fullScreen, overlay, sheet
    /// Does nothing.
    case none
    /// The route replaces the root view (pushed and presented views stay).
    case root
    /// The route replaces what is shown: the top presented view, else the top of the stack.
    case set
    /// Navigation only.
    case push, pop, popToRoot
    /// Redirection only: the parent flow shows `route`.
    case parent(ParentRoute)
    /// Each transition in turn, all or none.
    case multiple([Transition<R, ParentRoute>])
    /// Another route of the flow, shown as its own transition says (for `multiple`).
    case route(R)
}

/// Why a transition did not happen. A refused transition changes nothing.
public enum TransitionError: Error, Equatable {
    /// `push`, `pop` or `popToRoot` on a coordinator without navigation, `parent` without a
    /// parent (or inside `multiple`).
    case notAvailable
    /// `pop` with only the root view.
    case atRoot
    /// `dismiss` with nothing presented.
    case nothingPresented
}

/// A route's view: the route it shows and the router it was handed, held weakly as a view
/// model holds its coordinator.
public struct RouteView<R: Route> {
    public let route: R
    public private(set) weak var router: (any Router<R>)?

    public init(route: R, router: any Router<R>) {
        self.route = route
        self.router = router
    }
}

/// What a coordinator shows at one place: a route's view, or a child flow of any route type.
public enum Shown<R: Route> {
    case view(RouteView<R>)
    case flow(AnyCoordinator)

    public var flow: AnyCoordinator? { if case .flow(let c) = self { c } else { nil } }
}

/// A presentation context: a `sheet`, `fullScreen` or `overlay` and what it shows.
public struct Context<R: Route> {
    public enum Kind: Equatable { case sheet, fullScreen, overlay }
    public var kind: Kind
    public var content: Shown<R>
}

/// Everything a coordinator shows: its stack (the root view first) and its presentation
/// contexts (bottom first). A value, so that a transition is worked out on a copy and kept
/// only when all of it succeeds.
public struct Presentation<R: Route> {
    public internal(set) var stack: [Shown<R>]
    public internal(set) var contexts: [Context<R>] = []
}
