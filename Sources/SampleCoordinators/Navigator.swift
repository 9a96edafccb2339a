/// The app's window: owns the root coordinator, hands out coordinator ids, knows what the user
/// sees, and turns the user's gestures into the coordinators' `didSwipe…`/`didSelectTab`
/// callbacks (the role UIKit's navigation and presentation delegates play). Deep links
/// (`forcePresentation`) land on the coordinator whose screen is visible.
public final class Navigator {
    public private(set) var root: Coordinator
    /// The pages a new tab coordinator starts with.
    public let initialPages: [TabPage]
    public let mutant: Mutant?
    /// Whether the `dismiss-nothing-crashes` mutant really crashes (in a driver) instead of
    /// dismissing the caller (in process).
    public let crashes: Bool
    /// Called for every coordinator whose flow ends, after its own `onFinish`.
    public var didFinishFlow: ((Coordinator, FlowEnd) -> Void)?

    private var nextID = 1
    /// Every coordinator that started and has not ended, by id: what `coordinator(id:)` looks
    /// up. Ended coordinators leave it, so it never keeps one alive.
    public private(set) var live: [Int: Coordinator] = [:]
    /// The `ended-coordinator-crashes` mutant's cache of ended coordinators, still found by id.
    var ended: [Int: Coordinator] = [:]
    /// The coordinators a `finishFlow` in progress finishes; every other one ending is cancelled.
    var finishing: [ObjectIdentifier] = []

    public init(rootKind: CoordinatorKind, initialPages: [TabPage], mutant: Mutant? = nil, crashes: Bool = false) {
        self.initialPages = initialPages.isEmpty ? [TabPage(0)] : initialPages
        self.mutant = mutant
        self.crashes = crashes
        root = Coordinator.make(rootKind, id: 0, initialScreen: Screen(0), navigator: nil)
        root.navigator = self
        live[0] = root
        root.start()
    }

    /// A navigator with `other`'s settings and counters and, until `adopt` gives it copies,
    /// `other`'s root: the start of `copy()`.
    init(copying other: Navigator) {
        initialPages = other.initialPages
        mutant = other.mutant
        crashes = other.crashes
        didFinishFlow = other.didFinishFlow
        nextID = other.nextID
        root = other.root
    }

    func adopt(root: Coordinator, live: [Int: Coordinator], ended: [Int: Coordinator]) {
        self.root = root
        self.live = live
        self.ended = ended
    }

    public func coordinator(id: Int) -> Coordinator? { live[id] ?? ended[id] }

    func didAttach(_ c: Coordinator) {
        c.id = nextID
        nextID += 1
        live[c.id] = c
    }

    /// A coordinator to start; it gets its id when it is attached.
    public func makeCoordinator(_ kind: CoordinatorKind, initialScreen: Screen) -> Coordinator {
        Coordinator.make(kind, id: -1, initialScreen: initialScreen, navigator: self)
    }

    func result(for c: Coordinator) -> FlowEnd {
        finishing.contains(ObjectIdentifier(c)) ? .finished : .cancelled
    }

    func coordinatorDidFinish(_ c: Coordinator, _ result: FlowEnd) {
        if live[c.id] === c { live[c.id] = nil }
        if mutant == .endedCoordinatorCrashes { ended[c.id] = c }
        didFinishFlow?(c, result)
    }

    // MARK: - What the user sees

    public struct Visible {
        /// The coordinator whose screen is visible.
        public var owner: Coordinator
        /// The screen's index in the owner's stack; nil for a presented screen.
        public var stackIndex: Int?
        /// The coordinator that presented the topmost modal on the way down.
        public var modalHolder: Coordinator?
        /// The innermost tab bar nothing covers.
        public var tabBar: TabCoordinator?
    }

    /// Walks from the root to the visible screen: top modal first, else a tab's current page,
    /// else the top of the stack. Nil when the walk ends nowhere (a broken hierarchy). The
    /// mutants' walks take the last page, or stop at a page whose top is a pushed flow.
    public func visible(lastPageOfTabs: Bool = false, stopAtPages: Bool = false) -> Visible? {
        var c = root
        var holder: Coordinator?
        var tabBar: TabCoordinator?
        for _ in 0..<10_000 {
            if let top = c.router.presented.last {
                holder = c
                tabBar = nil
                switch top.content {
                case .screen: return Visible(owner: c, stackIndex: nil, modalHolder: holder, tabBar: nil)
                case .coordinator(let next): c = next; continue
                }
            }
            if let tab = c as? TabCoordinator {
                let page = lastPageOfTabs ? tab.pages.last : tab.currentPage
                guard let page, let next = tab.coordinator(for: page) else { return nil }
                tabBar = tab
                c = next
                if stopAtPages, next.router.presented.isEmpty, case .coordinator? = next.router.stack.last {
                    return Visible(owner: next, stackIndex: next.router.stack.count - 1, modalHolder: holder, tabBar: tab)
                }
                continue
            }
            guard let top = c.router.stack.last else { return nil }
            switch top {
            case .screen: return Visible(owner: c, stackIndex: c.router.stack.count - 1, modalHolder: holder, tabBar: tabBar)
            case .coordinator(let next): c = next
            }
        }
        return nil
    }

    /// The coordinator whose screen is visible (SUICoordinator `getCoordinatorPresented`).
    public func topCoordinator() -> Coordinator? {
        visible(lastPageOfTabs: mutant == .tabRootTopLastPage, stopAtPages: mutant == .tabTopIgnoresPushedChild)?.owner
    }

    // MARK: - Deep links and restarts

    /// Presents a new coordinator of `kind` on top of whatever is visible.
    public func forcePresentation(_ kind: CoordinatorKind, style: PresentationStyle, screen: Screen) throws(NavigationError) {
        guard style != .push else { throw .unsupported }
        guard let top = topCoordinator() else { throw .noSuchCoordinator }
        try top.navigate(to: makeCoordinator(kind, initialScreen: screen), style: style)
    }

    public func restartApp() { root.restart() }

    // MARK: - Gestures

    /// The back button or the edge swipe.
    public func userTappedBack() throws(NavigationError) {
        guard let v = visible(), let i = v.stackIndex else { throw .noBack }
        if i >= 1 { v.owner.didSwipeBack(); return }
        guard let parent = v.owner.parent, parent.router.stack.contains(where: { $0.coordinator === v.owner }) else { throw .noBack }
        parent.didSwipeBack(fromChild: v.owner)
    }

    /// Swiping the topmost modal down.
    public func userSwipedDown() throws(NavigationError) {
        guard let holder = visible()?.modalHolder, let top = holder.router.presented.last else { throw .nothingPresented }
        guard top.style.isSwipeDismissible else { throw .notDismissible }
        holder.didSwipeDismiss()
    }

    /// A tap on the tab bar.
    public func userTappedTab(_ page: TabPage) throws(NavigationError) {
        guard let tab = visible()?.tabBar else { throw .noTabBar }
        guard tab.pages.contains(page) else { throw .notFound }
        tab.didSelectTab(page)
    }
}
