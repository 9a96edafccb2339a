import CoordinatorModel
import NavFuzzTesting
import Testing

// docs/VERIFY.md §8 quotes this file.

@Test func transitionEnumCoordinatorsConformToTheModel() async {
    await expectConformance(CoordinatorXSystem())
}

/// The library built with a dismiss that also closes the context that presented the top one:
/// the default run finds it with two contexts presented. (It stops there, as a test of one bug
/// may: the rest of the run would look for others.)
@Test func aDismissThatClosesTwoContextsIsCaught() {
    let result = verifyConformance(CoordinatorXSystem(dismissClosesPresenter: true), options: .init(stopAtFirstFailure: true))
    #expect(result.failure(.invariant("modal-discipline"))?.trace.map(\.description) == ["present c0 r0 sheet", "present c0 r0 sheet", "dismiss c0"],
            "\(result.failureMessage)")
}

/// The library built so that a new root view of the app's coordinator closes the contexts hung
/// on the old one: the default run finds it under the view root (`small+view-root`), the app's
/// coordinator a plain `ViewCoordinator` as in CoordinatorX's README.
@Test func aNewRootViewThatClosesItsContextsIsCaught() {
    let result = verifyConformance(CoordinatorXSystem(rootViewHostsContexts: true), options: .init(stopAtFirstFailure: true))
    let failure = result.failure(.invariant("modal-discipline"))
    #expect(failure?.trace.map(\.description) == ["present c0 r0 sheet", "replaceRoot c0 r0"], "\(result.failureMessage)")
    #expect(failure?.configuration.rootKind == .redirection, "\(result.failureMessage)")
}

/// The library built to adopt the flows it shows through a cast to its own type: a child flow
/// of another route type (every child of the app's `MainRoute` coordinator is a `FlowRoute`
/// flow) never learns its parent, and the default run finds it at the first flow started.
@Test func aChildOfAnotherRouteTypeThatNeverLearnsItsParentIsCaught() {
    let result = verifyConformance(CoordinatorXSystem(adoptsOwnRouteTypeOnly: true), options: .init(stopAtFirstFailure: true))
    #expect(result.failure(.invariant("tree-consistent"))?.trace.map(\.description) == ["start c0 navigation sheet r0"], "\(result.failureMessage)")
}
