#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stack of screens and pushed child flows, plus modals.
public final class NavigationCoordinator: Coordinator {}
