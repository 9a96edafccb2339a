import CoordinatorModel
import KitStyleFlows
import NavFuzzKit

/// The app's flow for the model's `navigation` coordinator: its own router, whose first screen
/// is the route it was started with.
final class ScreenFlow: FlowCoordinator {
    let first: Int
    init(first: Int, router: FlowRouter = FlowRouter()) {
        self.first = first
        super.init(router: router)
    }
    override func start() { router.push(.screen(first)) }
}

/// The adapter of docs/VERIFY.md §8 over a UIKit flow-coordinator library: every flow is a
/// coordinator with a router of its own, a child flow is shown as one entry of its parent's
/// router (pushed in a container, or presented), and the events are what the flows' completion
/// handlers heard. A flow started with `startShared` is made with its parent's router, as the
/// library's README shows; `switchRoot` is the `RootRouter`'s. Each action is one call of the
/// library, made even when the model would refuse it; the outcome is read from what the call
/// returned.
final class KitStyleSystem: NavigationSystem {
    private let keepsFinishedFlows: Bool
    private let keepsOldRootFlow: Bool
    private let sharedFinishPopsParent: Bool
    private var rootRouter = RootRouter()
    private var root: FlowCoordinator? { rootRouter.root }
    private var ids = CoordinatorIDs()
    /// Which flow owns which router, so that a router shown on another can be named. Weak: the
    /// app's table must not keep a flow alive.
    private var owners: [ObjectIdentifier: WeakFlow] = [:]
    /// What the completion handlers heard during the current step.
    private var heard: [Completion] = []

    private final class WeakFlow { weak var flow: FlowCoordinator?; init(_ f: FlowCoordinator) { flow = f } }

    /// The library built with one of its bugs: `keepsFinishedFlows` (Stinsen's issue 27),
    /// `keepsOldRootFlow` (a root switch that keeps the old flow alive), `sharedFinishPopsParent`
    /// (a flow on its parent's router whose finish pops the parent's screens above it too).
    init(keepsFinishedFlows: Bool = false, keepsOldRootFlow: Bool = false, sharedFinishPopsParent: Bool = false) {
        self.keepsFinishedFlows = keepsFinishedFlows
        self.keepsOldRootFlow = keepsOldRootFlow
        self.sharedFinishPopsParent = sharedFinishPopsParent
    }

    /// Navigation flows only (no tab bar), started by push, presented as a sheet or a cover, or
    /// on their parent's router; the library's own `restart()` gives `restart` and, on the root,
    /// `restartApp`; the `RootRouter` switches the root flow.
    let capabilities = Capabilities(
        actions: [.push, .pop, .popToRoot, .setRoot, .present, .dismiss, .restart, .start, .finishFlow, .restartApp,
                  .userBack, .userSwipeDismiss, .switchRoot, .startShared],
        styles: [.sheet, .fullScreen], rootKinds: [.navigation], kinds: [.navigation])

    func reset(configuration: Configuration) {
        ids.removeAll()
        owners = [:]
        heard = []
        rootRouter = RootRouter()
        rootRouter.keepsOldFlow = keepsOldRootFlow
        rootRouter.setRoot(newRoot(first: 0))
    }

    /// A root flow, which says when it ends, as a child flow does to its parent.
    private func newRoot(first: Int) -> ScreenFlow {
        let root = ScreenFlow(first: first)
        root.keepsFinishedFlows = keepsFinishedFlows
        root.router.closesSharedFlowsWithScreensAbove = sharedFinishPopsParent
        register(root)
        let id = ids.coordinatorID(of: root)
        root.completionHandler = { [weak self] result in self?.heard.append(Completion(id, Self.flowResult(result))) }
        return root
    }

    func apply(_ action: Action) -> SystemStep {
        heard = []
        let outcome = perform(action)
        return SystemStep(outcome: outcome, events: heard)
    }

    func coordinatorObject(id: Int) -> AnyObject? { ids.object(id) }

    // MARK: Actions

    private func perform(_ action: Action) -> Outcome {
        switch action {
        case .push(let c, let r):
            guard let flow = flow(c) else { return .refused(.noSuchCoordinator) }
            flow.router.push(.screen(Int(r.index)))
        case .pop(let c):
            guard let flow = flow(c) else { return .refused(.noSuchCoordinator) }
            // Called on the first screen too: a router that pops its root is what we look for.
            guard flow.router.pop() else { return .refused(.atRoot) }
        case .popToRoot(let c):
            guard let flow = flow(c) else { return .refused(.noSuchCoordinator) }
            flow.router.popToRoot()
        case .setRoot(let c, let r):
            guard let flow = flow(c) else { return .refused(.noSuchCoordinator) }
            flow.router.setRoot(.screen(Int(r.index)))
        case .present(let c, let r, let style):
            guard let flow = flow(c) else { return .refused(.noSuchCoordinator) }
            guard let style = modalStyle(style) else { return .refused(.unsupported) }   // `push`: no such call
            flow.router.present(.screen(Int(r.index)), style: style)
        case .dismiss(let c):
            guard let flow = flow(c) else { return .refused(.noSuchCoordinator) }
            guard flow.router.dismiss() else { return .refused(.nothingPresented) }
        case .restart(let c):
            guard let flow = flow(c) else { return .refused(.noSuchCoordinator) }
            flow.restart()
        case .restartApp:
            root?.restart()
        case .start(let c, let kind, let style, let r):
            guard let parent = flow(c) else { return .refused(.noSuchCoordinator) }
            guard kind == .navigation, style == .push || modalStyle(style) != nil else { return .refused(.unsupported) }
            // The README's modal pattern: a new router, a new flow, start it, then show its router.
            let child = ScreenFlow(first: Int(r.index))
            register(child)
            let id = ids.coordinatorID(of: child)
            parent.start(child) { [weak self] result in self?.heard.append(Completion(id, Self.flowResult(result))) }
            if let modal = modalStyle(style) {
                parent.router.present(.flow(child.router), style: modal)
            } else {
                parent.router.push(.flow(child.router))
            }
        case .startShared(let c, let r):
            guard let parent = flow(c) else { return .refused(.noSuchCoordinator) }
            // The README's shared pattern: the child is made with its parent's router.
            let child = ScreenFlow(first: Int(r.index), router: FlowRouter(sharing: parent.router))
            register(child)
            let id = ids.coordinatorID(of: child)
            parent.start(child) { [weak self] result in self?.heard.append(Completion(id, Self.flowResult(result))) }
            parent.router.push(.flow(child.router))
        case .switchRoot(let kind, let r):
            guard kind == .navigation else { return .refused(.unsupported) }   // never sent: rootKinds
            rootRouter.setRoot(newRoot(first: Int(r.index)))
        case .finishFlow(let c):
            guard let flow = flow(c) else { return .refused(.noSuchCoordinator) }
            guard flow.finish(.done) else { return .refused(.isRoot) }
        case .userBack:
            // The back button of what the user sees; a presented screen has none.
            guard let seen = observedState().descend(), seen.stackIndex != nil, let owner = flow(seen.owner) else {
                return .refused(.noBack)
            }
            guard owner.router.userTappedBack() else { return .refused(.noBack) }
        case .userSwipeDismiss:
            // A swipe down on what the user sees: it acts on the modal nearest to it.
            guard let seen = observedState().descend(), let modal = seen.lastModal, let holder = flow(modal.holder) else {
                return .refused(.nothingPresented)
            }
            guard holder.router.userSwipedDown() else { return .refused(.notDismissible) }
        default:
            return .refused(.unsupported)   // not in capabilities: never sent
        }
        return .applied
    }

    private static func flowResult(_ result: Result<FlowFinish, FlowCoordinatorError>) -> FlowResult {
        switch result {
        case .success: .finished
        case .failure(.cancelled): .cancelled
        }
    }

    private func modalStyle(_ style: Style) -> ModalStyle? {
        switch style {
        case .sheet: .sheet
        case .fullScreen: .fullScreen
        default: nil
        }
    }

    // MARK: The tree

    private func register(_ flow: FlowCoordinator) {
        owners[ObjectIdentifier(flow.router)] = WeakFlow(flow)
    }

    private func flow(_ id: CoordinatorID) -> FlowCoordinator? { ids.object(id, as: FlowCoordinator.self) }

    /// The flow whose router `router` is, while it lives.
    private func owner(of router: FlowRouter) -> FlowCoordinator? {
        guard let flow = owners[ObjectIdentifier(router)]?.flow, flow.router === router else { return nil }
        return flow
    }

    /// Every flow reachable from the root through `children` and through the routers shown on
    /// its router, each as the model's navigation coordinator.
    func observedState() -> State {
        guard let root else { return State(coordinators: [], root: CoordinatorID(0)) }
        var out: [CoordinatorModel.Coordinator] = []
        var seen: Set<ObjectIdentifier> = []
        var pending: [FlowCoordinator] = [root]
        while let flow = pending.popLast() {
            guard seen.insert(ObjectIdentifier(flow)).inserted else { continue }
            let shown = (flow.router.stack + flow.router.presented.map(\.presentable)).compactMap { p -> FlowCoordinator? in
                if case .flow(let r) = p { return owner(of: r) }
                return nil
            }
            pending += flow.children + shown
            out.append(CoordinatorModel.Coordinator(
                id: ids.coordinatorID(of: flow), kind: .navigation, parent: flow.parent.map { ids.coordinatorID(of: $0) },
                children: flow.children.map { ids.coordinatorID(of: $0) }.sorted(),
                initialRoute: Route((flow as? ScreenFlow)?.first ?? 0),
                stack: flow.router.stack.map(entry),
                modals: flow.router.presented.map { Modal($0.style == .sheet ? .sheet : .fullScreen, entry($0.presentable)) },
                sharesRouter: flow.router.sharesParent))
        }
        return State(coordinators: out, root: ids.coordinatorID(of: root))
    }

    /// A screen is its route; a router is its flow's id (the router's own, one no coordinator
    /// has, when its flow is gone: the model then sees a dangling entry).
    private func entry(_ presentable: Presentable) -> Entry {
        switch presentable {
        case .screen(let n): .screen(Route(n))
        case .flow(let router): .child(owner(of: router).map { ids.coordinatorID(of: $0) } ?? ids.coordinatorID(of: router))
        }
    }
}
