/// The modal styles a view controller can be presented in. The user can swipe a sheet down; a
/// full-screen presentation goes only when the app dismisses it.
public enum PresentationStyle: Sendable, Hashable {
    case sheet, fullScreen
}

/// Told when the user, not the app, took a presentation away (UIKit's
/// `presentationControllerDidDismiss`): the app's own dismissals go through its coordinators.
public protocol PresentationDelegate: AnyObject {
    func viewControllerDidDismissPresented(_ viewController: ViewController)
}

/// As much of UIKit's view controller as navigation needs, kept in plain Swift so that the
/// library builds and is tested anywhere. Apps subclass it for their screens.
open class ViewController: Presentable {
    /// How this controller is shown while it is presented.
    public internal(set) var modalPresentationStyle: PresentationStyle = .sheet
    /// What this controller presented, bottom first. UIKit chains presentations; one list per
    /// presenter keeps who presented what, which is what coordinators need.
    public private(set) var presentedViewControllers: [ViewController] = []
    /// The controller that presented this one, while it is presented.
    public private(set) weak var presentingViewController: ViewController?
    public weak var presentationDelegate: PresentationDelegate?

    public init() {}

    public var viewController: ViewController { self }

    public func present(_ viewController: ViewController, style: PresentationStyle) {
        viewController.modalPresentationStyle = style
        viewController.presentingViewController = self
        presentedViewControllers.append(viewController)
    }

    /// Dismisses the last presentation. False when nothing is presented.
    @discardableResult public func dismissPresented() -> Bool {
        guard let last = presentedViewControllers.popLast() else { return false }
        last.presentingViewController = nil
        return true
    }

    /// Dismisses `viewController` and everything presented after it. False when it is not presented here.
    @discardableResult public func dismiss(_ viewController: ViewController) -> Bool {
        guard let i = presentedViewControllers.firstIndex(where: { $0 === viewController }) else { return false }
        for gone in presentedViewControllers[i...] { gone.presentingViewController = nil }
        presentedViewControllers.removeSubrange(i...)
        return true
    }

    /// UIKit's `dismiss(animated:)`: what this controller presented goes, and when it presents
    /// nothing, this controller itself goes from the one that presented it.
    public func dismissAsUIKit() {
        if !dismissPresented() { presentingViewController?.dismiss(self) }
    }

    /// What UIKit does when the user swipes the last presentation down: a sheet goes, and the
    /// delegate hears of it; a full-screen presentation stays. False when nothing went.
    @discardableResult public func userSwipedDown() -> Bool {
        guard presentedViewControllers.last?.modalPresentationStyle == .sheet else { return false }
        presentedViewControllers.removeLast().presentingViewController = nil
        presentationDelegate?.viewControllerDidDismissPresented(self)
        return true
    }

    /// Whether `viewController` is shown from here: presented by this controller.
    open func shows(_ viewController: ViewController) -> Bool {
        presentedViewControllers.contains { $0 === viewController }
    }
}

/// Told after a navigation controller's stack changed, by the app or by the user (UIKit's
/// `navigationController(_:didShow:animated:)`).
public protocol NavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: NavigationController, didShow viewController: ViewController?)
}

/// UIKit's navigation controller: a stack of view controllers, the first one its root.
open class NavigationController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    public var isNavigationBarHidden = false
    public weak var delegate: NavigationControllerDelegate?

    public override init() { super.init() }

    public var topViewController: ViewController? { viewControllers.last }

    public func pushViewController(_ viewController: ViewController) {
        setViewControllers(viewControllers + [viewController])
    }

    /// Pops the top view controller; nil (and nothing changes) at the root.
    @discardableResult public func popViewController() -> ViewController? {
        guard viewControllers.count > 1, let top = viewControllers.last else { return nil }
        setViewControllers(viewControllers.dropLast())
        return top
    }

    public func popToRootViewController() {
        setViewControllers(Array(viewControllers.prefix(1)))
    }

    public func setViewControllers(_ viewControllers: [ViewController]) {
        self.viewControllers = viewControllers
        delegate?.navigationController(self, didShow: topViewController)
    }

    /// What UIKit does when the user taps the back button or swipes from the edge: the top
    /// view controller goes, when there is one above the root. No coordinator is asked.
    @discardableResult public func userTappedBack() -> Bool {
        popViewController() != nil
    }

    /// Pushed or presented here.
    open override func shows(_ viewController: ViewController) -> Bool {
        super.shows(viewController) || viewControllers.contains {
            $0 === viewController || ($0 as? ContainerViewController)?.content === viewController
        }
    }
}

/// UIKit does not push a navigation controller onto another: a coordinator with a navigation
/// controller of its own is pushed inside one of these, as one entry of the stack.
public final class ContainerViewController: ViewController {
    public let content: ViewController
    public init(_ content: ViewController) { self.content = content }
}
