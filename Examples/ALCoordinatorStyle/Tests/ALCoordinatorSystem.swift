import ALStyleCoordinators
import CoordinatorModel
import NavFuzzKit

// MARK: - The app the adapter builds

/// The app's screens, whatever their route type: the model's route `r<n>` is the screen
/// numbered `n`.
protocol AppRoute: NavigationRoute {
    var number: Int { get }
}

/// The app's views, one type per kind of screen, as the README's `SplashScreenView`,
/// `FirstView`: `popToView(NewsView.self)` pops to the last news screen.
struct SplashView: View {}
struct NewsView: View {}
struct AlertView: View {}
struct StepView: View {}
struct SheetView: View {}

/// The main coordinator's screens, as the README's `MainRoute`: the splash screen is `r0`;
/// an even route is a news screen, pushed, an odd one an alert, shown modally.
enum MainRoute: AppRoute {
    case splash
    case news(Int)
    case alert(Int)

    init(_ n: Int) { self = n == 0 ? .splash : n.isMultiple(of: 2) ? .news(n) : .alert(n) }
    var number: Int {
        switch self {
        case .splash: 0
        case .news(let n), .alert(let n): n
        }
    }
    var transition: NavigationTransitionStyle {
        if case .alert = self { .modal } else { .push }
    }
    func view() -> any View {
        switch self {
        case .splash: SplashView()
        case .news: NewsView()
        case .alert: AlertView()
        }
    }
}

/// A flow's screens, as the README's `OnboardingRoute`: an even route is a step, pushed, an
/// odd one a sheet, shown modally.
enum FlowRoute: AppRoute {
    case step(Int)
    case sheet(Int)

    init(_ n: Int) { self = n.isMultiple(of: 2) ? .step(n) : .sheet(n) }
    var number: Int {
        switch self {
        case .step(let n), .sheet(let n): n
        }
    }
    var transition: NavigationTransitionStyle {
        if case .sheet = self { .modal } else { .push }
    }
    func view() -> any View {
        switch self {
        case .step: StepView()
        case .sheet: SheetView()
        }
    }
}

/// The model's page `p<n>`: a navigation flow that starts at `r0`.
struct AppPage: TabbarPage {
    var number: Int
    var position: Int { number }
    func coordinator() -> ALStyleCoordinators.Coordinator { FlowCoordinator(first: 0, presentationStyle: .push) }
}

/// `navigation`: a stack whose first screen is the route it was started with.
final class FlowCoordinator: NavigationCoordinator<FlowRoute> {
    let first: Int
    init(first: Int, presentationStyle: NavigationTransitionStyle) {
        self.first = first
        super.init(presentationStyle: presentationStyle)
    }
    override func start(animated: Bool = true) {
        router.startFlow(route: FlowRoute(first), animated: animated)
    }
}

/// `tab`. As the main coordinator, it navigates to the launch flow as it starts, as
/// `MainCoordinator` does.
final class HomeTabCoordinator: TabbarCoordinator<AppPage> {
    var launchFlow: (() -> ALStyleCoordinators.Coordinator)?
    override func start(animated: Bool = true) {
        super.start(animated: animated)
        if let launchFlow { router.navigate(to: launchFlow(), animated: animated) }
    }
}

/// The app's main coordinator, as ALCoordinator's README writes it: its first screen, then,
/// when the app has one, the flow it shows at launch (an onboarding flow, full screen).
/// `restartApp` runs this `start()` again.
final class MainCoordinator: NavigationCoordinator<MainRoute> {
    let launchFlow: (() -> ALStyleCoordinators.Coordinator)?
    init(launchFlow: (() -> ALStyleCoordinators.Coordinator)?) {
        self.launchFlow = launchFlow
        super.init(presentationStyle: .push)
    }
    override func start(animated: Bool = true) {
        router.startFlow(route: MainRoute.splash, animated: animated)
        if let launchFlow { router.navigate(to: launchFlow(), animated: animated) }
    }
}

// MARK: - The adapter

/// NavFuzz's view of an ALCoordinator-style app (docs/VERIFY.md §8). Every action is one call
/// of the library, made even where the model refuses; the outcome is what the call returned.
/// With a launch in the configuration, the main coordinator presents that flow as it starts.
/// User actions are what UIKit would do on the screen the library shows, found with the
/// model's `descend` over the state the library reports. Events are the coordinators that left
/// the tree in the step.
final class ALCoordinatorSystem: NavigationSystem {
    private let tapKeepsCurrentPage: Bool
    private let restartCleansStackOnly: Bool
    private let startsOnFirstPage: Bool
    private let popToRootSkipsCompletionAtRoot: Bool
    private let selectedByTabIndex: Bool
    private let transitionOverrideIgnored: Bool
    private let popToViewFindsFirst: Bool
    private var configuration = Configuration()
    private var main: ALStyleCoordinators.Coordinator?
    private var ids = CoordinatorIDs()

    /// The library built with one of its bugs: `tapKeepsCurrentPage` (its tab-tap bug),
    /// `restartCleansStackOnly` (a `restartApp` that keeps what the main coordinator presented),
    /// `startsOnFirstPage` (a tab bar that drops the `currentPage:` it was made with),
    /// `popToRootSkipsCompletionAtRoot` (a `popToRoot` with nothing to pop that never calls back),
    /// `selectedByTabIndex` (a `getCoordinatorSelected()` wrong once `setPages` reorders),
    /// `transitionOverrideIgnored` (a `navigate(to:transitionStyle:)` that shows a screen as
    /// its route declares, whatever the call passes), `popToViewFindsFirst` (a `popToView` that
    /// pops to the first matching view, not the last).
    init(tapKeepsCurrentPage: Bool = false, restartCleansStackOnly: Bool = false, startsOnFirstPage: Bool = false,
         popToRootSkipsCompletionAtRoot: Bool = false, selectedByTabIndex: Bool = false, transitionOverrideIgnored: Bool = false,
         popToViewFindsFirst: Bool = false) {
        self.transitionOverrideIgnored = transitionOverrideIgnored
        self.popToViewFindsFirst = popToViewFindsFirst
        self.selectedByTabIndex = selectedByTabIndex
        self.tapKeepsCurrentPage = tapKeepsCurrentPage
        self.restartCleansStackOnly = restartCleansStackOnly
        self.startsOnFirstPage = startsOnFirstPage
        self.popToRootSkipsCompletionAtRoot = popToRootSkipsCompletionAtRoot
    }

    /// `popTo` is the router's `popToView`; no `replaceRoot`, `close`, `set`, `multiple`,
    /// per-coordinator `restart`, badges or redirection; presentations as page sheet, full
    /// screen or custom; the main coordinator starts the launch flow; a tab bar starts on the
    /// page it is made with (`currentPage:`).
    let capabilities = Capabilities(
        actions: [.push, .pop, .popToRoot, .popTo, .setRoot, .present, .dismiss, .start, .finishFlow, .forcePresentation,
                  .restartApp, .select, .setPages, .userBack, .userSwipeDismiss, .userSelectTab],
        styles: [.sheet, .fullScreen, .custom], kinds: [.navigation, .tab], launches: true, startPage: true)

    func reset(configuration: Configuration) throws(SystemFailure) {
        self.configuration = configuration
        ids.removeAll()
        var launchFlow: (() -> ALStyleCoordinators.Coordinator)?
        if let launch = configuration.launch {
            guard let style = libraryStyle(launch.style), launch.kind != .redirection else {
                throw SystemFailure(.protocolError, "the app has no \(launch.kind) flow to present \(launch.style) at launch")
            }
            launchFlow = { [unowned self] in make(launch.kind, route: Int(launch.route.index), style: style) }
        }
        let main: ALStyleCoordinators.Coordinator
        if configuration.rootKind == .tab {
            let tab = makeTab(.modal)
            tab.launchFlow = launchFlow
            main = tab
        } else {
            main = MainCoordinator(launchFlow: launchFlow)
        }
        main.restartCleansStackOnly = restartCleansStackOnly
        main.popToRootSkipsCompletionAtRoot = popToRootSkipsCompletionAtRoot
        main.transitionOverrideIgnored = transitionOverrideIgnored
        main.popToViewFindsFirst = popToViewFindsFirst
        self.main = main
        main.start(animated: false)
    }

    func apply(_ action: Action) throws(SystemFailure) -> SystemStep {
        let before = liveIDs()
        var finishing: Set<Int> = []
        completionsRun = 0
        let outcome = perform(action, finishing: &finishing)
        try checkCompletion(of: action, outcome)
        let after = liveIDs()
        // `getTopCoordinator`, which `forcePresentation` and an app's deep links use, is compared
        // too, and the main tab bar's `getCoordinatorSelected()`.
        return SystemStep(outcome: outcome, events: Completion.ended(before: before, after: after, finished: finishing),
                          top: main.map { ids.id(of: $0.getTopCoordinator()) },
                          selected: (main as? HomeTabCoordinator)?.getCoordinatorSelected().map { ids.id(of: $0) })
    }

    func coordinatorObject(id: Int) -> AnyObject? { ids.object(id) }

    // MARK: Completions

    /// The calls that take a completion closure, and how often the running one called it.
    private static let takesCompletion: Set<ActionName> = [.popToRoot, .present, .finishFlow, .setPages, .restartApp]
    private var completionsRun = 0
    private var completion: () -> Void { { [unowned self] in completionsRun += 1 } }

    /// A call that applies runs its completion once (one that refuses, at most once): a caller
    /// waiting on it in a continuation otherwise waits forever, or traps on a second resume.
    private func checkCompletion(of action: Action, _ outcome: Outcome) throws(SystemFailure) {
        guard Self.takesCompletion.contains(action.name) else { return }
        if completionsRun > 1 {
            throw SystemFailure(.crash, "\(action.name)'s completion ran \(completionsRun) times: a caller resuming a continuation there traps")
        }
        if completionsRun == 0 && outcome == .applied {
            throw SystemFailure(.hang, "\(action.name) returned without calling its completion: a caller waiting for it waits forever")
        }
    }

    // MARK: Actions

    private func perform(_ action: Action, finishing: inout Set<Int>) -> Outcome {
        // The runner sends only ids it saw live (it answers the others itself).
        let found = action.target.map(find) ?? main
        guard let target = found else { return .refused(.noSuchCoordinator) }
        switch action {
        case .push(_, let r):
            // A screen declared modal is pushed with the README's `transitionStyle:` override.
            let route = route(r, on: target)
            let style: NavigationTransitionStyle? = route.transition == .push ? nil : .push
            return target.router.navigate(to: route, transitionStyle: style) ? .applied : .refused(.unsupported)
        case .pop:
            let router = target.router
            return router.pop() ? .applied : .refused(router.hasNavigation ? .atRoot : .unsupported)
        case .popToRoot:
            return target.router.popToRoot(completion: completion) ? .applied : .refused(.unsupported)
        case .popTo(_, let r):
            let router = target.router
            return popToView(r, on: router) ? .applied : .refused(router.hasNavigation ? .notFound : .unsupported)
        case .setRoot(_, let r):
            return target.router.startFlow(route: route(r, on: target)) ? .applied : .refused(.unsupported)
        case .present(_, let r, let style):
            // The three ways the README presents a screen: `navigate(to:)` a screen declared in
            // that style, `present` as a page sheet, `navigate(to:transitionStyle:)` otherwise.
            // (`push` is not presenting: the router refuses it here.)
            guard let s = libraryStyle(style) else { return .refused(.unsupported) }
            let route = route(r, on: target)
            let done = route.transition == s ? target.router.navigate(to: route, completion: completion)
                : s == .modal ? target.router.present(route, style: s, completion: completion)
                : target.router.navigate(to: route, transitionStyle: s, completion: completion)
            return done ? .applied : .refused(.unsupported)
        case .dismiss:
            return target.router.dismiss() ? .applied : .refused(.nothingPresented)
        case .start(_, let kind, let style, let r):
            guard let s = libraryStyle(style) else { return .refused(.unsupported) }
            return target.router.navigate(to: make(kind, route: Int(r.index), style: s)) ? .applied : .refused(.unsupported)
        case .finishFlow:
            let co = target
            finishing = [ids.id(of: co)]
            // A tab's page finishes its tab bar.
            if let tab = co.parent as? HomeTabCoordinator, tab.pageCoordinators.values.contains(where: { $0 === co }) {
                finishing.insert(ids.id(of: tab))
            }
            return co.finishFlow(completion: completion) ? .applied : .refused(.isRoot)
        case .forcePresentation(let kind, let style, let r):
            guard let main, let s = libraryStyle(style) else { return .refused(.unsupported) }
            // A flow's deep link names its screen (`forcePresentation(route:)`); a tab bar's its page.
            let done = kind == .navigation
                ? FlowCoordinator(first: Int(r.index), presentationStyle: s).forcePresentation(route: FlowRoute(Int(r.index)), mainCoordinator: main)
                : make(kind, route: Int(r.index), style: s).forcePresentation(mainCoordinator: main)
            return done ? .applied : .refused(.unsupported)
        case .restartApp:
            if let main { ALStyleCoordinators.Coordinator.restartApp(mainCoordinator: main, completion: completion) }
            return .applied
        case .select(_, let p):
            guard let tab = target as? HomeTabCoordinator else { return .refused(.unsupported) }
            tab.currentPage = AppPage(number: Int(p.index))
            return tab.currentPage.number == Int(p.index) ? .applied : .refused(.notFound)
        case .setPages(_, let pages, let current):
            guard let tab = target as? HomeTabCoordinator else { return .refused(.unsupported) }
            let ok = tab.setPages(pages.map { AppPage(number: Int($0.index)) }, currentPage: current.map { AppPage(number: Int($0.index)) },
                                  completion: completion)
            return ok ? .applied : .refused(.notFound)
        case .userBack:
            // The back button of the navigation bar the user sees.
            guard let seen = observedState().descend(), let index = seen.stackIndex else { return .refused(.noBack) }
            guard let owner = find(seen.owner) else { return .refused(.noBack) }
            if index >= 1 { return owner.router.userTappedBack() ? .applied : .refused(.noBack) }
            // At a pushed flow's first screen the bar is its parent's.
            guard let parent = owner.parent, parent.router.stack.last?.shown === owner else { return .refused(.noBack) }
            return parent.router.userTappedBack() ? .applied : .refused(.noBack)
        case .userSwipeDismiss:
            guard let holder = observedState().descend()?.lastModal?.holder else { return .refused(.nothingPresented) }
            return find(holder)?.router.userSwipedDown() == true ? .applied : .refused(.notDismissible)
        case .userSelectTab(let p):
            guard let bar = observedState().descend()?.tabBar, let tab = find(bar) as? HomeTabCoordinator else { return .refused(.noTabBar) }
            guard let index = tab.pages.firstIndex(of: AppPage(number: Int(p.index))) else { return .refused(.notFound) }
            tab.tabBarController(didSelect: index)
            return .applied
        default:
            return .refused(.unsupported)   // not in capabilities: never sent
        }
    }

    // MARK: The tree

    /// `r` as a screen of `c`'s own route type: a flow's, or the main coordinator's (which a
    /// tab bar, having no stack of its own, presents too).
    /// `popTo r`: the README's `popToView(MyView.self)` with the type of `r`'s view when the last
    /// view of that type is `r`'s; by the route otherwise (the app's news screens share a
    /// type, and so do a flow's steps).
    private func popToView(_ r: Route, on router: ALStyleCoordinators.Router) -> Bool {
        let routes = router.stack.map { p -> (any AppRoute)? in if case .view(let route) = p { route as? any AppRoute } else { nil } }
        let number = Int(r.index)
        guard let i = routes.lastIndex(where: { $0?.number == number }), let route = routes[i] else {
            return router.popToView { ($0 as? any AppRoute)?.number == number }
        }
        let type = Swift.type(of: route.view())
        let lastOfType = routes.lastIndex { $0.map { Swift.type(of: $0.view()) == type } ?? false }
        return lastOfType == i ? router.popToView(type) : router.popToView { ($0 as? any AppRoute)?.number == number }
    }

    private func route(_ r: Route, on c: ALStyleCoordinators.Coordinator) -> any AppRoute {
        c is FlowCoordinator ? FlowRoute(Int(r.index)) : MainRoute(Int(r.index))
    }

    private func make(_ kind: Kind, route: Int, style: NavigationTransitionStyle) -> ALStyleCoordinators.Coordinator {
        kind == .tab ? makeTab(style) : FlowCoordinator(first: route, presentationStyle: style)
    }

    private func makeTab(_ style: NavigationTransitionStyle) -> HomeTabCoordinator {
        let tab = HomeTabCoordinator(pages: configuration.initialPages.map { AppPage(number: Int($0.index)) },
                                     currentPage: AppPage(number: Int(configuration.pageShownAtStart.index)), presentationStyle: style)
        tab.tapKeepsCurrentPage = tapKeepsCurrentPage
        tab.startsOnFirstPage = startsOnFirstPage
        tab.selectedByTabIndex = selectedByTabIndex
        return tab
    }

    private func find(_ id: CoordinatorID) -> ALStyleCoordinators.Coordinator? {
        ids.object(id, as: ALStyleCoordinators.Coordinator.self)
    }

    /// Every coordinator the main one shows, directly or through others, and their children.
    private func live() -> [ALStyleCoordinators.Coordinator] {
        guard let main else { return [] }
        return CoordinatorIDs.reachable(from: main) { c in
            let pages = (c as? HomeTabCoordinator).map { tab in tab.pages.compactMap { tab.pageCoordinators[$0] } } ?? []
            return pages + c.router.stack.compactMap(\.shown) + c.router.presented.compactMap(\.content.shown) + c.children
        }
    }

    private func liveIDs() -> Set<Int> { Set(live().map { ids.id(of: $0) }) }

    func observedState() -> State {
        guard let main else { return State(coordinators: [], root: CoordinatorID(0)) }
        return State(coordinators: live().map(describe), root: ids.coordinatorID(of: main))
    }

    private func describe(_ c: ALStyleCoordinators.Coordinator) -> CoordinatorModel.Coordinator {
        var tab: TabState?
        if let t = c as? HomeTabCoordinator {
            tab = TabState(pages: t.pages.map { Page($0.number) }, current: Page(t.currentPage.number), badges: [],
                           pageCoordinators: t.pages.compactMap { t.pageCoordinators[$0] }.map { ids.coordinatorID(of: $0) })
        }
        return CoordinatorModel.Coordinator(
            id: ids.coordinatorID(of: c), kind: tab == nil ? .navigation : .tab, parent: c.parent.map { ids.coordinatorID(of: $0) },
            children: c.children.map { ids.coordinatorID(of: $0) }.sorted(), initialRoute: Route((c as? FlowCoordinator)?.first ?? 0),
            stack: c.router.stack.map(entry), modals: c.router.presented.map { Modal(modelStyle($0.style), entry($0.content)) }, tab: tab)
    }

    private func entry(_ p: Presentable) -> Entry {
        switch p {
        case .view(let route): .screen(Route((route as! any AppRoute).number))
        case .coordinator(let c): .child(ids.coordinatorID(of: c))
        }
    }

    // MARK: Styles

    private func libraryStyle(_ s: Style) -> NavigationTransitionStyle? {
        switch s {
        case .push: .push
        case .sheet: .modal
        case .fullScreen: .modalFullScreen
        case .custom: .custom
        case .detents, .overlay: nil
        }
    }

    private func modelStyle(_ s: NavigationTransitionStyle) -> Style {
        switch s {
        case .push: .push
        case .modal: .sheet
        case .modalFullScreen: .fullScreen
        case .custom: .custom
        }
    }
}

private extension Presentable {
    var shown: ALStyleCoordinators.Coordinator? { if case .coordinator(let c) = self { c } else { nil } }
}
