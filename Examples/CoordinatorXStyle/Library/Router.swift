/// What a flow's views are handed to go on (`prepareView(for:router:)`): the coordinator that
/// shows them, seen through its routes only. A child flow is handed its parent's, whatever the
/// parent's route type, to act on it with `.parent(route)`.
public protocol Router<RouteType>: AnyObject {
    associatedtype RouteType: Route
    /// Shows `route` as the flow's `prepareTransition(for:)` says. All or nothing.
    func trigger(_ route: RouteType) throws(TransitionError)
}
