/// A kind of state a run should reach (Stateright's `sometimes`): where the classic bugs of
/// coordinator libraries live. A run that never gets there passed without testing it, so runs
/// report the ones they never reached.
@_spi(Engine) public struct SometimesProperty: Sendable, CustomStringConvertible {
    @_spi(Engine) public let name: String
    @_spi(Engine) public let summary: String
    /// The state can only come about when the implementation offers one of these actions.
    @_spi(Engine) public let needsAny: Set<ActionName>
    /// The state has a tab coordinator in it.
    @_spi(Engine) public let needsTab: Bool
    @_spi(Engine) public let holds: @Sendable (State) -> Bool

    @_spi(Engine) public var description: String { name }

    /// `needsAny` in `dialect`, for a system that starts coordinators of `kinds`: under
    /// `no-pushed-navigation` a navigation child is pushed only by `startShared`, so
    /// `startStack` cannot host a child in a stack, nor `start` unless it starts redirections.
    @_spi(Engine) public func needs(in dialect: Dialect, kinds: Set<Kind>) -> Set<ActionName> {
        guard name == "back-ends-a-child", dialect.contains(.noPushedNavigation) else { return needsAny }
        return needsAny.subtracting(kinds.contains(.redirection) ? [.startStack] : [.start, .startStack])
    }

    /// Why this kind of state cannot come about within `bounds` from `configuration` over
    /// `domain`, or nil when it can: a run never reaching it then tested
    /// nothing (docs/SEMANTICS.md §5.3). Counted, not explored: the coordinators, stack entries
    /// and modal levels the state needs.
    @_spi(Engine) public func impossible(within bounds: Bounds, configuration: Configuration, domain: Domain) -> String? {
        let pages = configuration.initialPages.count
        // A tab, and a coordinator for each of its pages: the root itself, or a child of it.
        let forATab = configuration.rootKind == .tab ? 1 + pages : 2 + pages
        if needsTab && configuration.rootKind != .tab && !domain.startKinds.contains(.tab) { return "no tab is ever started" }
        if needsTab && bounds.maxCoordinators < forATab {
            return "a tab with its \(pages) pages needs \(forATab) coordinators, at most \(bounds.maxCoordinators)"
        }
        // The root, and under a tab root a coordinator for each page (as few as the smallest
        // page list `setPages` sets), are always there.
        let fewestPages = min(pages, domain.pageLists.map(\.count).min() ?? pages)
        let base = configuration.rootKind == .tab ? 1 + fewestPages : 1
        let child = bounds.maxCoordinators <= base ? "no child coordinator fits: at most \(bounds.maxCoordinators) coordinators, \(base) at the start" : nil
        let modal = bounds.maxModals < 1 ? "nothing is ever presented: at most 0 modals" : nil
        switch name {
        case "other-tab-page-visible" where configuration.pageCount < 2:
            return "a tab has one page only"
        case "three-entry-stack" where bounds.maxStack < 3:
            return "stacks hold at most \(bounds.maxStack) entries"
        case "back-ends-a-child":
            return child ?? (bounds.maxStack < 2 ? "a pushed child needs a stack of two entries, at most 1 here" : nil)
        case "swipe-ends-a-child":
            return child ?? modal
        case "two-modal-levels":
            return modal ?? (bounds.maxModals < 2 && child != nil ? "two modal levels need two modals on one coordinator or a child, neither fits" : nil)
        case "modal-over-a-tab-page":
            return modal
        default:
            return nil
        }
    }

    /// Every `sometimes` property of the model.
    @_spi(Engine) public static let all: [SometimesProperty] = [
        SometimesProperty(
            name: "swipe-ends-a-child", summary: "the user can swipe away a sheet that hosts a child coordinator",
            needsAny: [.start, .forcePresentation], needsTab: false) { s in
                guard let m = s.descend()?.lastModal, let h = s.index(of: m.holder) else { return false }
                let modal = s.modal(at: h, m.index)
                return modal.style.isSwipeDismissible && modal.entry.child != nil
            },
        SometimesProperty(
            name: "back-ends-a-child", summary: "the user's back button would end a pushed child coordinator",
            needsAny: [.start, .startShared, .startStack], needsTab: false) { s in
                guard let d = s.descend(), d.stackIndex == 0, case .stack? = s.hosting(of: d.owner) else { return false }
                return true
            },
        SometimesProperty(
            name: "two-modal-levels", summary: "the visible screen lies under two modal presentations or more",
            needsAny: [.present, .start, .forcePresentation], needsTab: false) { s in s.modalLevelsOnTheWayDown() >= 2 },
        SometimesProperty(
            name: "three-entry-stack", summary: "a navigation stack holds three entries or more",
            needsAny: [.push, .start], needsTab: false) { s in s.positions.contains { s.stackCount(at: $0) >= 3 } },
        SometimesProperty(
            name: "modal-over-a-tab-page", summary: "the visible screen is presented from inside a tab's page",
            needsAny: [.present, .start, .forcePresentation], needsTab: true) { s in s.isModalOverATabPage() },
        SometimesProperty(
            name: "other-tab-page-visible", summary: "a tab shows a page other than its first",
            needsAny: [.select, .userSelectTab, .setPages], needsTab: true) { s in s.showsALaterTabPage() },
    ]
}
