/// Any coordinator, whatever its route type.
@MainActor public protocol AnyCoordinatorType: AnyObject {
    var parent: AnyCoordinatorType? { get }
    var children: [AnyCoordinatorType] { get }
}

/// What every coordinator shares: its place in the tree and how it ends.
@MainActor open class CoordinatorBase: AnyCoordinatorType {
    public internal(set) weak var parentBase: CoordinatorBase?
    public var parent: AnyCoordinatorType? { parentBase }
    public var children: [AnyCoordinatorType] { childBases }
    var childBases: [CoordinatorBase] = []
    public internal(set) var isFinished = false
    /// Set once the animation that showed it ended (`completionKeepsEndedFlow` only).
    public internal(set) var didAppear = false
    /// The library's bugs this coordinator has; its children inherit them.
    public var faults: Set<LibraryFault> = []
    /// How navigation waits for its animations; its children inherit it. Nil: no waiting.
    public var animations: Animations?
    /// Each router makes one transition at a time: a call waits for the one before it to
    /// end (a transition queue). Its children inherit it.
    public var serializesTransitions = false

    public init() {}

    open func start() async {}

    /// Removes everything this coordinator shows; its children end.
    func clearRouter() {}

    /// Removes the entry showing `child` and what is above it; false when there is none.
    func removeEntry(showing child: CoordinatorBase) -> Bool { false }

    /// Waits for the animation of a child's flow going away.
    func animateFinish() async {}

    /// The coordinator shown above this one's own screens, if any.
    func shownOnTop() -> CoordinatorBase? { nil }

    /// Whether its top sheet shows a screen (not a coordinator).
    var presentsScreen: Bool { false }

    /// Whether `child` is the flow of one of this coordinator's tab pages.
    func hostsPage(_ child: CoordinatorBase) -> Bool { false }

    /// Whether this coordinator shows a tab bar.
    var showsTabBar: Bool { false }

    /// Whether this coordinator's screens can be pushed onto: false for an app's one-screen
    /// coordinator, onto which the library ignores a push, as onto a tab bar.
    open var takesPushes: Bool { true }

    /// Shows `child` from this coordinator, whatever either's route type (a deep link's top
    /// may be a flow of any type).
    func show(_ child: CoordinatorBase, presentationStyle: TransitionPresentationStyle) async {}

    /// Pops this coordinator's path to its first screen, whatever its route type.
    func popToFirstScreen() async {}

    func attach(_ child: CoordinatorBase, registering: Bool = true) {
        child.parentBase = self
        child.faults = faults
        child.animations = animations
        child.serializesTransitions = serializesTransitions
        if registering { childBases.append(child) }
    }

    /// The coordinators of entries just removed end.
    func endShown(_ removed: [AnyCoordinatorType]) {
        for c in removed { if let c = c as? CoordinatorBase { endChild(c) } }
    }

    func endChild(_ child: CoordinatorBase) {
        guard let i = childBases.firstIndex(where: { $0 === child }) else { return }
        childBases.remove(at: i)
        child.didEnd()
    }

    func didEnd() {
        for child in childBases { child.didEnd() }
        childBases = []
        isFinished = true
    }

    /// Ends this flow: the parent removes its entry and everything above it there. A tab
    /// page's flow ends its whole tab; the root does not end.
    public func finishFlow() async {
        await Task.yield()
        guard let parent = parentBase else { return }
        if parent.hostsPage(self) && !faults.contains(.pageFinishLeavesPage) { return await parent.finishFlow() }
        if faults.contains(.finishesAfterAnimation) { await parent.animateFinish() }
        guard !isFinished else { return }
        if !parent.removeEntry(showing: self) { parent.endChild(self) }
    }

    /// Sets the coordinator up as new: sheets, path and children go, then `start()` again.
    public func restart() async {
        await clearForRestart()
        for child in childBases { endChild(child) }
        await start()
    }

    /// The router's part of `restart`.
    func clearForRestart() async { clearRouter() }

    /// The coordinator the user sees now, from this one down the hierarchy: a presented
    /// coordinator, else a tab's current page, else the one pushed on top.
    public func getCoordinatorPresented() -> CoordinatorBase {
        guard faults.contains(.presentedStopsAtTab) else { return topCoordinator() }
        var c: CoordinatorBase = self
        while !c.showsTabBar, let next = c.shownOnTop() { c = next }
        return c
    }
}

/// A coordinator with a router for its route type.
@MainActor open class Coordinator<Route: RouteType>: CoordinatorBase {
    public let router = Router<Route>()

    public override init() {
        super.init()
        router.owner = self
    }

    /// Shows `route` as the main view, with an empty path.
    public func startFlow(route: Route) async {
        await Task.yield()
        router.items = []
        router.mainView = .route(route)
    }

    /// Pushes `route` or presents it as a sheet in `presentationStyle` (default: the route's).
    /// A push onto a tab bar is ignored, as a push of a coordinator is: its path is shown by
    /// no NavigationStack.
    public func navigate(toRoute route: Route, presentationStyle: TransitionPresentationStyle? = nil) async {
        if showsTabBar && (presentationStyle ?? route.presentationStyle) == .push && !faults.contains(.pushesOntoTab) { return }
        if !takesPushes && (presentationStyle ?? route.presentationStyle) == .push { return }
        await router.navigate(toRoute: route, presentationStyle: presentationStyle)
    }

    /// Dismisses the top sheet if there is one, else pops: the router's `close`. False when
    /// there is neither.
    @discardableResult
    public func close() async -> Bool { await router.close() }

    /// Starts `coordinator` as a child and shows it, pushed or presented: started first, so
    /// that what the user sees during the animation is a whole flow.
    /// A push onto a tab bar, or of one, is ignored: a tab bar has no path of its own, and a
    /// NavigationStack cannot hold one.
    public func navigate(to coordinator: CoordinatorBase, presentationStyle: TransitionPresentationStyle) async {
        await Task.yield()
        if presentationStyle == .push && (showsTabBar || coordinator.showsTabBar) && !faults.contains(.pushesOntoTab) { return }
        if presentationStyle == .push && !takesPushes { return }
        await router.takeTurn()
        defer { router.endTurn() }
        let registersLater = presentationStyle == .push && faults.contains(.registersChildAfterPush)
        attach(coordinator, registering: !registersLater)
        await coordinator.start()
        if presentationStyle == .push {
            router.items.append(.coordinator(coordinator))
        } else {
            router.present(.coordinator(coordinator), style: presentationStyle)
        }
        if registersLater {
            await router.animate()
            childBases.append(coordinator)
            return
        }
        guard faults.contains(.completionKeepsEndedFlow) else { return await router.animate() }
        let key = ObjectIdentifier(coordinator)
        router.completions[key] = { coordinator.didAppear = true }
        await router.animate()
        // The bug: a flow that ended during its animation leaves its completion behind.
        guard !coordinator.isFinished else { return }
        router.completions.removeValue(forKey: key)?()
    }

    /// A deep link: shows this coordinator above whatever `rootCoordinator`'s app shows now, as
    /// a sheet unless another style is given. Pushed, it goes onto the path of the coordinator
    /// that shows the screen the user sees; it throws `coveredByScreen` when that screen is a
    /// presented one, above the path the push would change.
    public func forcePresentation(presentationStyle: TransitionPresentationStyle = .sheet, rootCoordinator: CoordinatorBase) async throws {
        let top = rootCoordinator.topCoordinator()
        if presentationStyle == .push && top.presentsScreen && !top.faults.contains(.deepLinkPushedUnderSheet) {
            throw NavigationError.coveredByScreen
        }
        guard faults.contains(.castsToOwnRouteType) else { return await top.show(self, presentationStyle: presentationStyle) }
        guard let typed = top as? Coordinator<Route> else { throw NavigationError.noTop }
        await typed.navigate(to: self, presentationStyle: presentationStyle)
    }

    override func show(_ child: CoordinatorBase, presentationStyle: TransitionPresentationStyle) async {
        await navigate(to: child, presentationStyle: presentationStyle)
    }

    override func popToFirstScreen() async { await router.popToRoot() }

    override func animateFinish() async { await router.animate() }

    override func clearRouter() {
        router.removeAll()
        router.mainView = nil
    }

    override func clearForRestart() async {
        await router.restart()
        clearRouter()
    }

    override func removeEntry(showing child: CoordinatorBase) -> Bool {
        router.removeEntry(showing: child)
    }

    override func shownOnTop() -> CoordinatorBase? {
        if let top = router.sheets.last { return top.content.coordinator as? CoordinatorBase }
        return router.items.last?.coordinator as? CoordinatorBase
    }

    override var presentsScreen: Bool { router.sheets.last.map { $0.content.coordinator == nil } ?? false }
}

public enum NavigationError: Error {
    case noTop
    /// A pushed deep link's top coordinator presents a screen: the push would be beneath it.
    case coveredByScreen
    case noSelectedCoordinator
}

extension CoordinatorBase {
    /// The coordinator that shows what the user sees: a presented coordinator, else a tab's
    /// current page, else the coordinator pushed on top; for a screen, the one that shows it.
    func topCoordinator() -> CoordinatorBase {
        var c = self
        while let next = c.shownOnTop() { c = next }
        return c
    }
}
