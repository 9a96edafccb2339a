/// A small UIKit-era coordinator library in the style of ALCoordinator: synchronous calls,
/// `navigate(to:)` for routes and for coordinators, `forcePresentation` for deep links and
/// `restartApp`. UIKit's controllers are kept as plain values, so it runs anywhere. It is
/// NavFuzz's example of a classic object library, written for docs/VERIFY.md §8.
open class Coordinator {
    public internal(set) weak var parent: Coordinator?
    public internal(set) var children: [Coordinator] = []
    /// How this coordinator is shown when navigated to.
    public let presentationStyle: NavigationTransitionStyle
    public private(set) lazy var router = Router(owner: self, hasNavigation: hasNavigation)
    private let hasNavigation: Bool
    /// The bug the library can be built with, for NavFuzz's example: `restartApp` cleans the
    /// main coordinator's navigation stack only, as the README words it, and keeps what it
    /// presented, so a `start()` that presents a flow at launch presents it a second time
    /// over the old one.
    public var restartCleansStackOnly = false
    /// Another: `popToRoot` on the first screen returns without calling its completion (an
    /// early return for "nothing to pop"), so a caller waiting for it waits forever. The
    /// coordinators it shows take it.
    public var popToRootSkipsCompletionAtRoot = false
    /// Another: `navigate(to:transitionStyle:)` shows a route as the route's own `transition`
    /// says, whatever style the caller passes, so a screen declared modal cannot be pushed.
    /// The coordinators it shows take it.
    public var transitionOverrideIgnored = false
    /// Another: `popToView` pops to the first view of the stack that matches, not the last
    /// (`firstIndex` for `lastIndex`), so with a view type twice on the stack it pops too far.
    /// The coordinators it shows take it.
    public var popToViewFindsFirst = false

    init(presentationStyle: NavigationTransitionStyle, hasNavigation: Bool) {
        self.presentationStyle = presentationStyle
        self.hasNavigation = hasNavigation
    }

    /// Shows the coordinator's first screen. Mandatory for every coordinator.
    open func start(animated: Bool = true) {}

    /// Pops its views, dismisses its modals and leaves its parent, together with every view
    /// its parent showed above it. A tab's page finishes its whole tab bar. False for the main
    /// coordinator (and a page of a main tab bar), which has nowhere to go back to.
    @discardableResult
    public func finishFlow(animated: Bool = true, completion: (() -> Void)? = nil) -> Bool {
        if let tab = parent as? AnyTabbarCoordinator, tab.isPage(self) { return tab.finishFlow(animated: animated, completion: completion) }
        guard let parent, let place = parent.router.place(of: self) else { return false }
        if place.inStack { parent.router.remove(fromStack: place.index) } else { parent.router.remove(fromPresented: place.index) }
        completion?()
        return true
    }

    /// Puts this coordinator on top of what the user sees (a push notification's deep link):
    /// the top coordinator presents it. Deep links are always presented: false for `push`.
    @discardableResult
    public func forcePresentation(animated: Bool = true, mainCoordinator: Coordinator) -> Bool {
        guard presentationStyle != .push else { return false }
        return mainCoordinator.getTopCoordinator().router.navigate(to: self, animated: animated)
    }

    /// The coordinator that shows what the user sees: through the top modal, else a tab's
    /// selected page, else the top of the stack.
    public func getTopCoordinator() -> Coordinator {
        var c = self
        while true {
            if let top = c.router.presented.last {
                guard let next = top.content.coordinator else { return c }
                c = next
            } else if let tab = c as? AnyTabbarCoordinator {
                guard let next = tab.selectedCoordinator else { return c }
                c = next
            } else if let next = c.router.stack.last?.coordinator {
                c = next
            } else {
                return c
            }
        }
    }

    /// Cleans everything the main coordinator shows and runs its flow again: its `start()`,
    /// which may present a flow as the app launches (an onboarding flow).
    public static func restartApp(mainCoordinator: Coordinator, animated: Bool = true, completion: (() -> Void)? = nil) {
        if mainCoordinator.restartCleansStackOnly {
            if !mainCoordinator.router.stack.isEmpty { mainCoordinator.router.remove(fromStack: 0) }
        } else {
            mainCoordinator.router.clear()
        }
        mainCoordinator.endPages()
        mainCoordinator.start(animated: animated)
        completion?()
    }

    /// `child` leaves: it and everything under it are gone.
    func end(child: Coordinator) {
        children.removeAll { $0 === child }
        child.router.clear()
        child.endPages()
        child.children = []
    }

    func endPages() {}
}

/// A coordinator with a navigation stack, for one route type.
open class NavigationCoordinator<Route: NavigationRoute>: Coordinator {
    public init(presentationStyle: NavigationTransitionStyle = .push) {
        super.init(presentationStyle: presentationStyle, hasNavigation: true)
    }

    /// Puts this coordinator on top of what the user sees, as `forcePresentation(mainCoordinator:)`
    /// does, with `route` as its first screen: a deep link to a screen of a flow.
    @discardableResult
    public func forcePresentation(route: Route, animated: Bool = true, mainCoordinator: Coordinator) -> Bool {
        guard forcePresentation(animated: animated, mainCoordinator: mainCoordinator) else { return false }
        return router.startFlow(route: route, animated: animated)
    }

    /// Shows `route` as its transition says, or as `transitionStyle`.
    @discardableResult
    public func navigate(to route: Route, transitionStyle: NavigationTransitionStyle? = nil, animated: Bool = true,
                         completion: (() -> Void)? = nil) -> Bool {
        router.navigate(to: route, transitionStyle: transitionStyle, animated: animated, completion: completion)
    }
}
