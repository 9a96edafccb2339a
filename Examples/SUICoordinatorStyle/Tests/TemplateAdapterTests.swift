import NavFuzzTesting
import SUIStyleCoordinators
import Testing

// docs/VERIFY.md §2 quotes this file.

@Test func theTemplateAdapterConforms() async {
    await expectConformance(TemplateAdapter(makeFlow: { ScreenFlow() }))
}
