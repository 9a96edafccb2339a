import Foundation
@_spi(Engine) import NavFuzzKit
import NavFuzzTesting
import SUIStyleAdapter
import SUIStyleCoordinators
import Testing

/// The seed's README used as written (Examples/README.md): each planted bug is one a library
/// of this style ships there, and the default run finds it.
@Suite struct SeedUsage {
    /// `DefaultTabCoordinator(initialPage:)`: a tab that drops its initial page opens on the
    /// first one. The adapter declares start pages, so the default run starts a tab root on
    /// its second page too.
    @Test func aTabThatDropsItsInitialPage() async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.startsOnFirstPage]), options: .init(stopAtFirstFailure: true))
        let failure = result.failures.first
        #expect(failure?.check == .snapshotConforms, "\(result.failureMessage)")
        #expect(failure?.source.contains("start-page") == true, "\(result.failureMessage)")
        #expect(failure?.reason.contains("p1") == true, "\(result.failureMessage)")
    }

    /// `navigate(to:presentationStyle: .push)` called on a tab: the adapter calls the library
    /// (no pre-check) and reports the tab's own path, so a library that takes the push is
    /// caught where the model refuses it.
    @Test func aTabThatTakesAPush() async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.pushesOntoTab]), options: .init(stopAtFirstFailure: true))
        let failure = result.failures.first
        #expect(failure?.check == .invariant("stack-shape"), "\(result.failureMessage)")
        #expect(failure?.trace.last?.description.contains("push") == true, "\(result.failureMessage)")
        #expect(failure?.reason.contains("tab") == true, "\(result.failureMessage)")
    }

    /// `forcePresentation(presentationStyle: .push)`: the adapter declares the
    /// `pushed-deep-link` dialect and makes the call, so a library that pushes the flow beneath
    /// a presented screen, where nobody sees it, is caught where the model refuses the push.
    @Test func aDeepLinkPushedBeneathASheet() async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.deepLinkPushedUnderSheet]), options: .init(stopAtFirstFailure: true))
        let failure = result.failures.first
        #expect(failure?.check == .invariant("force-presentation-on-top"), "\(result.failureMessage)")
        #expect(failure?.alsoBroken == [.snapshotConforms], "\(result.failureMessage)")
        #expect(failure?.trace.last?.description.hasPrefix("forcePresentation") == true, "\(result.failureMessage)")
        #expect(failure?.trace.last?.description.contains(" push ") == true, "\(result.failureMessage)")
        #expect(failure?.reason.contains("after forcePresentation the top is") == true, "\(result.failureMessage)")
    }

    /// `getCoordinatorPresented()`, which the README's deep link branches on: the adapter
    /// returns its answer with every step (`SystemStep.top`), and one that stops at a tab bar
    /// disagrees with the library's own tree at the first state under a tab.
    @Test func anAnswerThatStopsAtTheTabBar() async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.presentedStopsAtTab]), options: .init(stopAtFirstFailure: true))
        let failure = result.failures.first
        #expect(failure?.check == .snapshotConforms, "\(result.failureMessage)")
        #expect(failure?.reason.contains("is on top, its tree shows") == true, "\(result.failureMessage)")
        #expect(failure?.trace.count == 1, "\(result.failureMessage)")
    }

    /// `getCoordinatorSelected()`, the README's other question: the adapter returns the root tab
    /// bar's answer with every step (`SystemStep.selected`), and one that still names the page
    /// `setCurrentPage` chose after the user tapped another disagrees with the library's tree.
    @Test func anAnswerThatMissesTheUsersTap() async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.selectedMissesTap]), options: .init(stopAtFirstFailure: true))
        let failure = result.failures.first
        #expect(failure?.check == .snapshotConforms, "\(result.failureMessage)")
        #expect(failure?.reason.contains("shows the root's current page, its tree shows") == true, "\(result.failureMessage)")
        #expect(failure?.trace.map(\.name.rawValue).contains("select") == true, "\(result.failureMessage)")
    }

    /// The README's app has flows of several route types (MixedRoutesAdapter): the library
    /// conforms with them.
    @Test func flowsOfSeveralRouteTypesConform() async {
        let result = await verifyConformance(MixedRoutesAdapter())
        #expect(result.passed, "\(result.failureMessage)")
    }

    /// A library that reaches the coordinator a deep link or a tab's `popToRoot()` acts on by
    /// casting it to the caller's route type: the default run finds the tab's pop doing nothing
    /// on a page of another route type.
    @Test func aCastToTheCallersRouteType() async {
        let result = await verifyConformance(MixedRoutesAdapter(faults: [.castsToOwnRouteType]), options: .init(stopAtFirstFailure: true))
        let failure = result.failures.first
        #expect(failure?.check == .snapshotConforms, "\(result.failureMessage)")
        #expect(failure?.trace.last.map { ["tabPopToRoot", "forcePresentation"].contains($0.name.rawValue) } == true, "\(result.failureMessage)")
    }
}

/// The per-seed figures of the seed-usage bugs (the note of the change that planted them): each
/// found with seeds 0–9 in process, stopping at the first failure. Minutes in a debug build, so
/// it runs only when asked: `NAVFUZZ_BENCH=1 swift test --filter seedUsageEverySeed`.
@Test(.enabled(if: ProcessInfo.processInfo.environment["NAVFUZZ_BENCH"] != nil))
func seedUsageEverySeed() async {
    let bugs: [(String, @MainActor () -> any AsyncNavigationSystem, Check)] = [
        ("startsOnFirstPage", { SUICoordinatorSystem(faults: [.startsOnFirstPage]) }, .snapshotConforms),
        ("pushesOntoTab", { SUICoordinatorSystem(faults: [.pushesOntoTab]) }, .invariant("stack-shape")),
        ("presentedStopsAtTab", { SUICoordinatorSystem(faults: [.presentedStopsAtTab]) }, .snapshotConforms),
        ("selectedMissesTap", { SUICoordinatorSystem(faults: [.selectedMissesTap]) }, .snapshotConforms),
        ("castsToOwnRouteType", { MixedRoutesAdapter(faults: [.castsToOwnRouteType]) }, .snapshotConforms),
        ("deepLinkPushedUnderSheet", { SUICoordinatorSystem(faults: [.deepLinkPushedUnderSheet]) }, .invariant("force-presentation-on-top")),
    ]
    for (name, make, check) in bugs {
        var found = 0
        var firsts: [Double] = []
        for seed in UInt64(0) ... 9 {
            let result = await verifyConformance(await make(), options: .init(seed: seed, stopAtFirstFailure: true))
            if result.failures.first?.check == check { found += 1 }
            if let first = result.firstFailureSeconds { firsts.append(first) }
        }
        print("seed usage: \(name), in process: found with \(found) of 10 seeds; first failure after \(firsts.min() ?? 0)–\(firsts.max() ?? 0) s")
        #expect(found == 10, "\(name)")
    }
}
