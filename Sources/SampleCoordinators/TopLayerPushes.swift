import Foundation
@_spi(Engine) import CoordinatorModel
import NavFuzzKit

/// The sample library behind an adapter that does not make a `push` under a modal.
public final class TopLayerPushes: NavigationSystem {
    public let inner: SampleSystem
    public let capabilities: Capabilities
    let claimsEverywhere: Bool

    /// `declared`: says so in `offeredOnlyOnTopLayer`; `claimsEverywhere`: answers `.notOffered` to every `push`.
    public init(_ inner: SampleSystem = SampleSystem(), declared: Bool, claimsEverywhere: Bool = false) {
        self.inner = inner
        var c = Capabilities()
        if declared { c.offeredOnlyOnTopLayer = [.push] }
        capabilities = c
        self.claimsEverywhere = claimsEverywhere
    }

    public func reset(configuration: Configuration) { inner.reset(configuration: configuration) }
    public func observedState() -> State { inner.observedState() }
    public var name: String { inner.name }

    public func apply(_ action: Action) -> SystemStep {
        if case .push(let c, _) = action {
            let s = inner.observedState()
            if claimsEverywhere || (s.index(of: c).map { s.modalCount(at: $0) > 0 } ?? false) { return .notOffered }
        }
        return inner.apply(action)
    }
}
