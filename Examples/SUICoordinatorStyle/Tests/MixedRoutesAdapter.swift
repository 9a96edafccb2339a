import NavFuzzKit
import SUIStyleCoordinators

// An app whose flows have route types of their own, as the seed's README writes one: a home tab
// (`HomeRoute`), a settings tab (`SettingsRoute`) and deep-linked details (`DetailRoute`) under
// a tab bar of the home route type. The model's routes are numbers in every one of them.

/// A route type whose routes are the model's `r<n>`.
protocol NumberedRoute: RouteType {
    var number: Int { get }
    init(number: Int, presentationStyle: TransitionPresentationStyle)
}

struct HomeRoute: NumberedRoute { var number: Int; var presentationStyle: TransitionPresentationStyle }
struct SettingsRoute: NumberedRoute { var number: Int; var presentationStyle: TransitionPresentationStyle }
struct DetailRoute: NumberedRoute { var number: Int; var presentationStyle: TransitionPresentationStyle }

/// A flow of one route type: a stack that starts at `first`.
final class Flow<R: NumberedRoute>: SUIStyleCoordinators.Coordinator<R>, FirstScreen {
    let first: Int
    init(first: Int = 0) { self.first = first; super.init() }
    override func start() async { await startFlow(route: R(number: first, presentationStyle: .push)) }
}

/// The route a flow started at, whatever its type.
@MainActor protocol FirstScreen { var first: Int { get } }

/// Page `p0` is the home flow, `p1` the settings flow.
struct MixedPage: TabPage {
    var number: Int
    var position: Int { number }
    @MainActor func coordinator() -> CoordinatorBase { number == 0 ? Flow<HomeRoute>() : Flow<SettingsRoute>() }
}

final class MixedTabs: TabCoordinator<MixedPage, HomeRoute> {}

/// What the adapter does with a coordinator of any route type: the library's own calls, with
/// routes built of the coordinator's type.
@MainActor protocol AnyRoutedCoordinator: CoordinatorBase {
    func push(_ n: Int) async
    func present(_ n: Int) async
    func pop() async -> Bool
    func dismiss() async -> Bool
    /// What SwiftUI does on a back swipe and on a sheet swiped down.
    func userPopsPath()
    func userSwipesSheet() -> Bool
    /// The main view and the path, then the sheets: a screen's number or a coordinator.
    var stack: [(screen: Int?, child: CoordinatorBase?)] { get }
    var sheets: [(screen: Int?, child: CoordinatorBase?)] { get }
}

extension SUIStyleCoordinators.Coordinator: AnyRoutedCoordinator where Route: NumberedRoute {
    func push(_ n: Int) async { await navigate(toRoute: Route(number: n, presentationStyle: .push)) }
    func present(_ n: Int) async { await navigate(toRoute: Route(number: n, presentationStyle: .sheet)) }
    func pop() async -> Bool { await router.pop() }
    func dismiss() async -> Bool { await router.dismiss() }
    func userPopsPath() { router.items.removeLast() }
    func userSwipesSheet() -> Bool {
        guard router.sheets.last?.presentationStyle == .sheet else { return false }
        router.removeLastSheet()
        return true
    }
    private func item(_ i: RouterItem<Route>) -> (screen: Int?, child: CoordinatorBase?) {
        switch i {
        case .route(let r): (r.number, nil)
        case .coordinator(let c): (nil, c as? CoordinatorBase)
        }
    }
    var stack: [(screen: Int?, child: CoordinatorBase?)] { ([router.mainView].compactMap { $0 } + router.items).map(item) }
    var sheets: [(screen: Int?, child: CoordinatorBase?)] { router.sheets.map { item($0.content) } }
}

/// NavFuzz's view of that app: a tab root, pushes and sheets in each flow, deep links to a
/// detail flow over whatever flow is on top, and the tab's `popToRoot()`. Every call goes to
/// the library; only calls a coordinator's type has no method for (a push on the tab bar, a
/// select on a flow) and pushed deep links, which the app never makes, are answered here.
@MainActor final class MixedRoutesAdapter: AsyncNavigationSystem {
    let faults: Set<LibraryFault>
    private var root: MixedTabs?
    private var ids = CoordinatorIDs()
    private var configuration = Configuration()

    init(faults: Set<LibraryFault> = []) { self.faults = faults }

    let capabilities = Capabilities(
        actions: [.push, .pop, .present, .dismiss, .forcePresentation, .select, .tabPopToRoot, .userBack, .userSwipeDismiss, .userSelectTab],
        styles: [.sheet], rootKinds: [.tab], kinds: [.navigation], startPage: true)

    func reset(configuration: Configuration) async {
        self.configuration = configuration
        ids.removeAll()
        let tabs = MixedTabs(pages: configuration.initialPages.map { MixedPage(number: Int($0.index)) },
                             currentPage: MixedPage(number: Int(configuration.pageShownAtStart.index)))
        tabs.faults = faults
        root = tabs
        await tabs.start()
    }

    func apply(_ action: Action) async -> SystemStep {
        let before = Set(live().map { ids.id(of: $0) })
        let outcome = await perform(action)
        let after = Set(live().map { ids.id(of: $0) })
        return SystemStep(outcome: outcome, events: Completion.ended(before: before, after: after),
                          top: root.map { ids.id(of: $0.getCoordinatorPresented()) })
    }

    private func perform(_ action: Action) async -> Outcome {
        guard let root else { return .refused(.noSuchCoordinator) }
        let target = action.target.flatMap { ids.object($0, as: CoordinatorBase.self) }
        // A coordinator that ended and whose object is gone.
        if action.target != nil && target == nil { return .refused(.noSuchCoordinator) }
        let flow = target as? AnyRoutedCoordinator
        switch action {
        case .push(_, let r):
            guard let flow, !(flow is MixedTabs) else { return .refused(.unsupported) }
            await flow.push(Int(r.index))
        case .pop:
            guard let flow, !(flow is MixedTabs) else { return .refused(.unsupported) }
            return await flow.pop() ? .applied : .refused(.atRoot)
        case .present(_, let r, _):
            guard let flow else { return .refused(.noSuchCoordinator) }
            await flow.present(Int(r.index))
        case .dismiss:
            guard let flow else { return .refused(.noSuchCoordinator) }
            return await flow.dismiss() ? .applied : .refused(.nothingPresented)
        case .forcePresentation(_, let style, let r):
            // The app's deep links present sheets; the model refuses a pushed one (SEMANTICS §4.3).
            guard style == .sheet else { return .refused(.unsupported) }
            do { try await Flow<DetailRoute>(first: Int(r.index)).forcePresentation(rootCoordinator: root) } catch {
                return .refused(.noSuchCoordinator)
            }
        case .select(_, let p):
            guard target === root else { return .refused(.unsupported) }   // a flow has no pages
            let page = MixedPage(number: Int(p.index))
            return root.setCurrentPage(page) || root.currentPage == page ? .applied : .refused(.notFound)
        case .tabPopToRoot:
            guard target === root else { return .refused(.unsupported) }
            await root.popToRoot()
        case .userBack:
            guard let seen = observedState().descend(), let index = seen.stackIndex,
                  let owner = ids.object(seen.owner, as: CoordinatorBase.self) as? AnyRoutedCoordinator else { return .refused(.noBack) }
            guard index >= 1 else { return .refused(.noBack) }
            owner.userPopsPath()
        case .userSwipeDismiss:
            guard let seen = observedState().descend() else { return .refused(.nothingPresented) }
            let holder = seen.lastModal.flatMap { ids.object($0.holder, as: CoordinatorBase.self) as? AnyRoutedCoordinator }
            guard let holder, !holder.sheets.isEmpty else { return .refused(.nothingPresented) }
            return holder.userSwipesSheet() ? .applied : .refused(.notDismissible)
        case .userSelectTab(let p):
            guard observedState().descend()?.tabBar == CoordinatorID(ids.id(of: root)) else { return .refused(.noTabBar) }
            guard root.pages.contains(MixedPage(number: Int(p.index))) else { return .refused(.notFound) }
            root.currentPage = MixedPage(number: Int(p.index))
        default: return .refused(.unsupported)   // not in capabilities: never sent
        }
        return .applied
    }

    func observedState() -> State {
        guard let root else { return .empty }
        return State(coordinators: live().map(describe), root: CoordinatorID(ids.id(of: root)))
    }

    func coordinatorObject(id: Int) -> AnyObject? { ids.object(id) }

    private func live() -> [CoordinatorBase] {
        guard let root else { return [] }
        return CoordinatorIDs.reachable(from: root as CoordinatorBase) { c in
            var next = c.children.compactMap { $0 as? CoordinatorBase }
            if let flow = c as? AnyRoutedCoordinator { next += (flow.stack + flow.sheets).compactMap(\.child) }
            return next
        }
    }

    private func describe(_ c: CoordinatorBase) -> CoordinatorModel.Coordinator {
        let id = CoordinatorID(ids.id(of: c))
        func entry(_ e: (screen: Int?, child: CoordinatorBase?)) -> Entry {
            e.child.map { .child(CoordinatorID(ids.id(of: $0))) } ?? .screen(Route(e.screen ?? 0))
        }
        let flow = c as? AnyRoutedCoordinator
        var tab: TabState?
        if let t = c as? MixedTabs {
            tab = TabState(pages: t.pages.map { Page($0.number) }, current: Page(t.currentPage.number), badges: [],
                           pageCoordinators: t.pages.compactMap { t.getCoordinator(with: $0) }.map { CoordinatorID(ids.id(of: $0)) })
        }
        let first = (c as? FirstScreen)?.first ?? 0
        return CoordinatorModel.Coordinator(
            id: id, kind: c is MixedTabs ? .tab : .navigation, parent: c.parent.map { CoordinatorID(ids.id(of: $0)) },
            children: c.children.map { CoordinatorID(ids.id(of: $0)) }.sorted(), initialRoute: Route(first),
            stack: (flow?.stack ?? []).map(entry), modals: (flow?.sheets ?? []).map { Modal(.sheet, entry($0)) }, tab: tab)
    }
}
