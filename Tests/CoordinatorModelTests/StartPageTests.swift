import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// A tab set up showing a chosen page (docs/SEMANTICS.md §2.2): SUICoordinator's
/// `DefaultTabCoordinator(initialPage:)`.
final class StartPageTests: XCTestCase {
    let onSecond = Model(configuration: Configuration(rootKind: .tab, startPage: P(1)))

    func testATabRootStartsOnItsStartPage() {
        let s = onSecond.initialState()
        assertState(s, [tab(0, pages: [(0, 1), (1, 2)], current: 1), nav(1, parent: 0, stack: [scr(0)]), nav(2, parent: 0, stack: [scr(0)])])
        XCTAssertEqual(s.top(), C(2), "the start page's flow is the one shown")
        XCTAssertEqual(tabModel.initialState().coordinator(at: 0).tab?.current, P(0), "without a start page: the first")
    }

    func testEveryTabSetUpShowsTheStartPage() {
        let model = Model(configuration: Configuration(startPage: P(1)))
        let started = applied(model.initialState(), "start c0 tab sheet r0", model: model).state
        XCTAssertEqual(started[C(1)]?.tab?.current, P(1), "a tab child")
        let selected = applied(onSecond.initialState(), "select c0 p0", model: onSecond).state
        XCTAssertEqual(applied(selected, "restart c0", model: onSecond).state[C(0)]?.tab?.current, P(1), "restart")
        XCTAssertEqual(applied(selected, "restartApp", model: onSecond).state[C(0)]?.tab?.current, P(1), "restartApp")
        XCTAssertEqual(applied(selected, "setPages c0 [p1,p0]", model: onSecond).state[C(0)]?.tab?.current, P(0),
                       "setPages keeps its own rule: the old current when kept")
    }

    /// restart-resets catches a restart that shows the first page instead of the start page.
    func testRestartResetsCatchesARestartOnTheFirstPage() {
        let before = applied(onSecond.initialState(), "select c0 p0", model: onSecond).state
        let right = applied(before, "restart c0", model: onSecond)
        XCTAssertEqual(violations(before: before, action: act("restart c0"), step: right, configuration: onSecond.configuration), [:])
        var wrong = right
        wrong.state = applied(right.state, "select c0 p0", model: onSecond).state
        let found = violations(before: before, action: act("restart c0"), step: wrong, configuration: onSecond.configuration)
        XCTAssertEqual(Array(found.keys), ["restart-resets"])
        XCTAssertTrue(found["restart-resets"]?.contains("p1 current") == true, "\(found)")
    }

    func testTheStartPageMustBeAnInitialPage() {
        XCTAssertNil(Configuration(rootKind: .tab, startPage: P(1)).problem)
        XCTAssertEqual(Configuration(pageCount: 3, rootKind: .tab, startPage: P(2)).problem, "start page p2 is not one of the initial pages")
    }

    func testTheStartPagePreset() {
        let preset = Preset.named("start-page")
        XCTAssertEqual(preset?.configuration.startPage, P(1))
        XCTAssertEqual(preset?.configuration.rootKind, .tab)
        XCTAssertEqual(preset?.bounds, Preset.smallTab.bounds)
        XCTAssertEqual(preset?.domain, Preset.smallTab.domain)
        XCTAssertNil(preset?.maxDepth, "complete")
        XCTAssertTrue(Preset.all.allSatisfy { $0.configuration.startPage == nil }, "the pinned presets start on their first page")
    }

    /// Exploration copies the configuration with every state: the start page fills padding.
    func testTheStartPageAddsNoBytesToTheConfiguration() {
        #if arch(x86_64) || arch(arm64)
        XCTAssertEqual(MemoryLayout<Configuration>.size, 48)
        #endif
    }
}
