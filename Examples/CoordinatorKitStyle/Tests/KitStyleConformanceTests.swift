import CoordinatorModel
import NavFuzzTesting
import Testing

// docs/VERIFY.md §8 quotes this file.

@Test func flowsConformToTheModel() async {
    await expectConformance(KitStyleSystem())
}

/// The library built with Stinsen's old bug (a parent keeps the flows that finished, and each
/// flow holds its parent strongly): the default run finds a finished flow still alive after
/// two steps, though both sides show the same screens. (It stops there, as a test of one bug
/// may: the rest of the run would look for others.)
@Test func aFinishedFlowThatStaysAliveIsCaught() {
    let result = verifyConformance(KitStyleSystem(keepsFinishedFlows: true), options: .init(stopAtFirstFailure: true))
    #expect(result.failure(.noLeak)?.trace.map(\.description) == ["startShared c0 r0", "finishFlow c1"],
            "\(result.failureMessage)")
}

/// The library built with a `RootRouter` that keeps the old root flow instead of cancelling it:
/// the old flow never hears that it ended and stays alive. The default run finds it at the
/// first root switch. (It stops there, as a test of one bug may.)
@Test func aRootSwitchThatKeepsTheOldFlowIsCaught() {
    let result = verifyConformance(KitStyleSystem(keepsOldRootFlow: true), options: .init(stopAtFirstFailure: true))
    #expect(result.failure(.invariant("completion-exactly-once"))?.trace.map(\.description) == ["switchRoot navigation r0"],
            "\(result.failureMessage)")
    // The old flow's objects stay alive: `restart-resets` says so too (docs/SEMANTICS.md §5.2).
    #expect(result.failure(.invariant("restart-resets"))?.reason == "c0 of the old root flow is still alive after 'switchRoot navigation r0'",
            "\(result.failureMessage)")
}

/// The library built with a finish that pops back to the screen under a flow on its parent's
/// router, taking what the parent pushed after the flow. The default run takes `finishFlow` on
/// a flow on its parent's router at each position on the stack (position goals, docs/VERIFY.md
/// §1, Positions) and finds it in three steps: the first of two flows finishes, the second goes too.
@Test func aSharedFlowWhoseFinishPopsItsParentsScreensIsCaught() {
    let result = verifyConformance(KitStyleSystem(sharedFinishPopsParent: true), options: .init(stopAtFirstFailure: true))
    #expect(result.failure(.snapshotConforms)?.trace.map(\.description) == ["startShared c0 r0", "start c0 navigation push r0", "finishFlow c1"],
            "\(result.failureMessage)")
}

