import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// The opt-in transitions of docs/SEMANTICS.md §4.7: switchRoot, redirectTo, startShared,
/// setStack, startStack, and the `no-pushed-navigation` dialect.
final class TransitionExtensionTests: XCTestCase {
    let start = navModel.initialState()

    /// A step that must apply and break no invariant.
    @discardableResult
    func clean(_ state: State, _ text: String, model: Model = navModel, file: StaticString = #filePath, line: UInt = #line) -> Step {
        let st = applied(state, text, model: model, file: file, line: line)
        XCTAssertEqual(violations(before: state, action: act(text), step: st, configuration: model.configuration), [:],
                       "'\(text)'", file: file, line: line)
        return st
    }

    // MARK: switchRoot

    func testSwitchRootEndsTheOldTreeAndSetsUpANewRoot() {
        let s = build(["start c0 navigation sheet r1", "push c0 r1"])
        let st = clean(s, "switchRoot tab r0")
        assertEvents(st, [(0, .cancelled), (1, .cancelled)])
        assertState(st.state, [tab(2, pages: [(0, 3), (1, 4)], current: 0),
                               nav(3, parent: 2, stack: [scr(0)]), nav(4, parent: 2, stack: [scr(0)])], root: 2)
        XCTAssertEqual(st.state.top(), C(3))
    }

    func testSwitchRootToNavigationAndRedirection() {
        let st = clean(tabModel.initialState(), "switchRoot navigation r1", model: tabModel)
        assertEvents(st, [(0, .cancelled), (1, .cancelled), (2, .cancelled)])
        assertState(st.state, [nav(3, initial: 1, stack: [scr(1)])], root: 3)
        let r = clean(start, "switchRoot redirection r1").state
        assertState(r, [redir(1, parent: nil, initial: 1, stack: [scr(1)])], root: 1)
        // A redirection root has no parent to redirect to.
        assertRefused(r, "redirect c1 r0 push", .unsupported)
        assertRefused(r, "finishFlow c1", .isRoot)
    }

    func testSwitchRootRefusedOnlyForAnInvalidRoute() {
        assertRefused(start, "switchRoot navigation r2", .invalid)
    }

    func testRestartAppAfterSwitchRootRestartsTheNewRoot() {
        let s = build(["switchRoot navigation r1", "push c1 r0"])
        let st = clean(s, "restartApp")
        assertState(st.state, [nav(1, initial: 1, stack: [scr(1)])], root: 1)
    }

    // MARK: redirectTo

    /// A redirection child pushed (c1) and one presented (c2) by the root.
    var redirections: State { build(["push c0 r1", "start c0 redirection push r1", "start c0 redirection sheet r0"]) }

    func testRedirectToDismissEndsThePresentedChild() {
        let st = clean(redirections, "redirectTo c2 dismiss")
        assertEvents(st, [(2, .cancelled)])
        XCTAssertEqual(st.state[C(0)]?.modals, [])
    }

    func testRedirectToPopAndPopToRoot() {
        let pop = clean(redirections, "redirectTo c1 pop")
        assertEvents(pop, [(1, .cancelled)])
        XCTAssertEqual(pop.state[C(0)]?.stack, [scr(0), scr(1)])
        let toRoot = clean(redirections, "redirectTo c2 popToRoot")
        assertEvents(toRoot, [(1, .cancelled)])
        XCTAssertEqual(toRoot.state[C(0)]?.stack, [scr(0)])
        XCTAssertEqual(toRoot.state[C(0)]?.modals, [modal(.sheet, kid(2))])
    }

    func testRedirectToSetRootReplaceRootAndNone() {
        let set = clean(redirections, "redirectTo c2 set r1")
        assertEvents(set, [(2, .cancelled)])
        XCTAssertEqual(set.state[C(0)]?.modals, [modal(.sheet, scr(1))])
        let root = clean(redirections, "redirectTo c1 replaceRoot r1")
        XCTAssertEqual(root.state[C(0)]?.stack, [scr(1), scr(1), kid(1)])
        let setRoot = clean(redirections, "redirectTo c2 setRoot r1")
        assertEvents(setRoot, [(1, .cancelled)])
        XCTAssertEqual(setRoot.state[C(0)]?.stack, [scr(1)])
        XCTAssertEqual(clean(redirections, "redirectTo c1 none").state, redirections)
    }

    func testRedirectToMultipleIsAtomic() {
        let st = clean(redirections, "redirectTo c2 multiple [replaceRoot r1, dismiss]")
        assertEvents(st, [(2, .cancelled)])
        XCTAssertEqual(st.state[C(0)]?.stack, [scr(1), scr(1), kid(1)])
        XCTAssertEqual(st.state[C(0)]?.modals, [])
        assertRefused(redirections, "redirectTo c2 multiple [dismiss, dismiss]", .nothingPresented)
    }

    func testRedirectToRefusals() {
        assertRefused(redirections, "redirectTo c1 set r2", .invalid)
        assertRefused(redirections, "redirectTo c9 dismiss", .noSuchCoordinator)
        assertRefused(redirections, "redirectTo c0 dismiss", .unsupported)
        // The parent's own refusals pass through.
        assertRefused(build(["start c0 redirection sheet r0"]), "redirectTo c1 pop", .atRoot)
        let underTab = build(["start c0 redirection sheet r0"], model: tabModel, from: tabModel.initialState())
        assertRefused(underTab, "redirectTo c3 pop", .unsupported, model: tabModel)
    }

    func testRedirectToTextRejectsNonRouterParts() {
        XCTAssertThrowsError(try Action(parsing: "redirectTo c1 restart"))
        XCTAssertThrowsError(try Action(parsing: "redirectTo c1 multiple [restart]"))
        XCTAssertEqual(try Action(parsing: "redirectTo c1 multiple [replaceRoot r0, dismiss]"),
                       .redirectTo(C(1), .multiple(C(1), [.replaceRoot(C(1), R(0)), .dismiss(C(1))])))
    }

    // MARK: startShared

    func testStartSharedHostsAFlowOnTheParentsRouter() {
        let st = clean(start, "startShared c0 r1")
        assertEvents(st, [])
        var shared = nav(1, parent: 0, initial: 1, stack: [scr(1)])
        shared.sharesRouter = true
        assertState(st.state, [nav(0, children: [1], stack: [scr(0), kid(1)]), shared])
        XCTAssertEqual(st.state.description, "c0 navigation stack [r0, c1]\n  c1 navigation (shared) initial r1 stack [r1]   <- visible")
        assertRefused(tabModel.initialState(), "startShared c0 r1", .unsupported, model: tabModel)
        assertRefused(start, "startShared c0 r2", .invalid)
        assertRefused(start, "startShared c3 r0", .noSuchCoordinator)
    }

    func testSharedFinishPopsItsOwnScreensOnly() {
        let s = build(["startShared c0 r1", "push c1 r0", "push c0 r0"])
        let st = clean(s, "finishFlow c1")
        assertEvents(st, [(1, .finished)])
        assertState(st.state, [nav(0, stack: [scr(0), scr(0)])])
        // A flow with a router of its own takes the parent's screens above it too.
        let own = clean(build(["start c0 navigation push r1", "push c0 r0"]), "finishFlow c1")
        assertState(own.state, [nav(0, stack: [scr(0)])])
    }

    func testBackOnASharedFlowsFirstScreenEndsIt() {
        let s = build(["startShared c0 r1", "push c1 r0"])
        let back = clean(s, "userBack")
        assertEvents(back, [])
        let end = clean(back.state, "userBack")
        assertEvents(end, [(1, .cancelled)])
        assertState(end.state, [nav(0, stack: [scr(0)])])
    }

    func testSharedFlagIsPartOfTheState() {
        let shared = build(["startShared c0 r1"]), own = build(["start c0 navigation push r1"])
        XCTAssertFalse(shared.isSameState(as: own))
        XCTAssertEqual(State(canonicalEncoding: shared.canonicalEncoding()), shared.canonicalized())
        XCTAssertEqual(try Snapshot(shared).state(), shared)
        XCTAssertTrue(build(["restart c1"], from: shared)[C(1)]?.sharesRouter == true, "restart keeps the flow on its parent's router")
    }

    // MARK: setStack and startStack

    func testSetStackReplacesTheWholeStack() {
        let s = build(["start c0 navigation push r1", "present c0 r1 sheet"])
        let st = clean(s, "setStack c0 [r1,r0,r1]")
        assertEvents(st, [(1, .cancelled)])
        assertState(st.state, [nav(0, stack: [scr(1), scr(0), scr(1)], modals: [modal(.sheet, scr(1))])])
        assertRefused(start, "setStack c0 []", .invalid)
        assertRefused(start, "setStack c0 [r0,r2]", .invalid)
        assertRefused(build(["start c0 redirection sheet r0"]), "setStack c1 [r0,r1]", .unsupported)
    }

    func testStartStackStartsWithSeveralScreens() {
        let st = clean(start, "startStack c0 sheet [r1,r0]")
        assertState(st.state, [nav(0, children: [1], stack: [scr(0)], modals: [modal(.sheet, kid(1))]),
                               nav(1, parent: 0, initial: 1, stack: [scr(1), scr(0)])])
        // restart returns to the first of them.
        let restarted = clean(st.state, "restart c1").state
        XCTAssertEqual(restarted[C(1)]?.stack, [scr(1)])
        assertRefused(tabModel.initialState(), "startStack c0 push [r0,r1]", .unsupported, model: tabModel)
        XCTAssertEqual(applied(tabModel.initialState(), "startStack c0 fullScreen [r0,r1]", model: tabModel).state[C(3)]?.stack,
                       [scr(0), scr(1)])
        assertRefused(start, "startStack c0 push []", .invalid)
    }

    // MARK: no-pushed-navigation

    func testNoPushedNavigationRefusesPushingANavigationFlow() {
        let model = Model(configuration: Configuration(dialect: .noPushedNavigation))
        assertRefused(start, "start c0 navigation push r1", .unsupported, model: model)
        assertRefused(start, "startStack c0 push [r0,r1]", .unsupported, model: model)
        clean(start, "start c0 redirection push r1", model: model)
        clean(start, "start c0 navigation sheet r1", model: model)
        clean(start, "startShared c0 r1", model: model)
        XCTAssertEqual(Dialect(names: "no-pushed-navigation"), .noPushedNavigation)
    }

    // MARK: text form and domain

    func testTextRoundTrips() {
        for text in ["switchRoot tab r0", "redirectTo c1 dismiss", "redirectTo c1 popTo r1", "redirectTo c2 multiple [pop, push r1]",
                     "startShared c0 r1", "setStack c0 [r1,r0]", "startStack c3 fullScreen [r0,r1]"] {
            XCTAssertEqual(act(text).description, text)
        }
    }

    func testDomainEnumeratesTransitionsOnlyWhenAsked() {
        let plain = Preset.small.domain, extended = Preset.transitions.domain
        var a: [Action] = [], b: [Action] = []
        plain.actions(in: start, into: &a)
        extended.actions(in: start, into: &b)
        XCTAssertFalse(a.contains { $0.name.isTransitionExtension })
        // Per coordinator 12 redirects, 2 shared starts, 2 stacks, 6 stack starts; 5 root switches.
        XCTAssertEqual(b.count - a.count, 22 + 5)
        XCTAssertEqual(Set(b.map(\.name)), Set(ActionName.allCases).subtracting([.none, .multiple]))
    }
}

/// Each new kind of bug, planted as a fault, is caught by its invariant; the correct model
/// passes the same trace.
final class TransitionFaultTests: XCTestCase {
    func check(_ fault: Fault, _ trace: [String], _ invariant: String, file: StaticString = #filePath, line: UInt = #line) {
        let faulty = traceViolations(trace, model: Model(fault: fault))
        XCTAssertNotNil(faulty[invariant], "\(fault.rawValue) should break \(invariant); broke \(faulty)", file: file, line: line)
        XCTAssertEqual(traceViolations(trace, model: Model()), [:], file: file, line: line)
    }

    func testSwitchRootKeepsOldFlow() {
        check(.switchRootKeepsOldFlow, ["start c0 navigation sheet r1", "switchRoot tab r0"], "restart-resets")
        check(.switchRootKeepsOldFlow, ["switchRoot navigation r1"], "tree-consistent")
    }

    func testRedirectActsOnSelf() {
        check(.redirectActsOnSelf, ["start c0 redirection sheet r1", "redirectTo c1 set r0"], "modal-discipline")
        check(.redirectActsOnSelf, ["start c0 redirection push r1", "redirectTo c1 replaceRoot r0"], "root-screen-stable")
    }

    func testSharedFinishPopsParent() {
        check(.sharedFinishPopsParent, ["startShared c0 r1", "push c0 r0", "finishFlow c1"], "finishflow-cleans-up")
    }
}

/// Under `no-pushed-navigation` a child is hosted in a stack only by `startShared` or a pushed
/// redirection, so the state where the back button ends a child needs one of those.
final class TransitionSometimesTests: XCTestCase {
    func testBackEndsAChildNeedsWhatCanStillPushAChild() {
        guard let back = SometimesProperty.all.first(where: { $0.name == "back-ends-a-child" }) else { return XCTFail("no back-ends-a-child") }
        XCTAssertEqual(back.needs(in: .strict, kinds: [.navigation]), [.start, .startShared, .startStack])
        XCTAssertEqual(back.needs(in: .noPushedNavigation, kinds: [.navigation]), [.startShared])
        XCTAssertEqual(back.needs(in: .noPushedNavigation, kinds: [.navigation, .redirection]), [.start, .startShared])
        // The state itself: a shared flow's first screen, visible.
        XCTAssertTrue(back.holds(build(["startShared c0 r1"])))
    }
}
