import CoordinatorModel
import NavFuzzKit
import NavFuzzTesting
import Testing

// docs/VERIFY.md §8 quotes this file.

/// Paths of two actions rather than the default three keep the suite short: without saved
/// states every state explored is replayed from reset.
@Test func alCoordinatorsConformToTheModel() async {
    await expectConformance(ALCoordinatorSystem(), options: Verifier.Options(depth: 2))
}

/// The library built with ALCoordinator's old bug (a tap on the tab bar changed the tab shown
/// but not `currentPage`): the default run finds it at the first tap, on a tab bar presented
/// as a sheet. (It stops there, as a test of one bug may: the rest of the run would look for
/// others.)
@Test func aTabTapThatKeepsTheCurrentPageIsCaught() {
    let result = verifyConformance(ALCoordinatorSystem(tapKeepsCurrentPage: true), options: .init(stopAtFirstFailure: true))
    #expect(result.report.failure(.snapshotConforms)?.trace.map(\.description) == ["start c0 tab sheet r0", "userSelectTab p1"], "\(result.failureMessage)")
}
