@_spi(Engine) import CoordinatorModel
import NavFuzzKit

/// The sample library behind an adapter that declares a view root (`Capabilities.rootKinds`
/// with `redirection`, docs/SEMANTICS.md §2.2): the app's coordinator can be a one-screen
/// redirection coordinator too, and the default run explores it (`small+view-root`).
public final class ViewRoots: NavigationSystem {
    public let inner: SampleSystem

    public init(_ inner: SampleSystem = SampleSystem()) { self.inner = inner }

    public var capabilities: Capabilities { var c = inner.capabilities; c.rootKinds.insert(.redirection); return c }
    public var name: String { inner.name }
    public func reset(configuration: Configuration) { inner.reset(configuration: configuration) }
    public func apply(_ action: Action) -> SystemStep { inner.apply(action) }
    public func observedState() -> State { inner.observedState() }
}
