import Foundation
@_spi(Engine) import CoordinatorModel
import NavFuzzKit

/// The sample library behind an adapter that declares launches (`Capabilities.launches`)
/// and builds the root alone: its first state differs wherever a launch is asked for.
public final class LaunchIgnoring: NavigationSystem {
    public let inner: SampleSystem

    public init(_ inner: SampleSystem = SampleSystem()) { self.inner = inner }

    public var capabilities: Capabilities { var c = inner.capabilities; c.launches = true; return c }
    public var name: String { inner.name }
    public func reset(configuration: Configuration) { inner.reset(configuration: configuration) }
    public func apply(_ action: Action) -> SystemStep { inner.apply(action) }
    public func observedState() -> State { inner.observedState() }
}
