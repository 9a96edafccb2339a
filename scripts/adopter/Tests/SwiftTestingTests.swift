import AppNavFuzz
import NavFuzzTesting
import Testing

@Test func conformsInProcess() async {
    await expectConformance(TemplateAdapter(makeFlow: { ScreenFlow() }))
}

@Test func conformsInAChildProcess() async {
    await expectConformance(TemplateAdapter(makeFlow: { ScreenFlow() }), options: Verifier.Options(runIn: .childProcess))
}

@Test func conformsThroughTheDriver() async {
    await expectConformance(driver: .command(".build/debug/AppDriver"))
}
