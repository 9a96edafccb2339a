/// A page of a tab bar: its position and the coordinator that shows it.
public protocol TabbarPage: Hashable {
    var position: Int { get }
    func coordinator() -> Coordinator
}

/// What `Coordinator` needs to know of a tab bar of any page type.
protocol AnyTabbarCoordinator: Coordinator {
    var selectedCoordinator: Coordinator? { get }
    func isPage(_ coordinator: Coordinator) -> Bool
}

/// A coordinator that shows a tab bar (a `UITabBarController`), one coordinator per page.
open class TabbarCoordinator<Page: TabbarPage>: Coordinator, AnyTabbarCoordinator {
    public private(set) var pages: [Page] = []
    /// The page selected. Setting a page that is not in the bar changes nothing.
    public var currentPage: Page {
        didSet {
            guard let i = pages.firstIndex(of: currentPage) else { currentPage = oldValue; return }
            selectedIndex = i
        }
    }
    /// The tab bar controller's own selection: what the user sees.
    public private(set) var selectedIndex = 0
    public private(set) var pageCoordinators: [Page: Coordinator] = [:]
    private let firstPages: [Page]
    /// The page selected when it starts: `currentPage:` of `init`, else the first.
    private let startPage: Page

    /// The bug the library can be built with, for NavFuzz's example: a tap on the tab bar
    /// changes the tab shown but not `currentPage` (what ALCoordinator fixed in its issue 55).
    public var tapKeepsCurrentPage = false
    /// Another: `start` selects the first page whatever `currentPage:` said.
    public var startsOnFirstPage = false
    /// Another: `getCoordinatorSelected()` takes the child at the tab bar's selected index,
    /// which is the page's only until `setPages` reorders the pages.
    public var selectedByTabIndex = false

    public init(pages: [Page], currentPage: Page? = nil, presentationStyle: NavigationTransitionStyle = .modal) {
        firstPages = pages
        startPage = currentPage ?? pages[0]
        self.currentPage = startPage
        super.init(presentationStyle: presentationStyle, hasNavigation: false)
    }

    /// Builds the pages' coordinators and selects the page it was made with.
    open override func start(animated: Bool = true) {
        setPages(firstPages, currentPage: startsOnFirstPage ? firstPages.first : startPage)
    }

    /// Updates the pages: kept pages keep their coordinators, new ones get fresh ones, removed
    /// ones end. The current page becomes `currentPage`, else stays when it is kept, else is
    /// the first. False, changing nothing, when `currentPage` is not one of `values`.
    @discardableResult
    public func setPages(_ values: [Page], currentPage page: Page? = nil, completion: (() -> Void)? = nil) -> Bool {
        guard !values.isEmpty, page.map(values.contains) ?? true else { return false }
        let removed = pages.filter { !values.contains($0) }
        for p in removed { if let c = pageCoordinators.removeValue(forKey: p) { end(child: c) } }
        pages = values
        for p in values where pageCoordinators[p] == nil {
            let c = p.coordinator()
            c.parent = self
            c.popToRootSkipsCompletionAtRoot = popToRootSkipsCompletionAtRoot
            c.transitionOverrideIgnored = transitionOverrideIgnored
            c.popToViewFindsFirst = popToViewFindsFirst
            children.append(c)
            pageCoordinators[p] = c
            c.start(animated: false)
        }
        currentPage = page ?? (values.contains(currentPage) ? currentPage : values[0])
        selectedIndex = pages.firstIndex(of: currentPage) ?? 0
        completion?()
        return true
    }

    /// The coordinator of the selected page.
    public func getCoordinatorSelected() -> Coordinator? {
        if selectedByTabIndex { return children.indices.contains(selectedIndex) ? children[selectedIndex] : nil }
        return pageCoordinators[currentPage]
    }

    /// What the tab bar controller's delegate hears when the user taps the tab at `index`.
    public func tabBarController(didSelect index: Int) {
        guard pages.indices.contains(index) else { return }
        selectedIndex = index
        if !tapKeepsCurrentPage { currentPage = pages[index] }
    }

    var selectedCoordinator: Coordinator? { getCoordinatorSelected() }
    func isPage(_ coordinator: Coordinator) -> Bool { pageCoordinators.values.contains { $0 === coordinator } }

    override func endPages() {
        for c in pageCoordinators.values { end(child: c) }
        pageCoordinators = [:]
        pages = []
    }
}
