#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One screen that sends routes to its parent (CoordinatorX `.parent(route)`).
public final class RedirectionCoordinator: Coordinator {
    /// Shows `screen` on the parent: pushed, or presented in `style`.
    public func redirect(_ screen: Screen, style: PresentationStyle) throws(NavigationError) {
        guard let parent else { throw .unsupported }
        try parent.perform(style == .push ? .push(screen) : .present(screen, style))
    }
}
