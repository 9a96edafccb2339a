import CoordinatorModel
import ModernStyleCoordinators
import NavFuzzKit

// MARK: - The app the adapter builds: one route enum, one screen, two coordinator classes

/// Every path of the app. The numbers are the model's routes `r<n>`.
enum AppRoute: ModernStyleCoordinators.Route {
    case screen(Int)                      // push
    case back                             // pop
    case home                             // popToRoot
    case root(Int)                        // setRoot
    case roots([Int])                     // setStack: setRoot of a list
    case modal(Int, PresentationStyle)    // present
    case close                            // dismiss
    case flow(Int, PresentationStyle?, Kind) // start a child flow: pushed (nil) or presented
    case flows([Int], PresentationStyle?) // startStack: a child flow with several initial routes
    case finish                           // the flow is done: its parent takes it away
    case finished(Presentable)            // to a parent: take that flow away
}

/// The model's screen `r<n>`.
final class ScreenViewController: ViewController {
    let number: Int
    init(_ number: Int) { self.number = number }
}

/// A flow's navigation controller, which knows its coordinator (weakly): how the adapter tells
/// whose entry a container or a presentation is.
final class FlowNavigationController: NavigationController {
    weak var flow: FlowCoordinator?
}

/// A screen coordinator's own screen `r<n>`, which knows its coordinator (weakly).
final class FlowScreenController: ViewController {
    let number: Int
    weak var flow: ScreenCoordinator?
    init(_ number: Int) { self.number = number }
}

/// What the adapter asks of either coordinator of the app.
protocol AppCoordinator: AnyCoordinator {
    /// The route the coordinator started at.
    var first: Int { get }
    /// Its root view controller.
    var root: ViewController { get }
    /// Whether it has a navigation stack.
    var navigates: Bool { get }
    var strongRouter: StrongRouter<AppRoute> { get }
}

extension AppCoordinator {
    /// A child flow, built like this one.
    func child(_ screens: [Int], _ kind: Kind) -> AnyCoordinator {
        let flow: AnyCoordinator = kind == .redirection ? ScreenCoordinator(first: screens.first ?? 0) : FlowCoordinator(screens: screens)
        flow.backLeavesChild = backLeavesChild
        flow.navigationPush = navigationPush
        flow.dismissesItself = dismissesItself
        return flow
    }
}

/// `navigation`: a stack that starts at the route it was started with.
final class FlowCoordinator: NavigationCoordinator<AppRoute>, AppCoordinator {
    let first: Int

    /// A flow whose initial routes are the screens `screens`, the first at the bottom.
    init(screens: [Int]) {
        first = screens.first ?? 0
        let navigation = FlowNavigationController()
        super.init(rootViewController: navigation, initialRoutes: screens.map(AppRoute.screen))
        navigation.flow = self
    }

    var root: ViewController { rootViewController }
    var navigates: Bool { true }

    override func performTransition(for route: AppRoute) {
        switch route {
        case .screen(let n): transitionPerformer.push(ScreenViewController(n))
        case .back: transitionPerformer.pop()
        case .home: transitionPerformer.popToRoot()
        case .root(let n): transitionPerformer.setRoot(ScreenViewController(n))
        case .roots(let ns): transitionPerformer.setRoot(ns.map(ScreenViewController.init))
        case .modal(let n, let style): transitionPerformer.present(ScreenViewController(n), style: style)
        case .close: transitionPerformer.dismiss()
        case .flow(let n, nil, let kind): transitionPerformer.push(child([n], kind))
        case .flow(let n, let style?, let kind): transitionPerformer.present(child([n], kind), style: style)
        case .flows(let ns, nil): transitionPerformer.push(child(ns, .navigation))
        case .flows(let ns, let style?): transitionPerformer.present(child(ns, .navigation), style: style)
        case .finish: (parent as? any AppCoordinator)?.strongRouter.trigger(.finished(self))
        case .finished(let flow): transitionPerformer.remove(flow)
        }
    }
}

/// `redirection`: a coordinator over a plain view controller, its one screen, which it can
/// only present over and dismiss (ModernCoordinator's "UIViewController have only present,
/// dismiss transition"). Its routes that need a stack do nothing: it has no such transition.
final class ScreenCoordinator: ViewCoordinator<AppRoute>, AppCoordinator {
    let first: Int

    init(first: Int) {
        self.first = first
        let screen = FlowScreenController(first)
        super.init(rootViewController: screen)
        screen.flow = self
    }

    var root: ViewController { rootViewController }
    var navigates: Bool { false }

    override func performTransition(for route: AppRoute) {
        switch route {
        case .modal(let n, let style): transitionPerformer.present(ScreenViewController(n), style: style)
        case .close: transitionPerformer.dismiss()
        case .flow(let n, let style?, let kind): transitionPerformer.present(child([n], kind), style: style)
        case .flows(let ns, let style?): transitionPerformer.present(child(ns, .navigation), style: style)
        case .finish: (parent as? any AppCoordinator)?.strongRouter.trigger(.finished(self))
        case .finished(let flow): transitionPerformer.remove(flow)
        case .screen, .back, .home, .root, .roots, .flow(_, nil, _), .flows(_, nil): break
        }
    }
}

// MARK: - The adapter

/// NavFuzz's view of an app built on a compact XCoordinator-style library (docs/VERIFY.md §8).
/// A coordinator is a `FlowCoordinator` (`navigation`: its navigation controller's stack is
/// its stack, a pushed child the container holding its navigation controller) or, with
/// `screenCoordinators`, a `ScreenCoordinator` over a plain view controller (`redirection`:
/// that one screen); what its root view controller presented is its modals. Each action is one
/// `trigger` through the coordinator's `StrongRouter`, made even when the model would refuse.
/// It returns nothing, as the library's does: a call that left the state as it was is the
/// model's refusal for it. Events come from which coordinators left the tree.
final class ModernCoordinatorSystem: NavigationSystem {
    private let backLeavesChild: Bool
    private let navigationPush: NavigationPush
    private let screenCoordinators: Bool
    private let dismissesItself: Bool
    private var root: (any AppCoordinator)?
    private var ids = CoordinatorIDs()

    /// The library built with XCoordinator's issue 57 (`backLeavesChild`), with one of its
    /// ways to push a coordinator's navigation controller: wrapped in a container (the strict
    /// model), refused (the `no-pushed-navigation` dialect, which the adapter then declares) or
    /// ignored without a word (a bug), and with a `dismiss` that is UIKit's (`dismissesItself`,
    /// a bug). `screenCoordinators`: the app also has coordinators over a plain view
    /// controller, as children and as its root.
    init(backLeavesChild: Bool = false, navigationPush: NavigationPush = .wrap, screenCoordinators: Bool = false,
         dismissesItself: Bool = false) {
        self.backLeavesChild = backLeavesChild
        self.navigationPush = navigationPush
        self.screenCoordinators = screenCoordinators
        self.dismissesItself = dismissesItself
    }

    /// A navigation root, navigation children pushed or presented, sheets and full-screen
    /// presentations, `setRoot` of a list (`setStack`) and flows with several initial routes
    /// (`startStack`); no tabs, no `popTo`, `close`, `restart` or deep links. With screen
    /// coordinators, `redirection` roots and children too, and no `setRoot`: the model's
    /// redirection replaces its screen, and a plain view controller's coordinator cannot.
    var capabilities: Capabilities {
        let kinds: Set<Kind> = screenCoordinators ? [.navigation, .redirection] : [.navigation]
        var actions: Set<ActionName> = [.push, .pop, .popToRoot, .setRoot, .present, .dismiss, .start, .finishFlow, .userBack,
                                        .userSwipeDismiss, .setStack, .startStack]
        if screenCoordinators { actions.remove(.setRoot) }
        return Capabilities(actions: actions, styles: [.sheet, .fullScreen], rootKinds: kinds, kinds: kinds,
                            dialect: navigationPush == .refuse ? .noPushedNavigation : .strict)
    }

    func reset(configuration: Configuration) {
        ids.removeAll()
        let root: any AppCoordinator = configuration.rootKind == .redirection ? ScreenCoordinator(first: 0) : FlowCoordinator(screens: [0])
        root.backLeavesChild = backLeavesChild
        root.navigationPush = navigationPush
        root.dismissesItself = dismissesItself
        self.root = root
    }

    func apply(_ action: Action) -> SystemStep {
        let before = liveIDs()
        var finished: Set<Int> = []
        let outcome = perform(action, finished: &finished)
        return SystemStep(outcome: outcome, events: Completion.ended(before: before, after: liveIDs(), finished: finished))
    }

    func observedState() -> State {
        guard let root else { return .empty }
        return State(coordinators: live().map(describe), root: ids.coordinatorID(of: root))
    }

    func coordinatorObject(id: Int) -> AnyObject? { ids.object(id) }

    // MARK: Actions

    private func perform(_ action: Action, finished: inout Set<Int>) -> Outcome {
        // What needs a stack does nothing on a screen coordinator: the model's `unsupported`.
        let stackless: RefusalReason? = action.target.flatMap(coordinator)?.navigates == false ? .unsupported : nil
        switch action {
        case .push(let c, let r): return trigger(c, .screen(Int(r.index)), else: stackless)
        case .pop(let c): return trigger(c, .back, else: stackless ?? .atRoot)
        case .popToRoot(let c): return trigger(c, .home, else: stackless)
        case .setRoot(let c, let r): return trigger(c, .root(Int(r.index)), else: nil)
        case .present(let c, let r, let style):
            guard let style = presentationStyle(style) else { return .refused(.unsupported) }   // no route for it
            return trigger(c, .modal(Int(r.index), style), else: nil)
        case .dismiss(let c): return trigger(c, .close, else: .nothingPresented)
        case .start(let c, let kind, let style, let r):
            // `push` is a nil style.
            let presented = presentationStyle(style)
            guard style == .push || presented != nil else { return .refused(.unsupported) }
            return trigger(c, .flow(Int(r.index), presented, kind), else: .unsupported)
        case .setStack(let c, let routes): return trigger(c, .roots(routes.map { Int($0.index) }), else: stackless)
        case .startStack(let c, let style, let routes):
            let presented = presentationStyle(style)
            guard style == .push || presented != nil else { return .refused(.unsupported) }
            return trigger(c, .flows(routes.map { Int($0.index) }, presented), else: .unsupported)
        case .finishFlow(let d):
            finished = [Int(d.index)]
            return trigger(d, .finish, else: .isRoot)
        case .userBack: return userBack()
        case .userSwipeDismiss: return userSwipeDismiss()
        default: return .refused(.unsupported)   // not in capabilities: never sent
        }
    }

    private func coordinator(_ c: CoordinatorID) -> (any AppCoordinator)? { ids.object(c, as: AnyCoordinator.self) as? any AppCoordinator }

    /// The one way in: `trigger` through the coordinator's router, which says nothing back. A
    /// call that left the state as it was is the model's refusal `reason` for it; one the
    /// model never refuses here (`reason` nil: `popToRoot` at the first screen) applied,
    /// changed or not.
    private func trigger(_ c: CoordinatorID, _ route: AppRoute, else reason: RefusalReason?) -> Outcome {
        guard let flow = coordinator(c) else { return .refused(.noSuchCoordinator) }
        guard let reason else {
            flow.strongRouter.trigger(route)
            return .applied
        }
        let before = observedState()
        flow.strongRouter.trigger(route)
        return observedState() == before ? .refused(reason) : .applied
    }

    /// The back button of the navigation controller showing the visible screen: the owner's
    /// own above its first screen; at its first screen, the one it was pushed onto (its
    /// container, or a screen coordinator's own screen).
    private func userBack() -> Outcome {
        guard let seen = observedState().descend(), let index = seen.stackIndex, let owner = coordinator(seen.owner) else { return .refused(.noBack) }
        let navigation = index >= 1 ? owner.root as? NavigationController : live().compactMap { $0.root as? NavigationController }.first {
            $0.topViewController === owner.root || ($0.topViewController as? ContainerViewController)?.content === owner.root
        }
        return navigation?.userTappedBack() == true ? .applied : .refused(.noBack)
    }

    /// The swipe on the presentation nearest the visible screen.
    private func userSwipeDismiss() -> Outcome {
        guard let modal = observedState().descend()?.lastModal, let holder = coordinator(modal.holder) else { return .refused(.nothingPresented) }
        return holder.root.userSwipedDown() ? .applied : .refused(.notDismissible)
    }

    // MARK: The tree

    /// Every coordinator reachable from the root through `children` or through what shows it.
    private func live() -> [any AppCoordinator] {
        guard let root else { return [] }
        return CoordinatorIDs.reachable(from: root as AnyCoordinator) { c in
            guard let c = c as? any AppCoordinator else { return c.children }
            return c.children + (stack(of: c) + c.root.presentedViewControllers).compactMap(flowShown)
        }.compactMap { $0 as? any AppCoordinator }
    }

    private func liveIDs() -> Set<Int> { Set(live().map { ids.id(of: $0) }) }

    /// The view controllers of `c`'s stack: its navigation controller's, or its one screen.
    private func stack(of c: any AppCoordinator) -> [ViewController] { (c.root as? NavigationController)?.viewControllers ?? [c.root] }

    /// The flow whose root view controller `viewController` is or contains.
    private func flowShown(by viewController: ViewController) -> AnyCoordinator? {
        let content = (viewController as? ContainerViewController)?.content ?? viewController
        return (content as? FlowNavigationController)?.flow ?? (content as? FlowScreenController)?.flow
    }

    private func entry(_ viewController: ViewController) -> Entry {
        if let screen = viewController as? ScreenViewController { return .screen(Route(screen.number)) }
        // A view controller the app did not make would be a dangling child: a broken state.
        guard let flow = flowShown(by: viewController) else { return .child(CoordinatorID(Int(Int32.max))) }
        return .child(ids.coordinatorID(of: flow))
    }

    private func describe(_ c: any AppCoordinator) -> CoordinatorModel.Coordinator {
        CoordinatorModel.Coordinator(
            id: ids.coordinatorID(of: c), kind: c.navigates ? .navigation : .redirection, parent: c.parent.map { ids.coordinatorID(of: $0) },
            children: c.children.map { ids.coordinatorID(of: $0) }.sorted(), initialRoute: Route(c.first),
            stack: c.navigates ? stack(of: c).map(entry) : [.screen(Route(c.first))],
            modals: c.root.presentedViewControllers.map { Modal(modelStyle($0.modalPresentationStyle), entry($0)) })
    }

    // MARK: Styles

    private func presentationStyle(_ style: Style) -> PresentationStyle? {
        switch style {
        case .sheet: .sheet
        case .fullScreen: .fullScreen
        default: nil
        }
    }

    private func modelStyle(_ style: PresentationStyle) -> Style {
        switch style {
        case .sheet: .sheet
        case .fullScreen: .fullScreen
        }
    }
}
