/// How a flow that finished ended, for its parent to decide what comes next.
public enum FlowFinish: Hashable, Sendable {
    /// Simply close the flow.
    case quit
    /// The flow did its job: go on to the next step.
    case done
}

/// How a flow ended without finishing.
public enum FlowCoordinatorError: Error, Hashable, Sendable {
    /// Its screens went away before it finished: popped, dismissed, swiped down, or taken away
    /// with its parent's screens.
    case cancelled
}

/// One navigation flow: it owns a router, starts child flows and finishes with a result. The app
/// subclasses it and overrides `start()` to show the flow's first screen.
///
/// A flow ends exactly once. `finish(_:)` takes its screens off its parent's router and calls
/// `completionHandler` with `.success`; a flow whose screens went away some other way, or whose
/// parent ended or restarted, hears `.failure(.cancelled)` instead.
open class FlowCoordinator {
    /// The flow's own navigation controller.
    public let router: FlowRouter
    /// The flow that started this one; nil for the root flow.
    public var parent: FlowCoordinator? { weakParent ?? strongParent }
    /// The flows this one started that have not ended, oldest first.
    public private(set) var children: [FlowCoordinator] = []
    /// Hears how the flow ended, once.
    public var completionHandler: ((Result<FlowFinish, FlowCoordinatorError>) -> Void)?
    /// How this flow's children finished, oldest first: what the app reports to analytics.
    public private(set) var finishes: [FlowFinish] = []
    /// Whether the flow has ended.
    public private(set) var hasEnded = false

    /// The bug the library can be built with, for NavFuzz's example: a parent keeps every child
    /// flow that finished (in `finishedFlows`, to resume it later) while each flow holds its
    /// parent strongly, so finished flows are never released (Stinsen's issue 27). Children
    /// take it from the flow that starts them.
    public var keepsFinishedFlows = false
    /// With `keepsFinishedFlows`: the child flows that finished here.
    public private(set) var finishedFlows: [FlowCoordinator] = []

    // A parent lives as long as it shows its children; a child must not keep it longer.
    private weak var weakParent: FlowCoordinator?
    private var strongParent: FlowCoordinator?

    public init(router: FlowRouter) { self.router = router }

    /// Shows the flow's first screen. Subclasses override it; `start(_:completion:)` calls it.
    open func start() {}

    /// Starts `child` as a child flow of this one: it ends, cancelled, when its router's
    /// navigation controller leaves the screen. Show it afterwards on this flow's router
    /// (`push(.flow(child.router))` or `present(_:style:)`). `completion`, when given, becomes
    /// the child's `completionHandler`.
    public func start(_ child: FlowCoordinator, completion: ((Result<FlowFinish, FlowCoordinatorError>) -> Void)? = nil) {
        child.keepsFinishedFlows = keepsFinishedFlows
        if keepsFinishedFlows { child.strongParent = self } else { child.weakParent = self }
        children.append(child)
        if let completion { child.completionHandler = completion }
        child.router.onRemoval = { [weak child] in child?.end(.failure(.cancelled)) }
        child.start()
    }

    /// Ends the flow with `result`: its screens leave its parent's router (with everything shown
    /// above them), its children are cancelled, and `completionHandler` hears `.success`. False
    /// for the root flow, which has nothing to return to, and for a flow that has ended.
    @discardableResult public func finish(_ result: FlowFinish) -> Bool {
        guard parent != nil, !hasEnded else { return false }
        end(.success(result))
        return true
    }

    /// Ends the flow without a result (a root flow the app replaces, say): it and its children
    /// hear `.failure(.cancelled)`. Nothing for a flow that has ended.
    public func cancel() { end(.failure(.cancelled)) }

    /// Starts the flow over from its first screen, in place (after a log-out, say): everything
    /// its router shows goes, its children are cancelled, and `start()` runs again.
    public func restart() {
        router.removeAll()
        for child in children.reversed() { child.end(.failure(.cancelled)) }
        start()
    }

    private func end(_ result: Result<FlowFinish, FlowCoordinatorError>) {
        guard !hasEnded else { return }
        hasEnded = true
        if let parent {
            parent.children.removeAll { $0 === self }
            if case .success(let finish) = result {
                parent.finishes.append(finish)
                if keepsFinishedFlows { parent.finishedFlows.append(self) }
                parent.router.close(router)
            }
        }
        for child in children.reversed() { child.end(.failure(.cancelled)) }
        router.onRemoval = nil
        let handler = completionHandler
        completionHandler = nil
        handler?(result)
    }
}
