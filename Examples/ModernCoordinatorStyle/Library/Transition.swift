/// The transitions of a coordinator, typed by its root view controller: what the root can do
/// is what its coordinator can be asked.
public protocol TransitionProtocol {
    associatedtype RootViewController: ViewController
    init(rootViewController: RootViewController, coordinator: AnyCoordinator)
}

public struct Transition<RootViewController: ViewController>: TransitionProtocol {
    public let rootViewController: RootViewController
    /// Whose transitions these are: the coordinators they show become its children.
    private weak var coordinator: AnyCoordinator?

    public init(rootViewController: RootViewController, coordinator: AnyCoordinator) {
        self.rootViewController = rootViewController
        self.coordinator = coordinator
    }

    /// A coordinator about to be shown joins the performing coordinator's children.
    private func adopt(_ presentable: Presentable) {
        if let child = presentable as? AnyCoordinator { coordinator?.addChild(child) }
    }
}

public typealias NavigationTransition = Transition<NavigationController>

extension Transition where RootViewController == NavigationController {
    @discardableResult public func push(_ presentable: Presentable) -> TransitionResult {
        let viewController = presentable.viewController
        if viewController is NavigationController {
            switch coordinator?.navigationPush ?? .wrap {
            case .wrap: break
            case .refuse: return .ignored
            case .ignoreSilently: return .performed
            }
        }
        adopt(presentable)
        rootViewController.pushViewController(viewController is NavigationController ? ContainerViewController(viewController) : viewController)
        return .performed
    }

    @discardableResult public func pop() -> TransitionResult {
        rootViewController.popViewController() == nil ? .ignored : .performed
    }

    @discardableResult public func popToRoot() -> TransitionResult {
        rootViewController.popToRootViewController()
        return .performed
    }

    /// Replaces the whole stack by `presentables`, the first at the bottom; what is presented stays.
    @discardableResult public func setRoot(_ presentables: [Presentable]) -> TransitionResult {
        guard !presentables.isEmpty else { return .ignored }
        presentables.forEach(adopt)
        rootViewController.setViewControllers(presentables.map {
            $0.viewController is NavigationController ? ContainerViewController($0.viewController) : $0.viewController
        })
        return .performed
    }

    /// Replaces the whole stack by `presentable`; what is presented stays.
    @discardableResult public func setRoot(_ presentable: Presentable) -> TransitionResult {
        adopt(presentable)
        let viewController = presentable.viewController
        rootViewController.setViewControllers([viewController is NavigationController ? ContainerViewController(viewController) : viewController])
        return .performed
    }
}

extension Transition {
    @discardableResult public func present(_ presentable: Presentable, style: PresentationStyle = .sheet) -> TransitionResult {
        adopt(presentable)
        rootViewController.present(presentable.viewController, style: style)
        return .performed
    }

    /// Dismisses what the root presented last.
    @discardableResult public func dismiss() -> TransitionResult {
        rootViewController.dismissPresented() ? .performed : .ignored
    }

    /// Takes `presentable` off screen with everything shown after it: the presentations after
    /// it, or the pushes above it. What a coordinator does when a flow it shows has finished.
    @discardableResult public func remove(_ presentable: Presentable) -> TransitionResult {
        let viewController = presentable.viewController
        if rootViewController.dismiss(viewController) { return .performed }
        guard let navigation = rootViewController as? NavigationController,
              let i = navigation.viewControllers.firstIndex(where: {
                  $0 === viewController || ($0 as? ContainerViewController)?.content === viewController
              }), i > 0 else { return .ignored }
        navigation.setViewControllers(Array(navigation.viewControllers.prefix(i)))
        return .performed
    }
}
