@_spi(Engine) import CoordinatorModel
@_spi(Engine) @testable import NavFuzzKit
import XCTest

/// The position goals (docs/VERIFY.md §1, Positions): found on the model, each shortest, each ending in
/// a call the model applies at its position.
final class PositionGoalsTests: XCTestCase {
    func goals(_ preset: Preset, offers: (Action) -> Bool = { _ in true }) -> [PositionGoal: [String]] {
        Dictionary(PositionGoals.search(preset.configuration, offers: offers).map { ($0.goal, $0.trace.map(\.description)) },
                   uniquingKeysWith: { a, _ in a })
    }

    func testEveryPositionOfTheIssueHasItsShortestTrace() {
        let nav = goals(.small), tab = goals(.smallTab)
        func g(_ kind: ActionName, _ p: Position, shared: Bool = false) -> PositionGoal { PositionGoal(kind: kind, position: p, shared: shared) }
        XCTAssertEqual(nav[g(.finishFlow, .lastChild)], ["start c0 navigation push r1", "start c0 navigation push r1", "finishFlow c2"])
        XCTAssertEqual(nav[g(.finishFlow, .middleChild)]?.count, 4)
        XCTAssertEqual(nav[g(.finishFlow, .middleModal)]?.count, 4)
        XCTAssertEqual(nav[g(.finishFlow, .lowestModal)], ["start c0 navigation sheet r1", "start c0 navigation sheet r1", "finishFlow c1"])
        XCTAssertEqual(nav[g(.finishFlow, .underScreens, shared: true)], ["startShared c0 r1", "push c0 r1", "finishFlow c1"])
        XCTAssertEqual(nav[g(.popTo, .repeatedEntry)]?.count, 3)
        XCTAssertEqual(tab[g(.push, .otherPage)], ["push c2 r1"])
        XCTAssertEqual(tab[g(.select, .currentPage)], ["select c0 p0"])
        for p: Position in [.onlyChild, .firstChild, .middleChild, .lastChild, .underScreens, .overScreens,
                            .onlyModal, .lowestModal, .middleModal, .topModal] {
            XCTAssertNotNil(nav[g(.restart, p)], "restart at \(p)")
        }
    }

    func testEachTraceEndsInAnAppliedCallAtItsPosition() {
        for preset in [Preset.small, .smallTab] {
            let model = Model(configuration: preset.configuration)
            for (goal, trace) in PositionGoals.search(preset.configuration, offers: { _ in true }) {
                var state = model.initialState()
                for a in trace.dropLast() {
                    let step = model.step(state, a)
                    XCTAssertFalse(step.outcome.isRefused, "\(goal.name): \(a) refused")
                    state = step.state
                }
                XCTAssertFalse(model.step(state, trace.last!).outcome.isRefused, "\(goal.name)")
                XCTAssertTrue(Position.of(trace.last!, in: state).contains(goal.position), "\(goal.name): \(trace)")
                XCTAssertEqual(goal.kind, trace.last!.name)
            }
        }
    }

    /// Only offered calls: a system without `startShared` has no goal on a shared router, and
    /// none of its traces use a call it does not offer.
    func testOnlyOfferedCalls() {
        let offers: (Action) -> Bool = { $0.name != .startShared && $0.name != .present }
        let found = PositionGoals.search(Preset.small.configuration, offers: offers)
        XCTAssertFalse(found.isEmpty)
        XCTAssertFalse(found.contains { $0.goal.shared })
        XCTAssertTrue(found.allSatisfy { $0.trace.allSatisfy(offers) })
    }
}
