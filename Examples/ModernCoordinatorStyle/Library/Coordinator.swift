/// The paths of one flow, usually an enum: `enum HomeRoute: Route { case home, detail, back }`.
public protocol Route {}

/// Anything a transition can show: a view controller, or a coordinator (its root view controller).
public protocol Presentable: AnyObject {
    var viewController: ViewController { get }
}

/// What `push` does with a coordinator's navigation controller: UIKit does not push a
/// navigation controller onto another.
public enum NavigationPush: Sendable, Hashable {
    /// Push it inside a container screen (the child's navigation bar is the parent's).
    case wrap
    /// Refuse it: the push returns early, and nothing changes.
    case refuse
    /// The bug the library can be built with, for NavFuzz's example: adopt the coordinator,
    /// then return early without showing it, as a library that checks too late does; the
    /// orphan goes at the next clean-up, and the push changed nothing where it should have.
    case ignoreSilently
}

/// A coordinator whatever its routes: its place among the coordinators of the app.
open class AnyCoordinator: Presentable, NavigationControllerDelegate, PresentationDelegate {
    public let viewController: ViewController
    /// The coordinator that shows this one. Weak: parents keep their children, not the reverse.
    public internal(set) weak var parent: AnyCoordinator?
    /// The coordinators this one shows, pushed or presented. They live as long as they are here.
    public private(set) var children: [AnyCoordinator] = []

    /// The bug the library can be built with, for NavFuzz's example: children leave `children`
    /// only after a triggered route, never when the user's back button popped them, so a
    /// pushed flow the user went back from stays a child (XCoordinator issue 57, which its
    /// pull request 156 fixed by cleaning up when the navigation controller shows a new top).
    public var backLeavesChild = false
    /// What `push` does with a coordinator that has a navigation controller of its own, which
    /// UIKit does not push onto another.
    public var navigationPush = NavigationPush.wrap
    /// The bug the library can be built with, for NavFuzz's example: a plain view controller's
    /// `dismiss` is UIKit's `dismiss(animated:)` on it, which, when it presents nothing,
    /// dismisses the view controller itself: the coordinator's own screen goes.
    public var dismissesItself = false

    public init(viewController: ViewController) {
        self.viewController = viewController
        viewController.presentationDelegate = self
        (viewController as? NavigationController)?.delegate = self
    }

    public func addChild(_ child: AnyCoordinator) {
        guard !children.contains(where: { $0 === child }) else { return }
        child.parent = self
        children.append(child)
    }

    public func removeChild(_ child: AnyCoordinator) {
        children.removeAll { $0 === child }
        if child.parent === self { child.parent = nil }
    }

    /// Lets go of the children this coordinator no longer shows, so that a flow that left the
    /// screen is released with everything it holds.
    public func removeChildrenIfNeeded() {
        for child in children where !viewController.shows(child.viewController) { removeChild(child) }
    }

    public func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController?) {
        guard !backLeavesChild else { return }
        removeChildrenIfNeeded()
    }

    public func viewControllerDidDismissPresented(_ viewController: ViewController) {
        removeChildrenIfNeeded()
    }
}

/// A coordinator of `RouteType`s: `trigger` a route, and the subclass's `performTransition`
/// makes it happen through `transitionPerformer`, on the root view controller.
open class BaseCoordinator<RouteType: Route, TransitionType: TransitionProtocol>: AnyCoordinator {
    public typealias RootViewController = TransitionType.RootViewController

    public let rootViewController: RootViewController

    /// Triggers the initial routes at once, in order: a coordinator starts showing something
    /// (several routes: a stack of several screens).
    public init(rootViewController: RootViewController, initialRoutes: [RouteType] = []) {
        self.rootViewController = rootViewController
        super.init(viewController: rootViewController)
        for route in initialRoutes { trigger(route) }
    }

    /// Performs transitions on the root view controller, for this coordinator.
    public var transitionPerformer: TransitionType {
        TransitionType(rootViewController: rootViewController, coordinator: self)
    }

    /// This coordinator as a router of its routes: what view models hold.
    public var strongRouter: StrongRouter<RouteType> { StrongRouter(self) }

    /// Makes `route`'s transition. It returns nothing, as ModernCoordinator's does: what it did
    /// shows on the screen.
    public func trigger(_ route: RouteType) {
        performTransition(for: route)
        removeChildrenIfNeeded()
    }

    /// Override: the transition of each route.
    open func performTransition(for route: RouteType) {}
}

/// A coordinator whose root is a navigation controller.
open class NavigationCoordinator<RouteType: Route>: BaseCoordinator<RouteType, NavigationTransition> {
    public init(rootViewController: NavigationController = NavigationController(), isNavigationBarHidden: Bool = false,
                initialRoute: RouteType...) {
        rootViewController.isNavigationBarHidden = isNavigationBarHidden
        super.init(rootViewController: rootViewController, initialRoutes: initialRoute)
    }

    /// The same with the initial routes as a list.
    public override init(rootViewController: NavigationController = NavigationController(), initialRoutes: [RouteType]) {
        super.init(rootViewController: rootViewController, initialRoutes: initialRoutes)
    }
}

/// A coordinator over a plain view controller: one screen, which it can cover with
/// presentations and take them away (`present`, `dismiss`), and no stack to push on.
open class ViewCoordinator<RouteType: Route>: BaseCoordinator<RouteType, ViewTransition> {
    public init(rootViewController: ViewController, initialRoute: RouteType...) {
        super.init(rootViewController: rootViewController, initialRoutes: initialRoute)
    }
}

/// A coordinator's `trigger` without the coordinator's type. It keeps the coordinator alive.
public struct StrongRouter<RouteType: Route> {
    private let performer: (RouteType) -> Void

    public init<TransitionType>(_ coordinator: BaseCoordinator<RouteType, TransitionType>) {
        performer = { coordinator.trigger($0) }
    }

    public func trigger(_ route: RouteType) { performer(route) }
}
