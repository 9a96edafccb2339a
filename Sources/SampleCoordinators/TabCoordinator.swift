/// A coordinator with tab pages, one navigation coordinator per page, and badges
/// (SUICoordinator `TabCoordinator`). Its own modals cover the tab bar.
public final class TabCoordinator: Coordinator {
    public internal(set) var pages: [TabPage] = []
    public internal(set) var currentPage = TabPage(0)
    public internal(set) var badges: [TabPage: Int] = [:]
    /// `pageCoordinators[i]` shows `pages[i]`.
    public internal(set) var pageCoordinators: [Coordinator] = []

    /// Sets up the navigator's initial pages, each with a new page coordinator, the first current.
    public override func start() {
        pages = navigator?.initialPages ?? [TabPage(0)]
        pageCoordinators = pages.map { _ in makePage() }
        currentPage = pages[0]
        badges = [:]
    }

    public func coordinator(for page: TabPage) -> Coordinator? {
        pages.firstIndex(of: page).map { pageCoordinators[$0] }
    }

    public func select(_ page: TabPage) throws(NavigationError) {
        checkAlive()
        guard pages.contains(page) else { throw .notFound }
        currentPage = page
    }

    /// Replaces the pages: removed pages' coordinators end, kept ones stay, new ones start.
    public func setPages(_ newPages: [TabPage], current: TabPage?) throws(NavigationError) {
        checkAlive()
        if let current, !newPages.contains(current) { throw .notFound }
        for (page, pc) in zip(pages, pageCoordinators) where !newPages.contains(page) { endChild(pc) }
        var coordinators: [Coordinator] = []
        for page in newPages {
            if let kept = coordinator(for: page) {
                coordinators.append(kept)
                if mutant == .duplicatePageChild { children.append(kept) }
            } else {
                coordinators.append(makePage())
            }
        }
        currentPage = current ?? (newPages.contains(currentPage) ? currentPage : newPages[0])
        badges = badges.filter { newPages.contains($0.key) }
        pages = newPages
        pageCoordinators = coordinators
    }

    public func setBadge(_ page: TabPage, _ value: Int?) throws(NavigationError) {
        checkAlive()
        guard pages.contains(page) else { throw .notFound }
        badges[page] = value
    }

    /// Pops the current page's stack to its first screen.
    public func popCurrentPageToRoot() throws(NavigationError) {
        checkAlive()
        guard let pc = coordinator(for: currentPage) else { throw .notFound }
        try pc.perform(.popToRoot)
    }

    /// The user tapped a tab.
    func didSelectTab(_ page: TabPage) {
        if mutant == .tabTapIgnored { return }
        currentPage = page
    }

    private func makePage() -> Coordinator {
        let page = navigator?.makeCoordinator(.navigation, initialScreen: Screen(0))
            ?? NavigationCoordinator(id: -1, kind: .navigation, initialScreen: Screen(0), navigator: nil)
        attach(page)
        page.start()
        return page
    }
}
