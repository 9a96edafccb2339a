import SUIStyleAdapter
import NavFuzzTesting
import SUIStyleCoordinators
import Testing

/// Why the template calls the library for refusals too: an adapter that answers `finishFlow`
/// itself — climbing from a tab's page to its tab, refusing at the root — never calls the
/// library's `finishFlow` on a page, and so never sees the library leave a page without its
/// coordinator (`pageFinishLeavesPage`). The adapter in the template's style does.
@Suite struct PreCheckingHidesBugs {
    static let options = Verifier.Options(depth: 2, walks: 30)

    @Test func theTemplateStyleFindsTheDefect() async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.pageFinishLeavesPage]), options: Self.options)
        #expect(!result.passed)
        #expect(result.failures.contains { $0.trace.contains { $0.description.hasPrefix("finishFlow") } }, "\(result.failureMessage)")
    }

    @Test func aPreCheckingAdapterMissesIt() async {
        let result = await verifyConformance(PreCheckingAdapter(SUICoordinatorSystem(faults: [.pageFinishLeavesPage])), options: Self.options)
        #expect(result.passed, "\(result.failureMessage)")
    }

    @Test func bothPassOnTheFixedLibrary() async {
        let result = await verifyConformance(PreCheckingAdapter(SUICoordinatorSystem()), options: Self.options)
        #expect(result.passed, "\(result.failureMessage)")
    }
}

/// The example adapter as it was: `finishFlow` answered from the adapter's own reading of the
/// tree, the library called only on the coordinator the adapter chose.
@MainActor final class PreCheckingAdapter: AsyncNavigationSystem {
    let inner: SUICoordinatorSystem
    init(_ inner: SUICoordinatorSystem) { self.inner = inner }
    var capabilities: Capabilities { inner.capabilities }

    func reset(configuration: Configuration) async { await inner.reset(configuration: configuration) }
    func observedState() -> State { inner.observedState() }
    func coordinatorObject(id: Int) -> AnyObject? { inner.coordinatorObject(id: id) }

    func apply(_ action: Action) async -> SystemStep {
        guard case .finishFlow(let c) = action else { return await inner.apply(action) }
        let state = inner.observedState()
        guard let i = state.index(of: c) else { return SystemStep(outcome: .refused(.noSuchCoordinator)) }
        guard let parent = state.parent(at: i) else { return SystemStep(outcome: .refused(.isRoot)) }
        // A tab's page finishes its whole tab.
        var target = c
        if let p = state.index(of: parent), state.kind(at: p) == .tab, state.hasTab(at: p),
           (0..<state.pageCount(at: p)).contains(where: { state.pageCoordinator(at: p, for: state.page(at: p, $0)) == c }) {
            target = parent
        }
        guard let t = state.index(of: target), state.parent(at: t) != nil else { return SystemStep(outcome: .refused(.isRoot)) }
        var step = await inner.apply(.finishFlow(target))
        if target != c { step.events = step.events.map { $0.coordinator == c ? Completion(c, .finished) : $0 } }
        return step
    }
}
