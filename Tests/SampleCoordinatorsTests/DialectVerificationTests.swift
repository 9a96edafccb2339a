@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// A library that speaks a dialect passes when it says so, and fails at the dialect's own case
/// when it does not: verification follows the declared dialect, and only there.
final class DialectVerificationTests: XCTestCase {
    let options = Verifier.Options(presets: [.small], depth: 2, walks: 40)
    /// Exploration alone finds each failure with its shortest trace.
    let shortest = Verifier.Options(presets: [.small], depth: 2, walks: 0, stopAtFirstFailure: true)

    func testEachDialectPassesDeclaredAndFailsAtItsCaseUndeclared() {
        let expected: [(Dialect, length: Int, ActionName)] = [
            (.dismissNothingApplies, 1, .dismiss),
            (.popToPresented, 2, .popTo),
            (.stackOnTopLayer, 2, .push),
        ]
        for (dialect, length, kind) in expected {
            let declared = Verifier.verify(DialectSpeaker(dialect, declares: true), options: options)
            XCTAssertEqual(declared.failures.map(\.check), [], "\(dialect): \(declared.text)")
            let undeclared = Verifier.verify(DialectSpeaker(dialect, declares: false), options: shortest)
            // The shortest failures lead; the dialect's own case is one of them.
            let traces = undeclared.failures(.snapshotConforms).map(\.trace)
            XCTAssertEqual(traces.first?.count, length, "\(dialect): \(undeclared.text)")
            XCTAssertTrue(traces.contains { $0.count == length && $0.last?.name == kind }, "\(dialect): \(undeclared.text)")
        }
    }

    /// The strict sample declared to speak a dialect fails at the same case, the other way.
    func testAStrictLibraryDeclaringADialectFails() {
        let report = Verifier.verify(DialectSpeaker(.strict, declares: true, claiming: .dismissNothingApplies), options: shortest)
        XCTAssertEqual(report.failure(.snapshotConforms)?.trace.map(\.description), ["dismiss c0"], report.text)
        XCTAssertTrue(report.text.contains("dialect dismiss-nothing-applies"), "the report names the dialect: \(report.text)")
    }
}

/// The strict sample library made to speak `dialect` by rewriting the actions it is sent:
/// what a library that behaves so does.
private final class DialectSpeaker: StateSavingSystem {
    let inner = SampleSystem()
    let dialect: Dialect
    let capabilities: Capabilities

    init(_ dialect: Dialect, declares: Bool, claiming: Dialect? = nil) {
        self.dialect = dialect
        // Not `multiple`: its parts would need rewriting too.
        capabilities = Capabilities(actions: Set(ActionName.standard).subtracting([.multiple]),
                                    dialect: declares ? claiming ?? dialect : .strict)
    }

    func reset(configuration: Configuration) { inner.reset(configuration: configuration) }

    func saveState(as id: Int) { inner.saveState(as: id) }
    func restoreState(_ id: Int) -> Bool { inner.restoreState(id) }
    func forgetSavedStates() { inner.forgetSavedStates() }

    func apply(_ action: Action) -> SystemStep {
        let s = inner.observedState()
        func modals(_ c: CoordinatorID) -> Int { s.index(of: c).map { s.modalCount(at: $0) } ?? 0 }
        // Stack actions are for navigation coordinators first (docs/SEMANTICS.md §4.1).
        func navigation(_ c: CoordinatorID) -> Bool { s.index(of: c).map { s.kind(at: $0) == .navigation } ?? false }
        switch action {
        case .dismiss(let c) where dialect.contains(.dismissNothingApplies) && s.index(of: c) != nil && modals(c) == 0:
            return SystemStep(outcome: .applied)
        case .popTo(let c, let r) where dialect.contains(.popToPresented) && modals(c) > 0 && navigation(c):
            let i = s.index(of: c)!
            if let k = (0 ..< s.modalCount(at: i)).last(where: { s.modal(at: i, $0).entry == .screen(r) }) {
                var events: [Completion] = []
                for _ in k + 1 ..< s.modalCount(at: i) { events += inner.apply(.dismiss(c)).events }
                return SystemStep(outcome: .applied, events: events)
            }
            guard (0 ..< s.stackCount(at: i)).contains(where: { s.stackEntry(at: i, $0) == .screen(r) }) else {
                return SystemStep(outcome: .refused(.notFound))
            }
            let events = inner.apply(.dismissAll(c)).events + inner.apply(.popTo(c, r)).events
            return SystemStep(outcome: .applied, events: events)
        case .push(let c, _), .pop(let c), .popToRoot(let c), .popTo(let c, _):
            guard dialect.contains(.stackOnTopLayer), modals(c) > 0, navigation(c) else { return inner.apply(action) }
            guard let t = s.topLayer(from: c) else { return SystemStep(outcome: .refused(.unsupported)) }
            return inner.apply(action.retargeted { _ in t })
        default:
            return inner.apply(action)
        }
    }

    func observedState() -> State { inner.observedState() }
}
