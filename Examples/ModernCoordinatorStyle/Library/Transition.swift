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
/// A plain view controller's: `present`, `dismiss`, `remove`.
public typealias ViewTransition = Transition<ViewController>

extension Transition where RootViewController == NavigationController {
    public func push(_ presentable: Presentable) {
        let viewController = presentable.viewController
        if viewController is NavigationController {
            switch coordinator?.navigationPush ?? .wrap {
            case .wrap: break
            case .refuse: return
            case .ignoreSilently: adopt(presentable); return   // the bug: adopted, never shown
            }
        }
        adopt(presentable)
        rootViewController.pushViewController(viewController is NavigationController ? ContainerViewController(viewController) : viewController)
    }

    /// Pops the top screen; nothing at the first one.
    public func pop() {
        rootViewController.popViewController()
    }

    public func popToRoot() {
        rootViewController.popToRootViewController()
    }

    /// Replaces the whole stack by `presentables`, the first at the bottom; what is presented stays.
    public func setRoot(_ presentables: [Presentable]) {
        guard !presentables.isEmpty else { return }
        presentables.forEach(adopt)
        rootViewController.setViewControllers(presentables.map {
            $0.viewController is NavigationController ? ContainerViewController($0.viewController) : $0.viewController
        })
    }

    /// Replaces the whole stack by `presentable`; what is presented stays.
    public func setRoot(_ presentable: Presentable) {
        adopt(presentable)
        let viewController = presentable.viewController
        rootViewController.setViewControllers([viewController is NavigationController ? ContainerViewController(viewController) : viewController])
    }
}

extension Transition {
    public func present(_ presentable: Presentable, style: PresentationStyle = .sheet) {
        adopt(presentable)
        rootViewController.present(presentable.viewController, style: style)
    }

    /// Dismisses what the root presented last; nothing when it presents nothing.
    public func dismiss() {
        if coordinator?.dismissesItself == true && !(rootViewController is NavigationController) {
            rootViewController.dismissAsUIKit()
        } else {
            rootViewController.dismissPresented()
        }
    }

    /// Takes `presentable` off screen with everything shown after it: the presentations after
    /// it, or the pushes above it. What a coordinator does when a flow it shows has finished.
    public func remove(_ presentable: Presentable) {
        let viewController = presentable.viewController
        if rootViewController.dismiss(viewController) { return }
        guard let navigation = rootViewController as? NavigationController,
              let i = navigation.viewControllers.firstIndex(where: {
                  $0 === viewController || ($0 as? ContainerViewController)?.content === viewController
              }), i > 0 else { return }
        navigation.setViewControllers(Array(navigation.viewControllers.prefix(i)))
    }
}
