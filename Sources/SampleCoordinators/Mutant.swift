/// Switchable bugs of the sample library: each re-creates a class of bug that shipped in public
/// coordinator libraries, so that verification can be shown to catch it (docs/VERIFY.md §6
/// lists them with the check that catches each). The raw values are the SampleDriver's
/// `--mutant` argument.
public enum Mutant: String, CaseIterable, Sendable {
    /// A presented child swiped away by the user stays in `children` (SUICoordinator dc1db65).
    case swipeLeavesChild = "swipe-leaves-child"
    /// The back button at a pushed child's root pops the screen but keeps the child (XCoordinator #57).
    case backLeavesChild = "back-leaves-child"
    /// A tab's top coordinator is its last page, not the current one (SUICoordinator b968b3f).
    case tabRootTopLastPage = "tab-root-top-last-page"
    /// `pop` with one screen removes the root screen (FlowStacks #26).
    case popRemovesRoot = "pop-removes-root"
    /// `dismiss` with two or more modals removes the top two (XCoordinator PR #126).
    case dismissWrongLevel = "dismiss-wrong-level"
    /// `restart` dismisses sheets but leaves full-screen covers (SUICoordinator PR #47).
    case restartKeepsFullScreen = "restart-keeps-fullscreen"
    /// `setPages` adds kept pages' coordinators to `children` again (SUICoordinator 71949bb).
    case duplicatePageChild = "duplicate-page-child"
    /// The user's tab tap shows the page but does not update `currentPage` (ALCoordinator #55).
    case tabTapIgnored = "tab-tap-ignored"
    /// Children hold their parent strongly and parents cache ended children (Stinsen #27).
    case strongParentLeak = "strong-parent-leak"
    /// `dismiss` with nothing presented crashes (Stinsen #15), or, in process, dismisses the
    /// caller itself the way UIKit does and then reports that nothing was presented.
    case dismissNothingCrashes = "dismiss-nothing-crashes"
    /// A coordinator that ended is still found by its id, and a call on it traps (in process:
    /// acts on the ended flow's old screens): a second `finishFlow`, a `pop` on a finished flow.
    case endedCoordinatorCrashes = "ended-coordinator-crashes"
    /// `popToRoot` with three screens or more stops at the second (an off-by-one in the
    /// manner of FlowStacks' `popTo`): only a three-entry stack shows it.
    case popToRootStopsAtSecond = "pop-to-root-stops-at-second"
    /// `dismissAll` with two modals or more keeps the first: only two modal levels show it.
    case dismissAllKeepsFirst = "dismiss-all-keeps-first"
    /// A deep link from a tab's page lands on the page, not on the flow pushed onto it: only a
    /// tab root with five coordinators (the deep link's own included) shows it.
    case tabTopIgnoresPushedChild = "tab-top-ignores-pushed-child"
    /// `multiple` is not atomic: a refused part leaves the parts before it applied.
    case multipleNotAtomic = "multiple-not-atomic"
}
