import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// Each transition invariant judges every kind of step its text in docs/SEMANTICS.md §5.2 names:
/// for each, a hand-made wrong step of that kind (the model's own step, broken the way a library
/// breaks it) that the invariant catches, and the model's own step it accepts.
final class InvariantTransitionCoverageTests: XCTestCase {
    /// `state` with its coordinators changed by `change`.
    func edited(_ state: State, _ change: (inout [Coordinator]) -> Void) -> State {
        var cs = state.coordinators
        change(&cs)
        return State(coordinators: cs, root: state.root)
    }

    /// The step of `action` after `setup`, the model's and a broken one; asserts that `name`
    /// accepts the first and catches the second with a reason containing `says`.
    func check(_ name: String, _ setup: [String], _ action: String, says: String, model: Model = navModel,
               file: StaticString = #filePath, line: UInt = #line,
               broken: (_ before: State, _ right: Step) -> (State, [Completion])) {
        let before = build(setup, model: model)
        let right = model.step(before, act(action))
        let configuration = model.configuration
        XCTAssertFalse(right.outcome.isRefused, "\(action) refused", file: file, line: line)
        XCTAssertNil(violations(before: before, action: act(action), step: right, configuration: configuration)[name],
                     "the model's own step", file: file, line: line)
        let (after, events) = broken(before, right)
        let why = violations(before: before, action: act(action), step: Step(outcome: .applied, state: after, events: events),
                             configuration: configuration)[name]
        XCTAssertTrue(why?.contains(says) == true, "\(name) on a broken '\(action)': \(why ?? "not caught")", file: file, line: line)
    }

    // MARK: modal-discipline

    func testModalDisciplineJudgesEveryModalChange() {
        let twoSheets = ["present c0 r0 sheet", "present c0 r1 sheet"]
        check("modal-discipline", twoSheets, "dismissAll c0", says: "should be []") { b, r in (b, r.events) }
        check("modal-discipline", ["present c0 r1 sheet"], "close c0", says: "exactly the top modal of c0") { b, r in (b, r.events) }
        check("modal-discipline", twoSheets, "userSwipeDismiss", says: "exactly the top modal of one list") { _, _ in (navModel.initialState(), []) }
        check("modal-discipline", ["present c0 r1 fullScreen"], "restart c0", says: "fullScreen") { b, r in (b, r.events) }
        check("modal-discipline", ["present c0 r0 sheet", "start c0 navigation sheet r1"], "finishFlow c1", says: "sheet:r0") { _, r in
            (navModel.initialState(), r.events)
        }
        check("modal-discipline", [], "start c0 navigation sheet r1", says: "sheet") { _, r in
            (self.edited(r.state) { cs in cs[0].modals = cs[0].modals.map { Modal(.fullScreen, $0.entry) } }, r.events)
        }
        check("modal-discipline", ["present c0 r1 sheet"], "setStack c0 [r1, r0]", says: "c0") { _, r in
            (self.edited(r.state) { cs in cs[0].modals = [] }, r.events)
        }
        check("modal-discipline", ["present c0 r0 sheet"], "multiple c0 [dismiss, push r1]", says: "c0") { b, r in
            (self.edited(r.state) { cs in cs[0].modals = b.coordinators[0].modals }, r.events)
        }
        check("modal-discipline", [], "startStack c0 sheet [r1, r0]", says: "sheet") { _, r in
            (self.edited(r.state) { cs in cs[0].modals = cs[0].modals.map { Modal(.fullScreen, $0.entry) } }, r.events)
        }
        check("modal-discipline", [], "forcePresentation navigation sheet r1", says: "sheet") { _, r in
            (self.edited(r.state) { cs in cs[0].modals = cs[0].modals.map { Modal(.fullScreen, $0.entry) } }, r.events)
        }
        check("modal-discipline", ["start c0 redirection push r1"], "redirectTo c1 present r0 sheet", says: "c0") { _, r in
            (self.edited(r.state) { cs in cs[0].modals = [] }, r.events)
        }
    }

    /// Under `pop-to-presented` a `popTo` inside `multiple` dismisses as a `popTo` alone does:
    /// the model's step is accepted, and one that keeps the sheet is caught.
    func testModalDisciplineFollowsTheDialectInsideMultiple() {
        var configuration = Configuration()
        configuration.dialect = [.popToPresented]
        let model = Model(configuration: configuration)
        check("modal-discipline", ["push c0 r1", "present c0 r0 sheet"], "multiple c0 [popTo r1]", says: "should be []",
              model: model) { b, r in (self.edited(r.state) { cs in cs[0].modals = b.coordinators[0].modals }, r.events) }
    }

    // MARK: root-screen-stable

    func testRootScreenStableJudgesPopAndSetUnderAModal() {
        check("root-screen-stable", ["push c0 r1"], "pop c0", says: "entry 0") { _, r in
            (self.edited(r.state) { cs in cs[0].stack = [scr(1)] }, r.events)
        }
        check("root-screen-stable", ["present c0 r0 sheet"], "set c0 r1", says: "entry 0") { b, r in
            (self.edited(b) { cs in cs[0].stack = [scr(1)] }, r.events)
        }
        // Only its own target's entry 0 may change: a replaceRoot, restart or setStack of a
        // child that rewrites its parent's is caught.
        for action in ["replaceRoot c1 r1", "restart c1", "setStack c1 [r1, r0]"] {
            check("root-screen-stable", ["start c0 navigation sheet r0"], action, says: "entry 0") { _, r in
                (self.edited(r.state) { cs in cs[0].stack = [scr(1)] }, r.events)
            }
        }
    }

    // MARK: completion-exactly-once

    func testCompletionExactlyOnceJudgesSwitchRootAndTheTabAFinishClimbsTo() {
        check("completion-exactly-once", ["start c0 navigation sheet r1"], "switchRoot tab r0", says: "c1") { _, r in
            (r.state, r.events.filter { $0.coordinator != C(1) })
        }
        check("completion-exactly-once", ["start c0 tab sheet r0"], "finishFlow c2", says: "c1") { _, r in
            (r.state, r.events.map { $0.coordinator == C(1) ? Completion(C(1), .cancelled) : $0 })
        }
    }

    // MARK: finishflow-cleans-up

    func testFinishFlowCleansUpJudgesAFlowOnItsParentsRouter() {
        check("finishflow-cleans-up", ["startShared c0 r1", "push c0 r0"], "finishFlow c1", says: "c0's stack") { _, r in
            (self.edited(r.state) { cs in cs[0].stack = [scr(0)] }, r.events)
        }
    }

    // MARK: restart-resets

    func testRestartResetsJudgesTheNewRootOfASwitch() {
        check("restart-resets", [], "switchRoot navigation r1", says: "starts at r0, not r1") { _, r in
            (self.edited(r.state) { cs in
                let i = cs.firstIndex { $0.id == r.state.root }!
                cs[i].initialRoute = R(0)
                cs[i].stack = [scr(0)]
            }, r.events)
        }
        check("restart-resets", ["push c0 r1"], "switchRoot navigation r1", says: "still live") { b, r in
            (State(coordinators: b.coordinators + r.state.coordinators, root: r.state.root), r.events)
        }
    }
}
