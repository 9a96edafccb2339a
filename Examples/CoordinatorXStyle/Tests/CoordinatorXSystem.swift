import CoordinatorModel
import CXStyleCoordinators
import NavFuzzKit

// MARK: - The app the adapter builds

/// Both modules have a `Transition`; this is the library's, for the app's routes.
typealias AppTransition = CXStyleCoordinators.Transition<AppRoute>

/// The app's routes: each names what it shows and how, so that one `trigger` is one model
/// action. `batch` is the model's `multiple`.
indirect enum AppRoute: CXStyleCoordinators.Route {
    case screen(Int, AppTransition)
    case flow(Kind, Int, AppTransition)
    case step(AppTransition)
    case redirect(AppRoute)
    case batch([AppRoute])

    var transition: AppTransition {
        switch self {
        case .screen(_, let t), .flow(_, _, let t), .step(let t): t
        case .redirect(let r): .parent(r)
        case .batch(let parts): .multiple(parts.map(AppTransition.route))
        }
    }
}

/// `navigation`.
final class FlowCoordinator: NavigationCoordinator<AppRoute> {
    override func prepareTransition(for route: AppRoute) -> AppTransition { route.transition }
    override func prepareContent(for route: AppRoute) -> Shown<AppRoute> { content(for: route) }
}

/// `redirection`: one screen that can make its parent show a route.
final class RedirectCoordinator: RedirectionViewCoordinator<AppRoute> {
    override func prepareTransition(for route: AppRoute) -> AppTransition { route.transition }
    override func prepareContent(for route: AppRoute) -> Shown<AppRoute> { content(for: route) }
}

private func content(for route: AppRoute) -> Shown<AppRoute> {
    guard case .flow(let kind, let first, _) = route else { return .view(route) }
    let start = AppRoute.screen(first, .none)
    return .flow(kind == .redirection ? RedirectCoordinator(initialRoute: start) : FlowCoordinator(initialRoute: start))
}

// MARK: - The adapter

/// NavFuzz's view of a CoordinatorX-style app (docs/VERIFY.md §8). Every action is one
/// `trigger`, made even where the model refuses; the refusal is the library's
/// `TransitionError`. A `batch` route makes the model's `multiple` one transition. Events are
/// the flows that left the tree in the step.
final class CoordinatorXSystem: NavigationSystem {
    private let dismissClosesPresenter: Bool
    private var root: FlowCoordinator?
    private var ids = CoordinatorIDs()

    /// `dismissClosesPresenter`: the library built with its dismiss bug.
    init(dismissClosesPresenter: Bool = false) { self.dismissClosesPresenter = dismissClosesPresenter }

    /// The transition enum's actions, `.parent(route)` with any of them (`redirectTo`); no tab
    /// bars, no `finishFlow` (a flow ends when what shows it goes); contexts are `sheet`,
    /// `fullScreen` and `overlay`.
    let capabilities = Capabilities(
        actions: [.push, .pop, .popToRoot, .setRoot, .replaceRoot, .present, .dismiss, .set, .none, .multiple, .start,
                  .redirect, .redirectTo, .userBack, .userSwipeDismiss],
        styles: [.sheet, .fullScreen, .overlay], rootKinds: [.navigation], kinds: [.navigation, .redirection])

    func reset(configuration: Configuration) {
        ids.removeAll()
        let root = FlowCoordinator(initialRoute: .screen(0, .none))
        root.dismissClosesPresenter = dismissClosesPresenter
        self.root = root
    }

    func apply(_ action: Action) -> SystemStep {
        let before = liveIDs()
        let outcome = perform(action)
        return SystemStep(outcome: outcome, events: Completion.ended(before: before, after: liveIDs()))
    }

    func coordinatorObject(id: Int) -> AnyObject? { ids.object(id) }

    // MARK: Actions

    private func perform(_ action: Action) -> Outcome {
        // A coordinator that ended: gone from the tree, refused before anything else.
        if action.coordinators.contains(where: { !liveIDs().contains(Int($0.index)) }) { return .refused(.noSuchCoordinator) }
        switch action {
        case .userBack:
            // The back of the NavigationStack the user sees.
            guard let seen = observedState().descend(), let index = seen.stackIndex,
                  let owner = ids.object(seen.owner, as: ViewCoordinator<AppRoute>.self) else { return .refused(.noBack) }
            if index >= 1 { return (owner as? FlowCoordinator)?.userTappedBack() == true ? .applied : .refused(.noBack) }
            // At a pushed flow's first view the stack is its parent's.
            guard let parent = owner.parent as? FlowCoordinator, parent.presentation.stack.last?.flow === owner else { return .refused(.noBack) }
            return parent.userTappedBack() ? .applied : .refused(.noBack)
        case .userSwipeDismiss:
            guard let holder = observedState().descend()?.lastModal?.holder else { return .refused(.nothingPresented) }
            return ids.object(holder, as: ViewCoordinator<AppRoute>.self)?.userSwipedDown() == true ? .applied : .refused(.notDismissible)
        default:
            // The runner sends only ids it saw live (it answers the others itself).
            guard let id = action.target, let target = ids.object(id, as: ViewCoordinator<AppRoute>.self),
                  let route = route(for: action, on: target) else { return .refused(.unsupported) }
            do {
                try target.trigger(route)
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

    /// The route that does `action` on `coordinator`: nil for no call of the library.
    private func route(for action: Action, on coordinator: ViewCoordinator<AppRoute>) -> AppRoute? {
        switch action {
        case .push(_, let r): .screen(Int(r.index), .push)
        case .pop: .step(.pop)
        case .popToRoot: .step(.popToRoot)
        // `.root` replaces the root view only (the model's `replaceRoot`); the whole stack goes
        // back to one view after a `popToRoot` too, which a redirection's one view needs not.
        case .replaceRoot(_, let r): .screen(Int(r.index), .root)
        case .setRoot(_, let r) where coordinator is FlowCoordinator: .batch([.step(.popToRoot), .screen(Int(r.index), .root)])
        case .setRoot(_, let r): .screen(Int(r.index), .root)
        case .present(_, let r, let style): context(style).map { .screen(Int(r.index), $0) }
        case .dismiss: .step(.dismiss)
        case .set(_, let r): .screen(Int(r.index), .set)
        case .none: .step(.none)
        case .multiple(_, let parts):
            parts.map { route(for: $0, on: coordinator) }.reduce(into: [AppRoute]?.some([])) { all, part in all = part.flatMap { p in all.map { $0 + [p] } } }
                .map(AppRoute.batch)
        case .start(_, let kind, let style, let r): (style == .push ? .push : context(style)).map { .flow(kind, Int(r.index), $0) }
        case .redirect(_, let r, let style): (style == .push ? .push : context(style)).map { .redirect(.screen(Int(r.index), $0)) }
        // `.parent(route)` with any transition of the parent: most often the child asking to be dismissed.
        case .redirectTo(_, let part): coordinator.parent.flatMap { route(for: part, on: $0) }.map(AppRoute.redirect)
        default: nil   // not in capabilities: never sent
        }
    }

    private func context(_ style: Style) -> AppTransition? {
        switch style {
        case .sheet: .sheet
        case .fullScreen: .fullScreen
        case .overlay: .overlay
        case .push, .detents, .custom: nil
        }
    }

    // MARK: The tree

    private func live() -> [ViewCoordinator<AppRoute>] {
        guard let root else { return [] }
        return CoordinatorIDs.reachable(from: root as ViewCoordinator<AppRoute>) { c in
            c.presentation.stack.compactMap(\.flow) + c.presentation.contexts.compactMap(\.content.flow) + c.children
        }
    }

    private func liveIDs() -> Set<Int> { Set(live().map { ids.id(of: $0) }) }

    func observedState() -> State {
        guard let root else { return State(coordinators: [], root: CoordinatorID(0)) }
        return State(coordinators: live().map(describe), root: ids.coordinatorID(of: root))
    }

    private func describe(_ c: ViewCoordinator<AppRoute>) -> CoordinatorModel.Coordinator {
        CoordinatorModel.Coordinator(
            id: ids.coordinatorID(of: c), kind: c is RedirectCoordinator ? .redirection : .navigation,
            parent: c.parent.map { ids.coordinatorID(of: $0) }, children: c.children.map { ids.coordinatorID(of: $0) }.sorted(),
            initialRoute: Route(number(c.initialRoute)), stack: c.presentation.stack.map(entry),
            modals: c.presentation.contexts.map { Modal(style($0.kind), entry($0.content)) })
    }

    private func entry(_ shown: Shown<AppRoute>) -> Entry {
        switch shown {
        case .view(let route): .screen(Route(number(route)))
        case .flow(let c): .child(ids.coordinatorID(of: c))
        }
    }

    private func number(_ route: AppRoute) -> Int {
        if case .screen(let n, _) = route { n } else { -1 }
    }

    private func style(_ kind: Context<AppRoute>.Kind) -> Style {
        switch kind {
        case .sheet: .sheet
        case .fullScreen: .fullScreen
        case .overlay: .overlay
        }
    }
}
