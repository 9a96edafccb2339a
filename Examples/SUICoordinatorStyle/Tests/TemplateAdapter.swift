import NavFuzzKit
import SUIStyleCoordinators

/// The app's routes: the model's `r0`, `r1`, `r2` … as numbers.
public struct Screen: RouteType {
    public var number: Int
    public var presentationStyle: TransitionPresentationStyle
}

/// The app's flow: a stack that starts at `r0`.
public final class ScreenFlow: SUIStyleCoordinators.Coordinator<Screen> {
    public override func start() async { await startFlow(route: Screen(number: 0, presentationStyle: .push)) }
}

/// NavFuzz's view of the app, navigation only: every action it maps calls the library,
/// refusals included, and a call the library ignored is reported as the model's refusal.
@MainActor public final class TemplateAdapter: AsyncNavigationSystem {
    private let makeFlow: @MainActor () -> ScreenFlow
    private var flow: ScreenFlow?
    public init(makeFlow: @escaping @MainActor () -> ScreenFlow) { self.makeFlow = makeFlow }

    public let capabilities = Capabilities(actions: [.push, .pop, .popToRoot, .present, .dismiss, .userBack, .userSwipeDismiss],
                                           styles: [.sheet, .fullScreen], rootKinds: [.navigation], kinds: [.navigation])

    public func reset(configuration: Configuration) async { flow = makeFlow(); await flow?.start() }

    public func apply(_ action: Action) async -> SystemStep {
        guard let flow else { return SystemStep(outcome: .refused(.noSuchCoordinator)) }
        let before = observedState()
        var ignored: RefusalReason?   // what the model says when the library changed nothing
        switch action {
        case .push(_, let r): await flow.navigate(toRoute: Screen(number: Int(r.index), presentationStyle: .push))
        case .pop: await flow.router.pop(); ignored = .atRoot
        case .popToRoot: await flow.router.popToRoot()
        case .present(_, let r, let style):
            await flow.navigate(toRoute: Screen(number: Int(r.index), presentationStyle: style == .sheet ? .sheet : .fullScreenCover))
        case .dismiss: await flow.router.dismiss(); ignored = .nothingPresented
        case .userBack:   // SwiftUI's back swipe shortens the path of the stack the user sees
            guard let index = before.descend()?.stackIndex, index > 0 else { return SystemStep(outcome: .refused(.noBack)) }
            flow.router.items.removeLast()
        case .userSwipeDismiss:   // a sheet's onDismiss; a full-screen cover cannot be swiped away
            guard let top = flow.router.sheets.last else { return SystemStep(outcome: .refused(.nothingPresented)) }
            guard top.presentationStyle == .sheet else { return SystemStep(outcome: .refused(.notDismissible)) }
            flow.router.removeLastSheet()
        default: return SystemStep(outcome: .refused(.unsupported))   // not in capabilities: never sent
        }
        let refused = observedState() == before ? ignored : nil
        return SystemStep(outcome: refused.map { .refused($0) } ?? .applied)
    }

    public func observedState() -> State {
        guard let flow else { return State(coordinators: [], root: CoordinatorID(0)) }
        func entry(_ item: RouterItem<Screen>) -> Entry { .screen(Route(item.route?.number ?? 0)) }
        let stack = ([flow.router.mainView].compactMap { $0 } + flow.router.items).map(entry)
        let modals = flow.router.sheets.map { Modal($0.presentationStyle == .sheet ? .sheet : .fullScreen, entry($0.content)) }
        return State(coordinators: [.init(id: CoordinatorID(0), kind: .navigation, parent: nil, children: [],
                                          initialRoute: Route(0), stack: stack, modals: modals)], root: CoordinatorID(0))
    }
}
