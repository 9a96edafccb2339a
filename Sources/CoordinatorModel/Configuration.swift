/// What a model run is over: the alphabets that arguments are checked against and the root.
public struct Configuration: Hashable, Sendable {
    /// Routes `r0 ..< r{routeCount}`.
    public var routeCount: Int
    /// Pages `p0 ..< p{pageCount}`: the page universe.
    public var pageCount: Int
    /// The pages a new tab coordinator starts with.
    public var initialPages: [Page]
    public var rootKind: Kind

    public init(routeCount: Int = 2, pageCount: Int = 2, initialPages: [Page]? = nil, rootKind: Kind = .navigation) {
        self.routeCount = routeCount
        self.pageCount = pageCount
        self.initialPages = initialPages ?? (0..<min(2, pageCount)).map(Page.init)
        self.rootKind = rootKind
    }

    public func isValid(_ r: Route) -> Bool { Int(r.index) < routeCount }
    public func isValid(_ p: Page) -> Bool { Int(p.index) < pageCount }

    /// A configuration is usable when the initial pages are a non-empty, duplicate-free part of
    /// the universe and the root is a navigation or tab coordinator.
    public var problem: String? {
        if routeCount < 1 || routeCount > 250 { return "routes must be between 1 and 250" }
        if pageCount < 1 || pageCount > 250 { return "pages must be between 1 and 250" }
        if initialPages.isEmpty { return "a tab needs at least one initial page" }
        if Set(initialPages).count != initialPages.count { return "initial pages repeat a page" }
        if let p = initialPages.first(where: { !isValid($0) }) { return "initial page \(p) is outside the page universe" }
        if rootKind == .redirection { return "the root must be navigation or tab" }
        return nil
    }
}
