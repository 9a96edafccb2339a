import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// A root that presents a child as it starts (docs/SEMANTICS.md §2.2): ALCoordinator's
/// `MainCoordinator.start()` navigating to an onboarding flow full screen.
final class LaunchTests: XCTestCase {
    let onboarding = Launch(kind: .navigation, style: .fullScreen, route: R(1))
    var launchModel: Model { Model(configuration: Configuration(launch: onboarding)) }

    /// A step that must apply and break no invariant.
    @discardableResult
    func clean(_ state: State, _ text: String, model: Model, file: StaticString = #filePath, line: UInt = #line) -> Step {
        let st = applied(state, text, model: model, file: file, line: line)
        XCTAssertEqual(violations(before: state, action: act(text), step: st, configuration: model.configuration), [:],
                       "'\(text)'", file: file, line: line)
        return st
    }

    // MARK: The initial state

    func testTheInitialStatePresentsTheLaunchChild() {
        let s = launchModel.initialState()
        assertState(s, [nav(0, children: [1], stack: [scr(0)], modals: [modal(.fullScreen, kid(1))]),
                        nav(1, parent: 0, initial: 1, stack: [scr(1)])])
        XCTAssertEqual(s.description, "c0 navigation stack [r0] modals [fullScreen c1]\n  c1 navigation (fullScreen) initial r1 stack [r1]   <- visible")
        XCTAssertEqual(s.nextID, 2)
        for inv in Invariant.stateInvariants { XCTAssertNil(inv.violation(in: s), inv.name) }
        // It is the state `start` reaches from a root without a launch: no event marks it.
        XCTAssertEqual(s, applied(navModel.initialState(), "start c0 navigation fullScreen r1").state)
        XCTAssertEqual(Model().initialState().count, 1, "no launch, no launch child")
    }

    func testATabRootAndATabLaunchChild() {
        let model = Model(configuration: Configuration(rootKind: .tab, launch: Launch(kind: .tab, style: .sheet, route: R(0))))
        let s = model.initialState()
        assertState(s, [tab(0, children: [1, 2, 3], pages: [(0, 1), (1, 2)], current: 0, modals: [modal(.sheet, kid(3))]),
                        nav(1, parent: 0, stack: [scr(0)]), nav(2, parent: 0, stack: [scr(0)]),
                        tab(3, parent: 0, pages: [(0, 4), (1, 5)], current: 0),
                        nav(4, parent: 3, stack: [scr(0)]), nav(5, parent: 3, stack: [scr(0)])])
        XCTAssertEqual(s.top(), C(4))
        let restarted = clean(s, "restartApp", model: model)
        assertEvents(restarted, [(1, .cancelled), (2, .cancelled), (3, .cancelled), (4, .cancelled), (5, .cancelled)])
        XCTAssertEqual(restarted.state[C(0)]?.modals, [modal(.sheet, kid(8))])
        XCTAssertEqual(restarted.state[C(8)]?.tab?.pageCoordinators, [C(9), C(10)])
    }

    // MARK: restartApp and restart

    func testRestartAppPresentsTheLaunchChildAgain() {
        let s = build(["push c1 r0", "push c0 r1"], model: launchModel)
        let st = clean(s, "restartApp", model: launchModel)
        assertEvents(st, [(1, .cancelled)])
        assertState(st.state, [nav(0, children: [2], stack: [scr(0)], modals: [modal(.fullScreen, kid(2))]),
                               nav(2, parent: 0, initial: 1, stack: [scr(1)])])
        XCTAssertTrue(st.state.isSameState(as: launchModel.initialState()))
    }

    func testRestartAppAfterTheLaunchChildFinishedPresentsItWithNoEvent() {
        let finished = clean(launchModel.initialState(), "finishFlow c1", model: launchModel)
        assertEvents(finished, [(1, .finished)])
        assertState(finished.state, [nav(0, stack: [scr(0)])])
        let st = clean(finished.state, "restartApp", model: launchModel)
        assertEvents(st, [])
        XCTAssertEqual(st.state[C(0)]?.modals, [modal(.fullScreen, kid(2))])
    }

    /// `restart` sets up a coordinator's own flow; only `restartApp` runs the launch again.
    func testRestartOfTheRootDoesNotLaunch() {
        let st = clean(launchModel.initialState(), "restart c0", model: launchModel)
        assertEvents(st, [(1, .cancelled)])
        assertState(st.state, [nav(0, stack: [scr(0)])])
    }

    /// After `switchRoot` the app's restart restarts the new root and presents the launch
    /// child on it; the switch itself presents none.
    func testRestartAppAfterSwitchRootLaunchesOnTheNewRoot() {
        let switched = clean(launchModel.initialState(), "switchRoot tab r0", model: launchModel)
        assertEvents(switched, [(0, .cancelled), (1, .cancelled)])
        XCTAssertEqual(switched.state[C(2)]?.modals, [])
        let st = clean(switched.state, "restartApp", model: launchModel)
        assertEvents(st, [(3, .cancelled), (4, .cancelled)])
        XCTAssertEqual(st.state[C(2)]?.modals, [modal(.fullScreen, kid(7))])
        XCTAssertEqual(st.state[C(7)], nav(7, parent: 2, initial: 1, stack: [scr(1)]))
    }

    // MARK: Actions on the launch child

    func testTheLaunchChildIsAPresentedChildLikeAnyOther() {
        let s = launchModel.initialState()
        assertRefused(s, "userSwipeDismiss", .notDismissible, model: launchModel)
        assertRefused(s, "finishFlow c0", .isRoot, model: launchModel)
        assertEvents(clean(s, "dismiss c0", model: launchModel), [(1, .cancelled)])
        XCTAssertEqual(clean(s, "push c1 r0", model: launchModel).state[C(1)]?.stack, [scr(1), scr(0)])
        // A sheet at launch can be swiped away.
        let sheet = Model(configuration: Configuration(launch: Launch(kind: .navigation, style: .sheet, route: R(0))))
        let swiped = clean(sheet.initialState(), "userSwipeDismiss", model: sheet)
        assertEvents(swiped, [(1, .cancelled)])
        assertState(swiped.state, [nav(0, stack: [scr(0)])])
    }

    // MARK: Configuration and text

    func testOnlyAPresentedLaunchWithARouteOfTheAlphabetIsUsable() {
        XCTAssertNil(Configuration(launch: onboarding).problem)
        XCTAssertEqual(Configuration(launch: Launch(kind: .navigation, style: .push, route: R(1))).problem,
                       "the launch child must be presented in a modal style, not push")
        XCTAssertEqual(Configuration(launch: Launch(kind: .redirection, style: .sheet, route: R(2))).problem,
                       "launch route r2 is outside the route alphabet")
        XCTAssertNil(Configuration(routeCount: 3, launch: Launch(kind: .redirection, style: .sheet, route: R(2))).problem)
    }

    func testLaunchTextRoundTripsAndNamesTheColumn() throws {
        for text in ["navigation fullScreen r1", "tab sheet r0", "redirection custom r12"] {
            XCTAssertEqual(try Launch(parsing: text).description, text)
        }
        XCTAssertEqual(try Launch(parsing: " navigation\tfullScreen  r1 "), onboarding)
        func error(_ text: String) -> TextFormError? {
            do { _ = try Launch(parsing: text); return nil } catch { return error }
        }
        XCTAssertEqual(error("navigation push r1"), TextFormError(column: 12, message: "expected a modal style (sheet, detents, fullScreen, overlay, custom), found 'push'"))
        XCTAssertEqual(error("flow sheet r1")?.column, 1)
        XCTAssertEqual(error("navigation sheet r01")?.column, 18)
        XCTAssertEqual(error("navigation sheet r1 r0"), TextFormError(column: 21, message: "expected the end of the launch, found 'r0'"))
        XCTAssertEqual(error("navigation sheet"), TextFormError(column: 17, message: "expected a route like r0, found the end of the line"))
    }

    /// Exploration copies the configuration with every state: the launch fills its padding.
    func testTheLaunchAddsNoBytesToTheConfiguration() {
        XCTAssertEqual(MemoryLayout<Launch?>.size, 3)
        #if arch(x86_64) || arch(arm64)
        XCTAssertEqual(MemoryLayout<Configuration>.size, 48, "two counts, root, dialect, launch, packed pages, a list pointer")
        #endif
    }

    func testTheLaunchPresetStartsFromTheLaunch() {
        XCTAssertEqual(Preset.named("launch")?.configuration.launch, onboarding)
        XCTAssertTrue(Preset.all.allSatisfy { $0.configuration.launch == nil }, "the pinned presets have no launch")
        XCTAssertEqual(Preset.launch.domain, Preset.ci.domain)
        XCTAssertEqual(Preset.launch.bounds, Preset.ci.bounds)
        XCTAssertEqual(Preset.launch.maxDepth, 4)
    }
}

/// `modal-discipline` and `restart-resets` on a `restartApp` with a launch: the root must
/// present a new launch child, set up as new, and nothing else.
final class LaunchInvariantTests: XCTestCase {
    let configuration = Configuration(launch: Launch(kind: .navigation, style: .fullScreen, route: R(1)))
    var model: Model { Model(configuration: configuration) }

    func broken(_ before: State, _ after: [Coordinator], _ events: [Completion] = []) -> [String: String] {
        let t = transition(before, "restartApp", .applied, State(coordinators: after, root: C(0)), events, configuration: configuration)
        var out: [String: String] = [:]
        for inv in Invariant.all { if let why = inv.violation(in: t) { out[inv.name] = why } }
        return out
    }

    func testARestartAppThatPresentsNothingIsCaught() {
        let v = broken(model.initialState(), [nav(0, stack: [scr(0)])], [Completion(C(1), .cancelled)])
        XCTAssertEqual(v["modal-discipline"], "c0's modals should be a new launch child (navigation fullScreen r1) only, are []")
        XCTAssertEqual(v["restart-resets"], "c0 should present a new launch child (navigation fullScreen r1) and nothing else after restartApp, presents []")
    }

    func testARestartAppThatKeepsTheOldLaunchChildIsCaught() {
        let v = broken(model.initialState(), model.initialState().coordinators)
        XCTAssertNotNil(v["modal-discipline"])
        XCTAssertNotNil(v["restart-resets"])
    }

    func testALaunchChildNotSetUpAsNewIsCaught() {
        let s = model.initialState()
        let wrongRoute = broken(s, [nav(0, children: [2], stack: [scr(0)], modals: [modal(.fullScreen, kid(2))]),
                                    nav(2, parent: 0, stack: [scr(0)])], [Completion(C(1), .cancelled)])
        XCTAssertEqual(wrongRoute["restart-resets"], "the launch child c2 starts at r0, not r1")
        let pushed = broken(s, [nav(0, children: [2], stack: [scr(0)], modals: [modal(.fullScreen, kid(2))]),
                                nav(2, parent: 0, initial: 1, stack: [scr(1), scr(0)])], [Completion(C(1), .cancelled)])
        XCTAssertEqual(pushed["restart-resets"], "the launch child: c2's stack is [r1, r0] after restart, not [r1]")
        let sheet = broken(s, [nav(0, children: [2], stack: [scr(0)], modals: [modal(.sheet, kid(2))]),
                               nav(2, parent: 0, initial: 1, stack: [scr(1)])], [Completion(C(1), .cancelled)])
        XCTAssertNotNil(sheet["modal-discipline"])
        XCTAssertNotNil(sheet["restart-resets"])
        // The same step as the model takes it breaks nothing.
        XCTAssertEqual(broken(s, [nav(0, children: [2], stack: [scr(0)], modals: [modal(.fullScreen, kid(2))]),
                                  nav(2, parent: 0, initial: 1, stack: [scr(1)])], [Completion(C(1), .cancelled)]), [:])
    }

    /// Without a launch, `restartApp` presenting anything is still wrong.
    func testWithoutALaunchRestartAppPresentsNothing() {
        let t = transition(navModel.initialState(), "restartApp", .applied, model.initialState())
        XCTAssertNotNil(Invariant.named("restart-resets")?.violation(in: t))
        XCTAssertNotNil(Invariant.named("modal-discipline")?.violation(in: t))
    }

    func testTheFaultPresentsTheLaunchChildOverTheOld() {
        let faulty = Model(configuration: configuration, fault: .launchChildTwice)
        let st = faulty.step(faulty.initialState(), act("restartApp"))
        XCTAssertEqual(st.state[C(0)]?.modals, [modal(.fullScreen, kid(1)), modal(.fullScreen, kid(2))])
        XCTAssertEqual(st.events, [])
        let v = traceViolations(["restartApp"], model: faulty)
        XCTAssertNotNil(v["restart-resets"])
        XCTAssertNotNil(v["modal-discipline"])
        // Without a launch the fault has nothing to present twice.
        XCTAssertEqual(traceViolations(["present c0 r1 sheet", "restartApp"], model: Model(fault: .launchChildTwice)), [:])
        XCTAssertTrue(Fault.launchChildTwice.needsLaunch)
        XCTAssertFalse(Fault.launchChildTwice.needsTransitions)
    }
}
