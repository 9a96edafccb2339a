/// Switchable faults of the model: real bugs of coordinator libraries (docs/SEMANTICS.md §8), re-created so
/// that the explorer, fuzzer and shrinker can be shown to catch them. `nil` is the correct model.
@_spi(Engine) public enum Fault: String, CaseIterable, Sendable {
    /// A presented child swiped away by the user stays in `children` (SUICoordinator dc1db65).
    case swipeLeavesChild = "swipe-leaves-child"
    /// The user's back at a pushed child's root keeps the child (XCoordinator #57).
    case backLeavesChild = "back-leaves-child"
    /// A tab's top is its last page, not the current one (SUICoordinator b968b3f).
    case tabRootTopLastPage = "tab-root-top-last-page"
    /// `pop` with one entry removes the root screen (FlowStacks #26).
    case popRemovesRoot = "pop-removes-root"
    /// `dismiss` with two or more modals removes the top two (XCoordinator PR #126).
    case dismissWrongLevel = "dismiss-wrong-level"
    /// `restart` keeps full-screen covers (SUICoordinator PR #47).
    case restartKeepsFullScreen = "restart-keeps-fullscreen"
    /// `setPages` appends kept pages' coordinators to `children` again (SUICoordinator 71949bb).
    case duplicatePageChild = "duplicate-page-child"
    /// `dismiss` with nothing presented removes the caller from its parent (UIKit habit).
    case dismissNothingRemovesCaller = "dismiss-nothing-removes-caller"
    /// `switchRoot` sets up the new root flow but leaves the old one alive (the old root
    /// window's coordinator kept by the app delegate).
    case switchRootKeepsOldFlow = "switch-root-keeps-old-flow"
    /// `redirectTo` performs the transition on the redirecting coordinator instead of its
    /// parent (CoordinatorX `.parent(route)` resolved on the wrong flow).
    case redirectActsOnSelf = "redirect-acts-on-self"
    /// The finish of a child on its parent's router pops everything above its first screen,
    /// the parent's own screens pushed after it included (CoordinatorKit shared routers).
    case sharedFinishPopsParent = "shared-finish-pops-parent"
    /// With a launch, `restartApp` cleans the root's stack but not what it presents, then
    /// presents the launch child again: the old one stays under the new (a restart that cleans
    /// the navigation stack only, then runs the main coordinator's `start()`).
    case launchChildTwice = "launch-child-twice"

    /// Whether only the opt-in transitions (docs/SEMANTICS.md §4.7) show the fault: a domain
    /// without them (`Domain.transitions`) never meets it.
    @_spi(Engine) public var needsTransitions: Bool {
        switch self {
        case .switchRootKeepsOldFlow, .redirectActsOnSelf, .sharedFinishPopsParent: true
        default: false
        }
    }

    /// Whether only a configuration with a launch (docs/SEMANTICS.md §2.2) shows the fault.
    @_spi(Engine) public var needsLaunch: Bool { self == .launchChildTwice }
}
