import CoordinatorModel
import NavFuzzTesting
import Testing

// docs/VERIFY.md §8 quotes this file.

@Test func modernCoordinatorsConformToTheModel() async {
    await expectConformance(ModernCoordinatorSystem())
}

/// The library built with XCoordinator's old bug (a flow popped by the back button stayed its
/// parent's child): the default run finds it in two steps. (It stops there, as a test of one
/// bug may: the rest of the run would look for others.)
@Test func aChildTheBackButtonPoppedIsCaught() {
    let result = verifyConformance(ModernCoordinatorSystem(backLeavesChild: true), options: .init(stopAtFirstFailure: true))
    #expect(result.report.failure("no-orphan-children")?.trace.map(\.description) == ["start c0 navigation push r0", "userBack"],
            "\(result.failureMessage)")
}
