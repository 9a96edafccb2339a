/// Switchable bugs of the sample library: each re-creates a bug that shipped in a public
/// coordinator library (shared/design/BUGS.md), so that verification can be shown to catch it.
/// The raw values are BUGS.md's ids and the SampleDriver's `--mutant` argument.
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
}
