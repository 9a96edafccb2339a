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
    #expect(result.failure(.invariant("no-orphan-children"))?.trace.map(\.description) == ["start c0 navigation push r0", "userBack"],
            "\(result.failureMessage)")
}

/// The library that refuses to push a coordinator's navigation controller (UIKit does not push
/// one onto another) conforms in the `no-pushed-navigation` dialect, which its adapter declares.
@Test func aLibraryThatRefusesNavigationPushesConformsInItsDialect() async {
    await expectConformance(ModernCoordinatorSystem(navigationPush: .refuse), options: .init(depth: 2))
}

/// The library built to adopt such a coordinator and return early without showing it, as one
/// that checks too late does: the push changed nothing where the model pushes, and the default
/// run finds it at the first pushed flow.
@Test func aNavigationPushIgnoredWithoutAWordIsCaught() {
    let result = verifyConformance(ModernCoordinatorSystem(navigationPush: .ignoreSilently), options: .init(stopAtFirstFailure: true))
    #expect(result.failure(.snapshotConforms)?.trace.map(\.description) == ["start c0 navigation push r0"], "\(result.failureMessage)")
}

/// An app that also has coordinators over a plain view controller (ModernCoordinator's "UIViewController
/// have only present, dismiss transition"): as children and as its root, a view root. Its
/// adapter declares no `setRoot`, which such a coordinator does not have.
@Test func coordinatorsOverAPlainViewControllerConform() async {
    await expectConformance(ModernCoordinatorSystem(screenCoordinators: true))
}

/// The library built with a plain view controller's `dismiss` that is UIKit's own: with
/// nothing presented it dismisses the view controller itself, and the coordinator's screen
/// goes. The default run finds it at the first such coordinator presented.
@Test func aDismissThatClosesTheCoordinatorsOwnScreenIsCaught() {
    let result = verifyConformance(ModernCoordinatorSystem(screenCoordinators: true, dismissesItself: true), options: .init(stopAtFirstFailure: true))
    #expect(result.failure(.snapshotConforms)?.trace.map(\.description) == ["start c0 redirection sheet r0", "dismiss c1"], "\(result.failureMessage)")
}
