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
    #expect(result.report.failure("no-leak")?.trace.map(\.description) == ["start c0 navigation sheet r0", "finishFlow c1"],
            "\(result.failureMessage)")
}
