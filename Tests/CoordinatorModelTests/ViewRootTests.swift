import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// A view root (docs/SEMANTICS.md §2.2): the app's coordinator shows one screen, with no stack
/// of its own to push on, as CoordinatorX's `ViewCoordinator` app coordinator does.
final class ViewRootTests: XCTestCase {
    let viewModel = Model(configuration: Configuration(rootKind: .redirection))

    func testAViewRootShowsOneScreenAndCannotPush() {
        let s = viewModel.initialState()
        assertState(s, [redir(0, parent: nil, stack: [scr(0)])])
        assertRefused(s, "push c0 r1", .unsupported, model: viewModel)
        assertRefused(s, "pop c0", .unsupported, model: viewModel)
        assertRefused(s, "start c0 navigation push r1", .unsupported, model: viewModel)
        assertRefused(s, "redirect c0 r1 sheet", .unsupported, model: viewModel)
        assertRefused(s, "redirectTo c0 dismiss", .unsupported, model: viewModel)
        assertRefused(s, "finishFlow c0", .isRoot, model: viewModel)
    }

    func testAViewRootPresentsReplacesItsScreenAndRestarts() {
        let s = build(["present c0 r1 sheet", "start c0 navigation fullScreen r1"], model: viewModel)
        assertState(s, [redir(0, parent: nil, children: [1], stack: [scr(0)], modals: [modal(.sheet, scr(1)), modal(.fullScreen, kid(1))]),
                        nav(1, parent: 0, initial: 1, stack: [scr(1)])])
        let set = applied(viewModel.initialState(), "set c0 r1", model: viewModel).state
        assertState(set, [redir(0, parent: nil, stack: [scr(1)])])
        let restarted = applied(s, "restartApp", model: viewModel).state
        XCTAssertEqual(restarted.coordinators.map(\.kind), [.redirection], "restartApp sets the view root up again")
        XCTAssertEqual(restarted[restarted.root]?.stack, [scr(0)])
    }

    func testTheViewRootPreset() {
        let preset = Preset.named("view-root")
        XCTAssertEqual(preset?.configuration.rootKind, .redirection)
        XCTAssertNil(preset?.configuration.problem, "a usable configuration")
        XCTAssertEqual(preset?.bounds, Preset.small.bounds)
        XCTAssertEqual(preset?.domain, Preset.small.domain)
        XCTAssertNil(preset?.maxDepth, "complete")
        XCTAssertTrue(Preset.all.allSatisfy { $0.configuration.rootKind != .redirection }, "the pinned presets keep their roots")
    }
}
