public protocol TabPage: Hashable, Sendable {
    var position: Int { get }
    /// The page's own flow, made when the page is shown.
    @MainActor func coordinator() -> CoordinatorBase
}

/// A tab bar: a page per tab, each with its own coordinator.
@MainActor open class TabCoordinator<Page: TabPage, Route: RouteType>: Coordinator<Route> {
    public private(set) var pages: [Page]
    /// TabView's selection binding writes it; a page the bar does not show is ignored.
    public var currentPage: Page {
        didSet { if !pages.contains(currentPage) { currentPage = oldValue } }
    }
    public private(set) var badges: [Page: Int] = [:]
    private let initialPages: [Page]
    /// The page it shows when it starts (`DefaultTabCoordinator(initialPage:)` passes it).
    private let startPage: Page
    private var pageCoordinators: [Page: CoordinatorBase] = [:]
    /// The flow `setCurrentPage` switched to last: what the `selectedMissesTap` bug answers.
    private weak var switchedTo: CoordinatorBase?

    public init(pages: [Page], currentPage: Page) {
        self.pages = pages
        self.currentPage = currentPage
        initialPages = pages
        startPage = currentPage
        super.init()
    }

    /// Shows the pages it was made with, `currentPage:` current, each with a fresh flow.
    open override func start() async {
        pages = initialPages
        currentPage = faults.contains(.startsOnFirstPage) ? initialPages[0] : startPage
        badges = [:]
        switchedTo = nil
        for page in pages { await makeCoordinator(for: page) }
    }

    /// New pages get fresh flows, pages kept keep theirs, the flows of pages dropped end.
    /// Ignored when `newCurrent` is not one of `newPages`.
    public func setPages(_ newPages: [Page], currentPage newCurrent: Page? = nil) async {
        await Task.yield()
        if let newCurrent, !newPages.contains(newCurrent) { return }
        for page in pages where !newPages.contains(page) {
            badges[page] = nil
            if let c = pageCoordinators.removeValue(forKey: page) { endChild(c) }
        }
        let kept = newPages.contains(currentPage)
        pages = newPages
        for page in newPages where pageCoordinators[page] == nil { await makeCoordinator(for: page) }
        currentPage = newCurrent ?? (kept ? currentPage : newPages[0])
    }

    /// Ignored for a page the bar does not show.
    public func setBadge(for page: Page, with value: Int?) {
        guard pages.contains(page) else { return }
        badges[page] = value
    }

    /// Switches to `page`: false when the bar does not show it or it is current already.
    @discardableResult
    public func setCurrentPage(_ page: Page) -> Bool {
        guard pages.contains(page), page != currentPage else { return false }
        currentPage = page
        switchedTo = pageCoordinators[page]
        return true
    }

    /// The current page's flow; throws when it has none.
    public func getCoordinatorSelected() throws -> CoordinatorBase {
        if faults.contains(.selectedMissesTap), let switchedTo { return switchedTo }
        guard let c = pageCoordinators[currentPage] else { throw NavigationError.noSelectedCoordinator }
        return c
    }

    /// Pops the current page's flow to its first screen.
    public func popToRoot() async {
        let selected = try? getCoordinatorSelected()
        if faults.contains(.castsToOwnRouteType) {
            await (selected as? Coordinator<Route>)?.router.popToRoot()
        } else {
            await selected?.popToFirstScreen()
        }
    }

    public func getCoordinator(with page: Page) -> CoordinatorBase? {
        pageCoordinators[page]
    }

    override func clearRouter() {
        super.clearRouter()
        pageCoordinators = [:]
    }

    override func removeEntry(showing child: CoordinatorBase) -> Bool {
        if super.removeEntry(showing: child) { return true }
        guard let page = pageCoordinators.first(where: { $0.value === child })?.key else { return false }
        pageCoordinators[page] = nil
        return false
    }

    override var showsTabBar: Bool { true }

    override func hostsPage(_ child: CoordinatorBase) -> Bool {
        pageCoordinators.values.contains { $0 === child }
    }

    override func shownOnTop() -> CoordinatorBase? {
        if let top = router.sheets.last { return top.content.coordinator as? CoordinatorBase }
        return pageCoordinators[currentPage]
    }

    override var presentsScreen: Bool { router.sheets.last.map { $0.content.coordinator == nil } ?? false }

    private func makeCoordinator(for page: Page) async {
        let c = page.coordinator()
        attach(c)
        pageCoordinators[page] = c
        await c.start()
    }
}
