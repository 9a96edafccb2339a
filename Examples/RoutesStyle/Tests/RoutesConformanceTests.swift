import CoordinatorModel
import NavFuzzTesting
import Testing

// docs/VERIFY.md §8 quotes this file.

@Test func routesConformToTheModel() async {
    await expectConformance(RoutesSystem())
}

/// The library built with FlowStacks' old bug (`pop` at the root removed the root): the default
/// run finds it in one step.
@Test func aPopThatRemovesTheRootIsCaught() {
    let result = verifyConformance(RoutesSystem(popAtRootRemovesRoot: true))
    #expect(result.failure(.invariant("stack-shape"))?.trace.map(\.description) == ["pop c0"], "\(result.failureMessage)")
}

/// The same bug behind an adapter that refuses without calling the library when it expects a
/// refusal: the run passes, and the bug ships.
@Test func anAdapterThatSkipsTheCallHidesTheBug() {
    let result = verifyConformance(SkippingRoutesSystem(RoutesSystem(popAtRootRemovesRoot: true)))
    let passed = result.passed
    #expect(passed, "\(result.failureMessage)")
}

/// What not to write: the adapter decides the refusal itself and never calls `pop` at the root.
final class SkippingRoutesSystem: NavigationSystem {
    let inner: RoutesSystem
    init(_ inner: RoutesSystem) { self.inner = inner }

    var capabilities: Capabilities { inner.capabilities }
    func reset(configuration: Configuration) { inner.reset(configuration: configuration) }
    func apply(_ action: Action) -> SystemStep {
        if case .pop = action, inner.observedState().stackCount(at: 0) < 2, inner.observedState().modalCount(at: 0) == 0 {
            return SystemStep(outcome: .refused(.atRoot))   // the model would refuse: why call?
        }
        return inner.apply(action)
    }
    func observedState() -> State { inner.observedState() }
}
