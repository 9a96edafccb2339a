import SUIStyleAdapter
import NavFuzzTesting
import Testing

// docs/VERIFY.md §3 quotes this file.

@Test func coordinatorsConformToTheModel() async {
    await expectConformance(SUICoordinatorSystem())
}

/// A trace NavFuzz printed, pasted as it is: it fails while the bug is there.
@Test func noOrphanChildrenAfterUserSwipeDismiss() async {
    await expectConformance(SUICoordinatorSystem(), options: .replaying([
        "start c0 navigation sheet r0",
        "userSwipeDismiss",
    ]))
}
