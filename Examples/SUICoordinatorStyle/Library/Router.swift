// A small coordinator library in SUICoordinator's style, for NavFuzz's docs and tests: every
// type lives on the main actor and every navigation call is `async`, as in SUICoordinator 1.x.
// What SwiftUI's bindings do when the user acts — shorten the NavigationStack's path, call a
// sheet's onDismiss, set the TabView's selection — are the `items` setter, `removeLastSheet()`
// and `currentPage`. Coordinators end when the entry that shows them goes away.

public enum TransitionPresentationStyle: Sendable, Hashable {
    case push, sheet, fullScreenCover, detents, custom
}

public protocol RouteType: Sendable, Hashable {
    var presentationStyle: TransitionPresentationStyle { get }
}

/// A stack or sheet entry: a screen, or a child coordinator shown there.
public enum RouterItem<Route: RouteType> {
    case route(Route)
    case coordinator(AnyCoordinatorType)

    var coordinator: AnyCoordinatorType? {
        if case .coordinator(let c) = self { return c }
        return nil
    }

    /// The route of a screen entry; nil for a coordinator.
    public var route: Route? {
        if case .route(let r) = self { return r }
        return nil
    }
}

@MainActor public final class SheetItem<Route: RouteType> {
    public let content: RouterItem<Route>
    public let presentationStyle: TransitionPresentationStyle

    init(content: RouterItem<Route>, presentationStyle: TransitionPresentationStyle) {
        self.content = content
        self.presentationStyle = presentationStyle
    }
}

/// How the library waits for SwiftUI's animations: a call changes the state, then returns once
/// the animation has run. An app passes `ContinuousClock()`; tests pass a clock that decides.
public struct Animations: Sendable {
    public var clock: any Clock<Duration>
    public var duration: Duration
    /// How a call waits for its turn when transitions are serialized (`Router.serialized`):
    /// until the condition holds. Nil: it checks every millisecond on `clock`'s time.
    public var waitUntil: (@MainActor (@escaping @MainActor () -> Bool) async -> Void)?

    public init(clock: any Clock<Duration>, duration: Duration = .milliseconds(350),
                waitUntil: (@MainActor (@escaping @MainActor () -> Bool) async -> Void)? = nil) {
        self.clock = clock
        self.duration = duration
        self.waitUntil = waitUntil
    }
}

/// Bugs the library can be built with, so that tests can show NavFuzz finding them.
public enum LibraryFault: String, Sendable, Hashable, CaseIterable {
    /// A sheet swiped away leaves its coordinator among its parent's children.
    case swipeKeepsChild
    /// Presenting over a sheet traps, as an assertion in a library would.
    case trapsOnNestedSheet
    /// A tab page's flow that finishes leaves its page behind without a coordinator, instead
    /// of finishing its tab (the defect an adapter that answered `finishFlow` itself hid).
    case pageFinishLeavesPage
    /// `pop` reads the path, waits for the running animation, then writes the path it read
    /// less its top: a back swipe during the wait is undone (state read before an `await`,
    /// written after it).
    case popWritesStalePath
    /// A dismissal keeps its completion in one slot of the router: a second dismissal during
    /// the first one's animation overwrites it, and the first call never returns.
    case oneDismissalCompletion
    /// `navigate(to:presentationStyle:)` hands the flow it shows to a completion that runs
    /// once the animation ends, and drops the completion only when the flow is still shown
    /// then: a back swipe or a swipe down during the animation ends the flow, and the
    /// completion keeps it alive.
    case completionKeepsEndedFlow
    /// A sheet swiped away is kept in a list of recent sheets (to bring it back with a
    /// "reopen"): its flow ends and leaves the tree, but its object stays alive.
    case swipeRetainsFlow
    /// A push sets the path it made again once its animation ended, to be sure the stack
    /// shows it: a second tap on the same button during the animation is undone.
    case pushRewritesPath
    /// A flow pushed as a child is registered with its parent once its push animation ended
    /// (as a `didShow` callback would): a back swipe during the animation leaves a child
    /// registered that nothing shows.
    case registersChildAfterPush
    /// A dismissal removes the top sheet once its animation ended: a deep link presented
    /// during the animation is the sheet that goes.
    case dismissesTopAfterAnimation
    /// `finishFlow` removes its flow once the dismissal animation ended: a restart of the
    /// parent meanwhile ends the flow first, as cancelled, and the finish's completion then
    /// finds nothing to do.
    case finishesAfterAnimation
    /// A dismissal during another one's animation traps (`precondition`), as a library that
    /// asserts it is not dismissing twice would.
    case trapsOnDoubleDismiss
    /// A tab shows its first page when it starts, whatever `currentPage:` it was made with
    /// (the initial page dropped: a deep link's tab opens on the wrong page).
    case startsOnFirstPage
    /// A push onto a tab bar (`navigate(toRoute:)` or `navigate(to:presentationStyle: .push)`),
    /// or of one, is taken: the screen or flow goes into the tab's path, which no screen shows.
    case pushesOntoTab
    /// `getCoordinatorPresented()` stops at a tab bar instead of going on to its current
    /// page's flow: an app's deep link that branches on it acts on the tab.
    case presentedStopsAtTab
    /// `getCoordinatorSelected()` answers the flow `setCurrentPage` switched to last, missing
    /// the tab bar's own selection (a tap) since: a deep link acts on a page nobody sees.
    case selectedMissesTap
    /// A deep link and a tab's `popToRoot()` reach the coordinator they act on by casting it to
    /// the caller's own route type: over a flow of another route type the deep link throws
    /// `noTop`, and the tab's pop does nothing.
    case castsToOwnRouteType
    /// A deep link pushed (`forcePresentation(presentationStyle: .push)`) goes onto the top
    /// coordinator's path even when a sheet showing a screen covers it: the flow lands where
    /// nobody sees it.
    case deepLinkPushedUnderSheet
}

/// A coordinator's navigation: the main view, the path above it, and the sheets.
@MainActor public final class Router<Route: RouteType> {
    public internal(set) var mainView: RouterItem<Route>?
    /// The NavigationStack path above `mainView`. Setting it (as the back gesture does) ends
    /// the coordinators it no longer shows.
    public var items: [RouterItem<Route>] = [] {
        didSet { owner?.endShown(removedCoordinators(oldValue.map { $0.coordinator }, items.map { $0.coordinator })) }
    }
    public internal(set) var sheets: [SheetItem<Route>] = [] {
        didSet {
            if keepingSheetChildren { return }
            owner?.endShown(removedCoordinators(oldValue.map { $0.content.coordinator }, sheets.map { $0.content.coordinator }))
        }
    }
    weak var owner: CoordinatorBase?
    private var keepingSheetChildren = false
    /// The completion of the dismissal in flight (`oneDismissalCompletion` only).
    private var dismissalCompletion: CheckedContinuation<Void, Never>?
    /// What runs once the animation that shows a flow ends, by flow (`completionKeepsEndedFlow` only).
    var completions: [ObjectIdentifier: () -> Void] = [:]

    init() {}

    /// False when there was nothing to pop.
    @discardableResult
    public func pop() async -> Bool {
        await Task.yield()
        if owner?.faults.contains(.popWritesStalePath) == true {
            let path = items
            await animate()
            if !path.isEmpty { items = Array(path.dropLast()) }
            return !path.isEmpty
        }
        guard !items.isEmpty else { return false }
        items.removeLast()
        await animate()
        return true
    }

    public func popToRoot() async {
        await Task.yield()
        items = []
        await animate()
    }

    /// False when nothing was presented.
    @discardableResult
    public func dismiss() async -> Bool {
        await Task.yield()
        guard !sheets.isEmpty else { return false }
        await takeTurn()
        defer { endTurn() }
        if has(.trapsOnDoubleDismiss) {
            precondition(!dismissing, "dismiss() called while a dismissal is animating")
            dismissing = true
            await animate()
            dismissing = false
            if !sheets.isEmpty { sheets.removeLast() }
            return true
        }
        if has(.dismissesTopAfterAnimation) {
            await animate()
            if !sheets.isEmpty { sheets.removeLast() }
            return true
        }
        sheets.removeLast()
        if owner?.faults.contains(.oneDismissalCompletion) == true, let animations = owner?.animations {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                dismissalCompletion = done
                Task {
                    try? await animations.clock.sleep(for: animations.duration)
                    self.dismissalCompletion?.resume()
                    self.dismissalCompletion = nil
                }
            }
        } else {
            await animate()
        }
        return true
    }

    /// The top sheet if there is one, else the top of the path; false when there is neither.
    @discardableResult
    public func close() async -> Bool {
        if sheets.isEmpty { await pop() } else { await dismiss() }
    }

    /// Pushes `route`, or presents it in `presentationStyle` (default: the route's own).
    public func navigate(toRoute route: Route, presentationStyle: TransitionPresentationStyle? = nil) async {
        await Task.yield()
        await takeTurn()
        defer { endTurn() }
        let style = presentationStyle ?? route.presentationStyle
        if style == .push { items.append(.route(route)) } else { present(.route(route), style: style) }
        let path = items
        await animate()
        if style == .push && has(.pushRewritesPath) { items = path }
    }

    /// Presents `route` modally, as a sheet unless told otherwise; a push is `navigate`'s.
    public func present(_ route: Route, presentationStyle: TransitionPresentationStyle = .sheet) async {
        await Task.yield()
        guard presentationStyle != .push else { return }
        present(.route(route), style: presentationStyle)
        await animate()
    }

    /// Clears the path and the sheets (their coordinators end) at once, without an animation;
    /// the main view stays.
    public func restart() async {
        await Task.yield()
        removeAll()
    }

    /// Whether the library was built with `fault`.
    func has(_ fault: LibraryFault) -> Bool { owner?.faults.contains(fault) == true }

    /// Whether a dismissal is animating (`trapsOnDoubleDismiss` only).
    private var dismissing = false

    /// Transitions one at a time, when `serialized`: a call waits until the one before it ended.
    public var serialized: Bool { owner?.serializesTransitions == true }
    private var inTransition = false

    func takeTurn() async {
        guard serialized else { return }
        if inTransition {
            if let wait = owner?.animations?.waitUntil {
                await wait { [unowned self] in !self.inTransition }
            } else {
                while inTransition { try? await Task.sleep(nanoseconds: 1_000_000) }
            }
        }
        inTransition = true
    }

    func endTurn() {
        if serialized { inTransition = false }
    }

    /// Waits for the animation of the change just made.
    func animate() async {
        guard let animations = owner?.animations else { return }
        try? await animations.clock.sleep(for: animations.duration)
    }

    /// What a sheet's onDismiss calls when the user swipes it down.
    /// Sheets swiped away, kept by the `swipeRetainsFlow` fault.
    private var recentlySwiped: [SheetItem<Route>] = []

    public func removeLastSheet() {
        guard !sheets.isEmpty else { return }
        keepingSheetChildren = owner?.faults.contains(.swipeKeepsChild) == true
        defer { keepingSheetChildren = false }
        if owner?.faults.contains(.swipeRetainsFlow) == true { recentlySwiped.append(sheets[sheets.count - 1]) }
        sheets.removeLast()
    }

    func present(_ item: RouterItem<Route>, style: TransitionPresentationStyle) {
        if !sheets.isEmpty && owner?.faults.contains(.trapsOnNestedSheet) == true {
            fatalError("only one sheet can be presented at a time")
        }
        sheets.append(SheetItem(content: item, presentationStyle: style))
    }

    func removeAll() {
        sheets = []
        items = []
    }

    /// Removes `child`'s entry and every entry above it in the same place; false when this
    /// router does not show it.
    func removeEntry(showing child: AnyCoordinatorType) -> Bool {
        if let i = items.firstIndex(where: { $0.coordinator === child }) {
            items.removeSubrange(i...)
            return true
        }
        if let i = sheets.firstIndex(where: { $0.content.coordinator === child }) {
            sheets.removeSubrange(i...)
            return true
        }
        return false
    }

    private func removedCoordinators(_ old: [AnyCoordinatorType?], _ new: [AnyCoordinatorType?]) -> [AnyCoordinatorType] {
        var removed: [AnyCoordinatorType] = []
        for case let o? in old where !new.contains(where: { $0 === o }) { removed.append(o) }
        return removed
    }
}
