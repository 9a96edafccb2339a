@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit

/// An adapter with its saved states hidden, so that NavFuzz replays every path from reset: the
/// same results, more steps (`SampleDriver --no-save`, and tests that compare the two).
public final class WithoutSavedStates<Inner: NavigationSystem>: NavigationSystem {
    public let inner: Inner
    public init(_ inner: Inner) { self.inner = inner }
    public var capabilities: Capabilities { inner.capabilities }
    public var name: String { inner.name }
    public func reset(configuration: Configuration) throws(SystemFailure) { try inner.reset(configuration: configuration) }
    public func apply(_ action: Action) throws(SystemFailure) -> SystemStep { try inner.apply(action) }
    public func observedState() throws(SystemFailure) -> State { try inner.observedState() }
    public func coordinatorObject(id: Int) -> AnyObject? { inner.coordinatorObject(id: id) }
}
