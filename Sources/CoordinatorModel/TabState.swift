/// A tab coordinator's pages. `pageCoordinators[i]` hosts `pages[i]`; badges are kept sorted
/// by page so that equal tabs compare equal.
public struct TabState: Hashable, Sendable {
    /// The tab's pages, in order.
    public var pages: [Page]
    /// The selected page.
    public var current: Page
    /// The badges, sorted by page, at most one per page.
    public var badges: [Badge]
    /// The coordinators hosting the pages: `pageCoordinators[i]` hosts `pages[i]`.
    public var pageCoordinators: [CoordinatorID]

    /// A badge value shown on a page.
    public struct Badge: Hashable, Sendable {
        /// The page that shows the badge.
        public var page: Page
        /// The badge value: any `Int`, `0` and negatives included.
        public var value: Int
        /// A badge of `value` on `page`.
        public init(page: Page, value: Int) { self.page = page; self.value = value }
    }

    /// A tab with these pages, current page, badges and page coordinators.
    public init(pages: [Page], current: Page, badges: [Badge] = [], pageCoordinators: [CoordinatorID]) {
        self.pages = pages; self.current = current; self.badges = badges; self.pageCoordinators = pageCoordinators
    }

    /// The coordinator hosting `page`, or nil when the tab has no such page.
    public func coordinator(for page: Page) -> CoordinatorID? {
        pages.firstIndex(of: page).flatMap { $0 < pageCoordinators.count ? pageCoordinators[$0] : nil }
    }
    /// The badge value of `page`, or nil when it has none.
    public func badge(for page: Page) -> Int? { badges.first { $0.page == page }?.value }

    /// Sets the badge of `page`, or removes it when `value` is nil; badges stay sorted by page.
    public mutating func setBadge(_ page: Page, _ value: Int?) {
        badges.removeAll { $0.page == page }
        if let value {
            badges.append(Badge(page: page, value: value))
            badges.sort { $0.page < $1.page }
        }
    }
}
