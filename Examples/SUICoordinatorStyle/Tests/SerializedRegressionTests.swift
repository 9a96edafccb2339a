import NavFuzzTesting
import SUIStyleAdapter
import Testing

// docs/VERIFY.md §3 quotes this file: pasted regression tests of a library with process-wide
// state run one at a time.

/// Tests of a library with process-wide state, one at a time.
@Suite(.serialized) struct SerializedRegressionTests {
    @Test func noOrphanChildrenAfterUserBack() async {
        await expectConformance(SUICoordinatorSystem(), options: .replaying([
            "start c0 navigation push r0",
            "userBack",
        ]))
    }
}
