import CoordinatorModel
import CXStyleCoordinators
import NavFuzzKit

// MARK: - The app the adapter builds

/// What a route of the app shows and how, whatever flow it belongs to, so that one `trigger`
/// is one model action. `batch` is the model's `multiple`; `redirect` a step of the parent.
indirect enum Step: Hashable {
    case screen(Int, Move)
    case flow(Kind, Int, Move)
    case move(Move)
    case redirect(Step)
    case batch([Step])

    /// The screen's route number; -1 for a step that shows no screen.
    var number: Int { if case .screen(let n, _) = self { n } else { -1 } }
}

/// A transition without its route types.
enum Move: Hashable {
    case push, pop, popToRoot, sheet, fullScreen, overlay, dismiss, root, set, none

    func transition<R: CXStyleCoordinators.Route, P: CXStyleCoordinators.Route>() -> CXStyleCoordinators.Transition<R, P> {
        switch self {
        case .push: .push
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .sheet: .sheet
        case .fullScreen: .fullScreen
        case .overlay: .overlay
        case .dismiss: .dismiss
        case .root: .root
        case .set: .set
        case .none: .none
        }
    }
}

/// A route type of the app. The app's coordinator and its child flows have different ones, as
/// CoordinatorX's README writes `AppRoute` and `OnboardingRoute`.
protocol AppRoute: CXStyleCoordinators.Route {
    var step: Step { get }
    init(_ step: Step)
}

/// The routes of the app's coordinator.
struct MainRoute: AppRoute {
    let step: Step
    init(_ step: Step) { self.step = step }
}

/// The routes of every child flow.
struct FlowRoute: AppRoute {
    let step: Step
    init(_ step: Step) { self.step = step }
}

extension AppRoute {
    /// How the route is shown by a flow whose `.parent` takes `parent`'s routes.
    func transition<P: CXStyleCoordinators.Route>(parent: (Step) -> P) -> CXStyleCoordinators.Transition<Self, P> {
        switch step {
        case .screen(_, let m), .flow(_, _, let m), .move(let m): m.transition()
        case .redirect(let s): .parent(parent(s))
        case .batch(let parts): .multiple(parts.map { .route(Self($0)) })
        }
    }
}

/// `navigation`, with the app's routes or a child flow's.
final class FlowCoordinator<R: AppRoute>: NavigationCoordinator<R> {
    // A redirect step is never triggered here: the adapter asks `redirect` of redirections only.
    override func prepareTransition(for route: R) -> CXStyleCoordinators.Transition<R, Never> { route.transition { _ in fatalError("redirect is asked of redirections only") } }
    override func prepareView(for route: R, router: any Router<R>) -> Shown<R> { view(route, router) }
}

/// A view root: the README's `AppCoordinator: ViewCoordinator`, one root view and its contexts.
final class AppCoordinator: ViewCoordinator<MainRoute, Never> {
    override func prepareTransition(for route: MainRoute) -> CXStyleCoordinators.Transition<MainRoute, Never> { route.transition { _ in fatalError("redirect is asked of redirections only") } }
    override func prepareView(for route: MainRoute, router: any Router<MainRoute>) -> Shown<MainRoute> { view(route, router) }
}

/// `redirection`: one screen that can make its parent, of route type `P`, show a route.
final class RedirectCoordinator<R: AppRoute, P: AppRoute>: RedirectionViewCoordinator<R, P> {
    override func prepareTransition(for route: R) -> CXStyleCoordinators.Transition<R, P> { route.transition(parent: P.init) }
    override func prepareView(for route: R, router: any Router<R>) -> Shown<R> { view(route, router) }
}

/// A route's view, or the child flow it starts: handed the parent's router, as the README's
/// `OnboardingCoordinator(initialRoute: .screen1, parentRouter: router)`.
private func view<R: AppRoute>(_ route: R, _ router: any Router<R>) -> Shown<R> {
    guard case .flow(let kind, let first, _) = route.step else { return .view(RouteView(route: route, router: router)) }
    let start = FlowRoute(.screen(first, .none))
    return .flow(kind == .redirection ? RedirectCoordinator<FlowRoute, R>(initialRoute: start, parentRouter: router)
                                      : FlowCoordinator<FlowRoute>(initialRoute: start))
}

/// Where a flow shows something: a route's view, or a child flow.
enum Place {
    case screen(Int)
    case flow(AnyCoordinator)

    init<R: AppRoute>(_ shown: Shown<R>) {
        switch shown {
        case .view(let v): self = .screen(v.route.step.number)
        case .flow(let c): self = .flow(c)
        }
    }

    var flow: AnyCoordinator? { if case .flow(let c) = self { c } else { nil } }
}

/// What the adapter reads and does on any flow of the app, whatever its route type.
protocol AppFlow: AnyCoordinator {
    /// Triggers `step` as the flow's views do: through the router its root view was handed.
    func take(_ step: Step) throws(TransitionError)
    var redirects: Bool { get }
    var hasNavigation: Bool { get }
    var initialNumber: Int { get }
    var stackPlaces: [Place] { get }
    var contextPlaces: [(kind: Style, place: Place)] { get }
    func userTappedBackIfNavigation() -> Bool
    func userSwipedDown() -> Bool
}

extension ViewCoordinator: AppFlow where R: AppRoute {
    func take(_ step: Step) throws(TransitionError) {
        guard case .view(let root)? = presentation.stack.first, let router = root.router else { throw .notAvailable }
        try router.trigger(R(step))
    }

    var redirects: Bool { ParentRoute.self != Never.self }
    var initialNumber: Int { initialRoute.step.number }
    var stackPlaces: [Place] { presentation.stack.map { Place($0) } }

    var contextPlaces: [(kind: Style, place: Place)] {
        presentation.contexts.map { c in
            switch c.kind {
            case .sheet: (.sheet, Place(c.content))
            case .fullScreen: (.fullScreen, Place(c.content))
            case .overlay: (.overlay, Place(c.content))
            }
        }
    }

    func userTappedBackIfNavigation() -> Bool { (self as? NavigationCoordinator<R>)?.userTappedBack() ?? false }
}

// MARK: - The adapter

/// NavFuzz's view of a CoordinatorX-style app (docs/VERIFY.md §8). Every action is one
/// `trigger`, made as the app's views make it (through the `any Router<R>` they were handed)
/// even where the model refuses; the refusal is the library's `TransitionError`. A `batch`
/// route makes the model's `multiple` one transition. Events are the flows that left the tree
/// in the step. The app's coordinator has its own route type, its child flows another.
final class CoordinatorXSystem: NavigationSystem {
    private let dismissClosesPresenter: Bool
    private let rootViewHostsContexts: Bool
    private let adoptsOwnRouteTypeOnly: Bool
    private var root: AnyCoordinator?
    private var ids = CoordinatorIDs()

    /// The library built with its bugs: `dismissClosesPresenter`, `rootViewHostsContexts`,
    /// `adoptsOwnRouteTypeOnly`.
    init(dismissClosesPresenter: Bool = false, rootViewHostsContexts: Bool = false, adoptsOwnRouteTypeOnly: Bool = false) {
        self.dismissClosesPresenter = dismissClosesPresenter
        self.rootViewHostsContexts = rootViewHostsContexts
        self.adoptsOwnRouteTypeOnly = adoptsOwnRouteTypeOnly
    }

    /// The transition enum's actions, `.parent(route)` with any of them (`redirectTo`); no tab
    /// bars, no `finishFlow` (a flow ends when what shows it goes); contexts are `sheet`,
    /// `fullScreen` and `overlay`. The root is a `NavigationCoordinator` or a plain
    /// `ViewCoordinator` (a view root, docs/SEMANTICS.md §2.2).
    let capabilities = Capabilities(
        actions: [.push, .pop, .popToRoot, .setRoot, .replaceRoot, .present, .dismiss, .set, .none, .multiple, .start,
                  .redirect, .redirectTo, .userBack, .userSwipeDismiss],
        styles: [.sheet, .fullScreen, .overlay], rootKinds: [.navigation, .redirection], kinds: [.navigation, .redirection])

    func reset(configuration: Configuration) {
        ids.removeAll()
        let first = MainRoute(.screen(0, .none))
        let root: AnyCoordinator = configuration.rootKind == .redirection ? AppCoordinator(initialRoute: first) : FlowCoordinator(initialRoute: first)
        root.dismissClosesPresenter = dismissClosesPresenter
        root.rootViewHostsContexts = rootViewHostsContexts
        root.adoptsOwnRouteTypeOnly = adoptsOwnRouteTypeOnly
        self.root = root
    }

    func apply(_ action: Action) -> SystemStep {
        let before = liveIDs()
        let outcome = perform(action)
        return SystemStep(outcome: outcome, events: Completion.ended(before: before, after: liveIDs()))
    }

    func coordinatorObject(id: Int) -> AnyObject? { ids.object(id) }

    private func flow(_ id: CoordinatorID) -> (any AppFlow)? { ids.object(id, as: AnyCoordinator.self) as? any AppFlow }

    // MARK: Actions

    private func perform(_ action: Action) -> Outcome {
        // A coordinator that ended: gone from the tree, refused before anything else.
        if action.coordinators.contains(where: { !liveIDs().contains(Int($0.index)) }) { return .refused(.noSuchCoordinator) }
        switch action {
        case .userBack:
            // The back of the NavigationStack the user sees.
            guard let seen = observedState().descend(), let index = seen.stackIndex, let owner = flow(seen.owner) else { return .refused(.noBack) }
            if index >= 1 { return owner.userTappedBackIfNavigation() ? .applied : .refused(.noBack) }
            // At a pushed flow's first view the stack is its parent's.
            guard let parent = owner.parent as? any AppFlow, parent.stackPlaces.last?.flow === owner else { return .refused(.noBack) }
            return parent.userTappedBackIfNavigation() ? .applied : .refused(.noBack)
        case .userSwipeDismiss:
            guard let holder = observedState().descend()?.lastModal?.holder else { return .refused(.nothingPresented) }
            return flow(holder)?.userSwipedDown() == true ? .applied : .refused(.notDismissible)
        default:
            // The runner sends only ids it saw live (it answers the others itself). A flow
            // without a parent route type has no `.parent`: the library's types offer no such call.
            guard let id = action.target, let target = flow(id), let step = step(for: action, on: target) else { return .refused(.unsupported) }
            do {
                try target.take(step)
                return .applied
            } catch {
                switch error {
                case .notAvailable: return .refused(.unsupported)
                case .atRoot: return .refused(.atRoot)
                case .nothingPresented: return .refused(.nothingPresented)
                }
            }
        }
    }

    /// The step that does `action` on `coordinator`: nil for no call of the library.
    private func step(for action: Action, on coordinator: any AppFlow) -> Step? {
        switch action {
        case .push(_, let r): .screen(Int(r.index), .push)
        case .pop: .move(.pop)
        case .popToRoot: .move(.popToRoot)
        // `.root` replaces the root view only (the model's `replaceRoot`); the whole stack goes
        // back to one view after a `popToRoot` too, which a view without navigation needs not.
        case .replaceRoot(_, let r): .screen(Int(r.index), .root)
        case .setRoot(_, let r) where coordinator.hasNavigation: .batch([.move(.popToRoot), .screen(Int(r.index), .root)])
        case .setRoot(_, let r): .screen(Int(r.index), .root)
        case .present(_, let r, let style): context(style).map { .screen(Int(r.index), $0) }
        case .dismiss: .move(.dismiss)
        case .set(_, let r): .screen(Int(r.index), .set)
        case .none: .move(.none)
        case .multiple(_, let parts):
            parts.map { step(for: $0, on: coordinator) }.reduce(into: [Step]?.some([])) { all, part in all = part.flatMap { p in all.map { $0 + [p] } } }
                .map(Step.batch)
        case .start(_, let kind, let style, let r): (style == .push ? .push : context(style)).map { .flow(kind, Int(r.index), $0) }
        case .redirect(_, let r, let style) where coordinator.redirects:
            (style == .push ? .push : context(style)).map { .redirect(.screen(Int(r.index), $0)) }
        // `.parent(route)` with any transition of the parent: most often the child asking to be dismissed.
        case .redirectTo(_, let part) where coordinator.redirects:
            (coordinator.parent as? any AppFlow).flatMap { step(for: part, on: $0) }.map(Step.redirect)
        default: nil   // not in capabilities, or `.parent` of a flow without a parent route type
        }
    }

    private func context(_ style: Style) -> Move? {
        switch style {
        case .sheet: .sheet
        case .fullScreen: .fullScreen
        case .overlay: .overlay
        case .push, .detents, .custom: nil
        }
    }

    // MARK: The tree

    private func live() -> [AnyCoordinator] {
        guard let root else { return [] }
        return CoordinatorIDs.reachable(from: root) { c in
            guard let f = c as? any AppFlow else { return c.children }
            return f.stackPlaces.compactMap(\.flow) + f.contextPlaces.compactMap(\.place.flow) + c.children
        }
    }

    private func liveIDs() -> Set<Int> { Set(live().map { ids.id(of: $0) }) }

    func observedState() -> State {
        guard let root else { return State(coordinators: [], root: CoordinatorID(0)) }
        return State(coordinators: live().compactMap { $0 as? any AppFlow }.map(describe), root: ids.coordinatorID(of: root))
    }

    private func describe(_ c: any AppFlow) -> CoordinatorModel.Coordinator {
        CoordinatorModel.Coordinator(
            id: ids.coordinatorID(of: c), kind: c.hasNavigation ? .navigation : .redirection,
            parent: c.parent.map { ids.coordinatorID(of: $0) }, children: c.children.map { ids.coordinatorID(of: $0) }.sorted(),
            initialRoute: Route(c.initialNumber), stack: c.stackPlaces.map(entry),
            modals: c.contextPlaces.map { Modal($0.kind, entry($0.place)) })
    }

    private func entry(_ place: Place) -> Entry {
        switch place {
        case .screen(let n): .screen(Route(n))
        case .flow(let c): .child(ids.coordinatorID(of: c))
        }
    }
}
