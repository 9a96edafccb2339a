import CoordinatorModel
import ModernStyleCoordinators
import NavFuzzKit

// MARK: - The app the adapter builds: one route enum, one screen, one coordinator class

/// Every path of the app. The numbers are the model's routes `r<n>`.
enum AppRoute: ModernStyleCoordinators.Route {
    case screen(Int)                      // push
    case back                             // pop
    case home                             // popToRoot
    case root(Int)                        // setRoot
    case roots([Int])                     // setStack: setRoot of a list
    case modal(Int, PresentationStyle)    // present
    case close                            // dismiss
    case flow(Int, PresentationStyle?)    // start a child flow: pushed (nil) or presented
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

/// `navigation`: a stack that starts at the route it was started with.
final class FlowCoordinator: NavigationCoordinator<AppRoute> {
    let first: Int

    /// A flow whose initial routes are the screens `screens`, the first at the bottom.
    init(screens: [Int], backLeavesChild: Bool) {
        first = screens.first ?? 0
        let navigation = FlowNavigationController()
        super.init(rootViewController: navigation, initialRoutes: screens.map(AppRoute.screen))
        navigation.flow = self
        self.backLeavesChild = backLeavesChild
    }

    convenience init(first: Int, backLeavesChild: Bool) { self.init(screens: [first], backLeavesChild: backLeavesChild) }

    /// A child flow, built like this one.
    private func child(_ screens: [Int]) -> FlowCoordinator {
        let flow = FlowCoordinator(screens: screens, backLeavesChild: backLeavesChild)
        flow.navigationPush = navigationPush
        return flow
    }

    override func performTransition(for route: AppRoute) {
        switch route {
        case .screen(let n): transitionPerformer.push(ScreenViewController(n))
        case .back: transitionPerformer.pop()
        case .home: transitionPerformer.popToRoot()
        case .root(let n): transitionPerformer.setRoot(ScreenViewController(n))
        case .roots(let ns): transitionPerformer.setRoot(ns.map(ScreenViewController.init))
        case .modal(let n, let style): transitionPerformer.present(ScreenViewController(n), style: style)
        case .close: transitionPerformer.dismiss()
        case .flow(let n, nil): transitionPerformer.push(child([n]))
        case .flow(let n, let style?): transitionPerformer.present(child([n]), style: style)
        case .flows(let ns, nil): transitionPerformer.push(child(ns))
        case .flows(let ns, let style?): transitionPerformer.present(child(ns), style: style)
        case .finish: (parent as? FlowCoordinator)?.trigger(.finished(self))
        case .finished(let flow): transitionPerformer.remove(flow)
        }
    }
}

// MARK: - The adapter

/// NavFuzz's view of an app built on a compact XCoordinator-style library (docs/VERIFY.md §8).
/// Every coordinator is a `FlowCoordinator`; its navigation controller's stack is its stack (a
/// pushed child is the container holding its navigation controller) and what that navigation
/// controller presented is its modals. Each action is one `trigger` through the coordinator's
/// `StrongRouter`, made even when the model would refuse. It returns nothing, as the library's
/// does: a call that left the state as it was is the model's refusal for it. Events come from
/// which coordinators left the tree.
final class ModernCoordinatorSystem: NavigationSystem {
    private let backLeavesChild: Bool
    private let navigationPush: NavigationPush
    private var root: FlowCoordinator?
    private var ids = CoordinatorIDs()

    /// The library built with XCoordinator's issue 57 (`backLeavesChild`), and with one of its
    /// ways to push a coordinator's navigation controller: wrapped in a container (the strict
    /// model), refused (the `no-pushed-navigation` dialect, which the adapter then declares) or
    /// ignored without a word (a bug).
    init(backLeavesChild: Bool = false, navigationPush: NavigationPush = .wrap) {
        self.backLeavesChild = backLeavesChild
        self.navigationPush = navigationPush
    }

    /// A navigation root, navigation children pushed or presented, sheets and full-screen
    /// presentations, `setRoot` of a list (`setStack`) and flows with several initial routes
    /// (`startStack`); no tabs, no `popTo`, `close`, `restart` or deep links.
    var capabilities: Capabilities {
        Capabilities(
            actions: [.push, .pop, .popToRoot, .setRoot, .present, .dismiss, .start, .finishFlow, .userBack, .userSwipeDismiss,
                      .setStack, .startStack],
            styles: [.sheet, .fullScreen], rootKinds: [.navigation], kinds: [.navigation],
            dialect: navigationPush == .refuse ? .noPushedNavigation : .strict)
    }

    func reset(configuration: Configuration) {
        ids.removeAll()
        let root = FlowCoordinator(first: 0, backLeavesChild: backLeavesChild)
        root.navigationPush = navigationPush
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
        switch action {
        case .push(let c, let r): return trigger(c, .screen(Int(r.index)), else: nil)
        case .pop(let c): return trigger(c, .back, else: .atRoot)
        case .popToRoot(let c): return trigger(c, .home, else: nil)
        case .setRoot(let c, let r): return trigger(c, .root(Int(r.index)), else: nil)
        case .present(let c, let r, let style):
            guard let style = presentationStyle(style) else { return .refused(.unsupported) }   // no route for it
            return trigger(c, .modal(Int(r.index), style), else: nil)
        case .dismiss(let c): return trigger(c, .close, else: .nothingPresented)
        case .start(let c, _, let style, let r):
            // Only `navigation` is offered; `push` is a nil style.
            let presented = presentationStyle(style)
            guard style == .push || presented != nil else { return .refused(.unsupported) }
            return trigger(c, .flow(Int(r.index), presented), else: .unsupported)
        case .setStack(let c, let routes): return trigger(c, .roots(routes.map { Int($0.index) }), else: nil)
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

    /// The one way in: `trigger` through the coordinator's router, which says nothing back. A
    /// call that left the state as it was is the model's refusal `reason` for it; one the
    /// model never refuses here (`reason` nil: `popToRoot` at the first screen) applied,
    /// changed or not.
    private func trigger(_ c: CoordinatorID, _ route: AppRoute, else reason: RefusalReason?) -> Outcome {
        guard let flow = ids.object(c, as: FlowCoordinator.self) else { return .refused(.noSuchCoordinator) }
        guard let reason else {
            flow.strongRouter.trigger(route)
            return .applied
        }
        let before = observedState()
        flow.strongRouter.trigger(route)
        return observedState() == before ? .refused(reason) : .applied
    }

    /// The back button of the navigation controller showing the visible screen: the owner's
    /// own above its first screen; at its first screen, the one its container was pushed onto.
    private func userBack() -> Outcome {
        guard let seen = observedState().descend(), let index = seen.stackIndex,
              let owner = ids.object(seen.owner, as: FlowCoordinator.self) else { return .refused(.noBack) }
        let navigation = index >= 1 ? owner.rootViewController : live().map(\.rootViewController).first {
            ($0.topViewController as? ContainerViewController)?.content === owner.rootViewController
        }
        return navigation?.userTappedBack() == true ? .applied : .refused(.noBack)
    }

    /// The swipe on the presentation nearest the visible screen.
    private func userSwipeDismiss() -> Outcome {
        guard let modal = observedState().descend()?.lastModal,
              let holder = ids.object(modal.holder, as: FlowCoordinator.self) else { return .refused(.nothingPresented) }
        return holder.rootViewController.userSwipedDown() ? .applied : .refused(.notDismissible)
    }

    // MARK: The tree

    /// Every coordinator reachable from the root through `children` or through what shows it.
    private func live() -> [FlowCoordinator] {
        guard let root else { return [] }
        return CoordinatorIDs.reachable(from: root) { c in
            let shown = (c.rootViewController.viewControllers + c.rootViewController.presentedViewControllers).compactMap(flowShown)
            return c.children.compactMap { $0 as? FlowCoordinator } + shown
        }
    }

    private func liveIDs() -> Set<Int> { Set(live().map { ids.id(of: $0) }) }

    /// The flow whose navigation controller `viewController` is or contains.
    private func flowShown(by viewController: ViewController) -> FlowCoordinator? {
        let content = (viewController as? ContainerViewController)?.content ?? viewController
        return (content as? FlowNavigationController)?.flow
    }

    private func entry(_ viewController: ViewController) -> Entry {
        if let screen = viewController as? ScreenViewController { return .screen(Route(screen.number)) }
        // A view controller the app did not make would be a dangling child: a broken state.
        guard let flow = flowShown(by: viewController) else { return .child(CoordinatorID(Int(Int32.max))) }
        return .child(ids.coordinatorID(of: flow))
    }

    private func describe(_ c: FlowCoordinator) -> CoordinatorModel.Coordinator {
        let navigation = c.rootViewController
        return CoordinatorModel.Coordinator(
            id: ids.coordinatorID(of: c), kind: .navigation, parent: c.parent.map { ids.coordinatorID(of: $0) },
            children: c.children.map { ids.coordinatorID(of: $0) }.sorted(), initialRoute: Route(c.first),
            stack: navigation.viewControllers.map(entry),
            modals: navigation.presentedViewControllers.map { Modal(modelStyle($0.modalPresentationStyle), entry($0)) })
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
