import CoordinatorModel
import Foundation
import NavFuzzKit
import NavFuzzTesting
import Testing

// docs/VERIFY.md §8 quotes this file.

/// Paths of two actions rather than the default three keep the suite short: without saved
/// states every state explored is replayed from reset.
@Test func alCoordinatorsConformToTheModel() async {
    await expectConformance(ALCoordinatorSystem(), options: Verifier.Options(depth: 2))
}

/// The library built with ALCoordinator's old bug (a tap on the tab bar changed the tab shown
/// but not `currentPage`): the default run finds it at the first tap, on the tab root started
/// on its second page (the adapter declares start pages). (It stops there, as a test of one bug
/// may: the rest of the run would look for others.)
@Test func aTabTapThatKeepsTheCurrentPageIsCaught() {
    let result = verifyConformance(ALCoordinatorSystem(tapKeepsCurrentPage: true), options: .init(stopAtFirstFailure: true))
    #expect(result.failure(.snapshotConforms)?.trace.map(\.description) == ["userSelectTab p0"], "\(result.failureMessage)")
}

/// A tab bar made with `currentPage:` that starts on its first page anyway: the adapter
/// declares start pages (`Capabilities.startPage`), so the default run also starts a tab root
/// on its second page (`small-tab+start-page`) and finds it in the initial state.
@Test func aTabBarThatDropsItsCurrentPageIsCaught() {
    let result = verifyConformance(ALCoordinatorSystem(startsOnFirstPage: true), options: .init(stopAtFirstFailure: true))
    let failure = result.failure(.snapshotConforms)
    #expect(failure?.trace == [], "\(result.failureMessage)")
    #expect(failure?.configuration.startPage == Page(1), "\(result.failureMessage)")
    #expect(failure?.source == "exploration of small-tab+start-page", "\(result.failureMessage)")
}

/// A `popToRoot` that returns early on the first screen without calling its completion: the
/// adapter passes a completion to every call that takes one, and the default run finds the
/// caller that would wait forever at the first such call.
@Test func aCompletionNeverCalledIsCaught() {
    let result = verifyConformance(ALCoordinatorSystem(popToRootSkipsCompletionAtRoot: true), options: .init(stopAtFirstFailure: true))
    let failure = result.failure(.noHang)
    #expect(failure?.trace.last?.name == .popToRoot, "\(result.failureMessage)")
    #expect(failure?.reason.contains("without calling its completion") == true, "\(result.failureMessage)")
}

/// `getCoordinatorSelected()` read at the tab bar's selected index: the adapter passes the
/// main tab bar's answer with every step (`SystemStep.selected`), and the default run finds it
/// naming another page's flow once `setPages` reorders the pages.
@Test func aSelectedCoordinatorReadByIndexIsCaught() {
    let result = verifyConformance(ALCoordinatorSystem(selectedByTabIndex: true), options: .init(stopAtFirstFailure: true))
    let failure = result.failure(.snapshotConforms)
    #expect(failure?.trace.last?.name == .setPages, "\(result.failureMessage)")
    #expect(failure?.reason.contains("shows the root's current page, its tree shows") == true, "\(result.failureMessage)")
}

/// A `navigate(to:transitionStyle:)` that shows a screen as its route declares, whatever the
/// call passes: the adapter presents a screen its route type declares as a sheet full screen
/// with the README's override, and the default run finds the sheet shown instead at the first
/// such call.
@Test func aTransitionOverrideIgnoredIsCaught() {
    let result = verifyConformance(ALCoordinatorSystem(transitionOverrideIgnored: true), options: .init(stopAtFirstFailure: true))
    let failure = result.failure(.invariant("modal-discipline"))
    #expect(failure?.trace.map(\.description) == ["present c0 r1 fullScreen"], "\(result.failureMessage)")
    #expect(failure?.reason.contains("should be [fullScreen:r1], are [sheet:r1]") == true, "\(result.failureMessage)")
}

/// A `popToView(MyView.self)` that pops to the first view of that type on the stack, not the
/// last: with a tab page's first screen pushed again, it pops the top one away, where the
/// model's `popTo` has nothing to pop.
@Test func aPopToViewThatStopsAtTheFirstMatchIsCaught() {
    let result = verifyConformance(ALCoordinatorSystem(popToViewFindsFirst: true), options: .init(stopAtFirstFailure: true))
    #expect(result.failure(.snapshotConforms)?.trace.map(\.description) == ["push c1 r0", "popTo c1 r0"], "\(result.failureMessage)")
}

/// The README's `MainCoordinator`, whose `start()` presents an onboarding flow full screen as
/// the app launches: with that launch, the app conforms from its first state on, and
/// `restartApp` presents the flow again.
@Test func aMainCoordinatorThatPresentsAFlowAtLaunchConforms() async {
    let onboarding = Launch(kind: .navigation, style: .fullScreen, route: Route(1))
    await expectConformance(ALCoordinatorSystem(), options: Verifier.Options(depth: 2, launch: onboarding))
}

/// The library built with a `restartApp` that cleans the main coordinator's stack but not what
/// it presented: with the launch on, the default run finds the first restart presenting the
/// onboarding flow over the old one.
@Test func aRestartThatPresentsTheLaunchFlowTwiceIsCaught() {
    let onboarding = Launch(kind: .navigation, style: .fullScreen, route: Route(1))
    let result = verifyConformance(ALCoordinatorSystem(restartCleansStackOnly: true),
                                   options: .init(stopAtFirstFailure: true, launch: onboarding))
    #expect(result.failure(.invariant("restart-resets"))?.trace.map(\.description) == ["restartApp"], "\(result.failureMessage)")
    // The regression test it prints carries the launch: pasted below, it compiles and fails.
    let printed = result.failure(.invariant("restart-resets"))?.regressionTest(.swiftTesting, subject: "ALCoordinatorSystem(restartCleansStackOnly: true)")
    #expect(printed?.contains("launch: Launch(kind: .navigation, style: .fullScreen, route: Route(1))))") == true,
            "\(printed ?? "no failure")")
}

/// The same library run with the defaults: it declares launches (`Capabilities.launches`), so
/// `small` is explored with a launch flow too (`small+launch`), though the options name no
/// launch, and the shortest failure is the first restart presenting the launch flow a second
/// time. (Two steps deep, without walks, to keep the test short.)
@Test func aSystemThatDeclaresLaunchesHasThemExploredByDefault() {
    let result = verifyConformance(ALCoordinatorSystem(restartCleansStackOnly: true),
                                   options: .init(presets: [.small], depth: 2, walks: 0, distinct: 1))
    let failure = result.failure(.invariant("restart-resets"))
    #expect(failure?.trace.map(\.description) == ["restartApp"], "\(result.failureMessage)")
    #expect(failure?.configuration.launch == Launch(kind: .navigation, style: .fullScreen, route: Route(1)))
    #expect(result.sources.contains { $0.hasPrefix("exploration of small+launch") })
}

/// The regression test the run above prints, pasted as it is: it fails while the bug is there.
@Test func thePastedRegressionTestWithTheLaunchFailsWhileTheBugIsThere() async {
    await withKnownIssue {
        await expectConformance(ALCoordinatorSystem(restartCleansStackOnly: true), options: .replaying([
            "restartApp",
        ], configuration: Configuration(routeCount: 3, pageCount: 3, launch: Launch(kind: .navigation, style: .fullScreen, route: Route(1)))))
    } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("restart-resets")
    }
}

/// The per-seed figures of the seeded bugs: each found with seeds 0–9 in process. Runs only
/// when asked: `NAVFUZZ_BENCH=1 swift test --filter alEverySeed`.
@Test(.enabled(if: ProcessInfo.processInfo.environment["NAVFUZZ_BENCH"] != nil))
func alEverySeed() {
    let bugs: [(String, () -> ALCoordinatorSystem, Check)] = [
        ("tapKeepsCurrentPage", { ALCoordinatorSystem(tapKeepsCurrentPage: true) }, .snapshotConforms),
        ("startsOnFirstPage", { ALCoordinatorSystem(startsOnFirstPage: true) }, .snapshotConforms),
        ("popToRootSkipsCompletionAtRoot", { ALCoordinatorSystem(popToRootSkipsCompletionAtRoot: true) }, .noHang),
        ("selectedByTabIndex", { ALCoordinatorSystem(selectedByTabIndex: true) }, .snapshotConforms),
        ("transitionOverrideIgnored", { ALCoordinatorSystem(transitionOverrideIgnored: true) }, .invariant("modal-discipline")),
        ("popToViewFindsFirst", { ALCoordinatorSystem(popToViewFindsFirst: true) }, .snapshotConforms),
    ]
    for (name, make, check) in bugs {
        let found = (UInt64(0) ... 9).filter { seed in
            verifyConformance(make(), options: .init(seed: seed, stopAtFirstFailure: true)).failures.first?.check == check
        }.count
        print("AL: \(name), in process: found with \(found) of 10 seeds")
        #expect(found == 10, "\(name)")
    }
}
