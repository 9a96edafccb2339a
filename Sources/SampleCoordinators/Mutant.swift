@_spi(Engine) import CoordinatorModel

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

extension Mutant {
    /// The check that catches the mutant in process.
    public var caughtBy: String {
        switch self {
        case .swipeLeavesChild, .backLeavesChild: "no-orphan-children"
        case .tabRootTopLastPage: "force-presentation-on-top"
        case .popRemovesRoot: "stack-shape"
        case .dismissWrongLevel, .dismissAllKeepsFirst: "modal-discipline"
        case .restartKeepsFullScreen: "restart-resets"
        case .duplicatePageChild: "tree-consistent"
        case .tabTapIgnored, .endedCoordinatorCrashes, .popToRootStopsAtSecond, .tabTopIgnoresPushedChild: "snapshot-conforms"
        case .strongParentLeak: "no-leak"
        case .dismissNothingCrashes, .multipleNotAtomic: "refusal-changes-nothing"
        }
    }

    /// The check that catches the mutant through the sample driver, where the crashing ones
    /// really crash.
    public var caughtThroughTheDriverBy: String {
        self == .dismissNothingCrashes || self == .endedCoordinatorCrashes ? "no-crash" : caughtBy
    }

    /// Room for the bug under a root of kind `root`: bounds in which exploration reaches it,
    /// so that exploring one step less than a counterexample's length shows it is a shortest one.
    public func room(root: Kind) -> Preset {
        let tabRoot = root == .tab
        var bounds: Bounds
        switch self {
        case .tabRootTopLastPage, .duplicatePageChild, .tabTapIgnored:
            // Under a navigation root the tab is started first: three coordinators more.
            bounds = Bounds(maxCoordinators: tabRoot ? 3 : 4, maxStack: 2, maxModals: 1)
        case .dismissWrongLevel, .dismissAllKeepsFirst, .popToRootStopsAtSecond:
            bounds = Bounds(maxCoordinators: 4, maxStack: 3, maxModals: 2)
        case .tabTopIgnoresPushedChild:
            bounds = Bounds(maxCoordinators: tabRoot ? 5 : 6, maxStack: 2, maxModals: 1)
        default:
            bounds = Bounds(maxCoordinators: 3, maxStack: 2, maxModals: 1)
        }
        return Preset(name: "room for \(rawValue)", configuration: Configuration(rootKind: root), bounds: bounds, maxDepth: nil,
                      domain: Domain(routes: [Route(0), Route(1)], pages: [Page(0), Page(1)],
                                     includeNoneAndMultiple: self == .multipleNotAtomic))
    }
}
