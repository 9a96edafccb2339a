import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// A main-actor adapter with saved states (`AsyncStateSavingSystem`): exploration restores them
/// instead of replaying from reset, with the same results, in process and served as a driver.
final class MainActorSavedStateTests: XCTestCase {
    static let options = Verifier.Options(depth: 2, walks: 20)

    func testSavedStatesAreRestoredWithTheSameResults() async {
        let saving = await Verifier.verify(await MainActorSample(saves: true), options: Self.options)
        let replaying = await Verifier.verify(await MainActorSample(saves: false), options: Self.options)
        XCTAssertTrue(saving.passed, saving.text)
        XCTAssertGreaterThan(saving.restores, 0)
        XCTAssertEqual(replaying.restores, 0)
        XCTAssertLessThan(saving.resets, replaying.resets)
        XCTAssertEqual(saving.steps, replaying.steps)
    }

    func testAMutantIsFoundTheSameWayWithSavedStates() async {
        let options = Verifier.Options(depth: 2, walks: 0)
        let saving = await Verifier.verify(await MainActorSample(mutant: .swipeLeavesChild, saves: true), options: options)
        let replaying = await Verifier.verify(await MainActorSample(mutant: .swipeLeavesChild, saves: false), options: options)
        XCTAssertFalse(saving.passed)
        XCTAssertEqual(saving.failures.map(\.trace), replaying.failures.map(\.trace))
    }

    /// A call of a main-actor adapter that never returns is `no-hang`, named in the adapter's
    /// own words (`apply(pop c0)`), not by how NavFuzz queues it.
    func testACallThatNeverReturnsIsNamedAsTheAdapterKnowsIt() async throws {
        let system = await MainActorSystem(MainActorHangs(), timeout: 0.3)
        let failure = await Task.detached { () -> SystemFailure? in
            do throws(SystemFailure) {
                try system.reset(configuration: Configuration())
                _ = try system.apply(try! Action(parsing: "pop c0"))
                return nil
            } catch { return error }
        }.value
        XCTAssertEqual(failure?.kind, .hang)
        XCTAssertEqual(failure?.message, "apply(pop c0) did not return within 0.3 s")
    }

    func testServedAsADriverItOffersSavedStates() async throws {
        func hello(_ system: DrivenSystem) throws -> DriverJSON {
            var out: [UInt8] = []
            DriverSession(name: "s", system: system).respond(to: #"{"navfuzz":1}"#, into: &out)
            return try DriverJSON(parsing: out[...])
        }
        let saving = await MainActorSystem(MainActorSample(saves: true), timeout: 5)
        let plain = await MainActorSystem(MainActorPlain(), timeout: 5)
        XCTAssertEqual(try hello(saving)["restore"]?.int, 1)
        XCTAssertNil(try hello(plain)["restore"])
    }
}

/// The sample library on the main actor, saving states when asked to (else every restore
/// answers that nothing was saved, and NavFuzz replays).
@MainActor final class MainActorSample: AsyncStateSavingSystem {
    let inner: SampleSystem
    let saves: Bool
    init(mutant: Mutant? = nil, saves: Bool) { inner = SampleSystem(mutant: mutant); self.saves = saves }

    var capabilities: Capabilities { inner.capabilities }
    func reset(configuration: Configuration) async { inner.reset(configuration: configuration) }
    func apply(_ action: Action) async -> SystemStep { await Task.yield(); return inner.apply(action) }
    func observedState() async -> State { inner.observedState() }
    func coordinatorObject(id: Int) -> AnyObject? { inner.coordinatorObject(id: id) }

    func saveState(as id: Int) async { if saves { inner.saveState(as: id) } }
    func restoreState(_ id: Int) async -> Bool { saves && inner.restoreState(id) }
    func forgetSavedStates() async { inner.forgetSavedStates() }
}

/// The same without saved states.
@MainActor final class MainActorPlain: AsyncNavigationSystem {
    let inner = SampleSystem()
    func reset(configuration: Configuration) async { inner.reset(configuration: configuration) }
    func apply(_ action: Action) async -> SystemStep { inner.apply(action) }
    func observedState() async -> State { inner.observedState() }
}

/// A library whose `pop` waits for an animation that never ends.
@MainActor final class MainActorHangs: AsyncNavigationSystem {
    let inner = SampleSystem()
    func reset(configuration: Configuration) async { inner.reset(configuration: configuration) }
    func apply(_ action: Action) async -> SystemStep {
        if case .pop = action { try? await Task.sleep(nanoseconds: 30_000_000_000) }
        return inner.apply(action)
    }
    func observedState() async -> State { inner.observedState() }
}
