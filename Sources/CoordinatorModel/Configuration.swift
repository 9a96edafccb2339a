/// What a model run is over: the alphabets that arguments are checked against and the root.
public struct Configuration: Hashable, Sendable {
    /// Routes `r0 ..< r{routeCount}`.
    public var routeCount: Int
    /// Pages `p0 ..< p{pageCount}`: the page universe.
    public var pageCount: Int
    /// The pages a new tab coordinator starts with.
    public var initialPages: [Page] {
        get { pages ?? (0..<Int(packedCount)).map { Page(Int(packedPages >> (8 * UInt64($0)) & 0xFF)) } }
        set {
            if newValue.count <= 8 {
                packedCount = UInt8(newValue.count)
                packedPages = newValue.indices.reduce(0) { $0 | UInt64(newValue[$1].index) << (8 * UInt64($1)) }
                pages = nil
            } else {
                packedCount = 0; packedPages = 0; pages = newValue
            }
        }
    }
    /// The root coordinator's kind: navigation (the default) or tab.
    public var rootKind: Kind
    /// Where the model follows a library's legitimate difference (docs/SEMANTICS.md §9);
    /// strict by default.
    public var dialect: Dialect
    /// The child the root presents as it starts, if any (docs/SEMANTICS.md §2.2): part of the
    /// initial state, and presented again by `restartApp`. Three bytes, declared here so that
    /// they fill padding: every step of exploration copies the configuration.
    public var launch: Launch?
    /// The page a tab shows when it is set up (SUICoordinator's `initialPage:`), one of
    /// `initialPages`; nil: the first of them (docs/SEMANTICS.md §2.2).
    public var startPage: Page?

    /// The page current in a tab just set up: `startPage`, else the first initial page.
    public var pageShownAtStart: Page { startPage ?? initialPage(0) }

    /// `initialPages.count` and `initialPages[k]`, without building the list.
    public var initialPageCount: Int { pages?.count ?? Int(packedCount) }
    /// `initialPages[k]`, without building the list.
    public func initialPage(_ k: Int) -> Page {
        pages?[k] ?? Page(Int(packedPages >> (8 * UInt64(k)) & 0xFF))
    }

    /// Up to eight initial pages live packed in one word, a byte each, so that copying a
    /// configuration (every step of exploration carries one) retains nothing; longer lists
    /// live in `pages`.
    private var packedPages: UInt64 = 0
    private var packedCount: UInt8 = 0
    private var pages: [Page]?

    /// By default two routes, two pages, the first two pages (or fewer) initial and the first
    /// shown, a navigation root, the strict dialect and no launch child.
    public init(routeCount: Int = 2, pageCount: Int = 2, initialPages: [Page]? = nil, rootKind: Kind = .navigation,
                dialect: Dialect = .strict, launch: Launch? = nil, startPage: Page? = nil) {
        self.routeCount = routeCount
        self.pageCount = pageCount
        self.rootKind = rootKind
        self.dialect = dialect
        self.launch = launch
        self.startPage = startPage
        self.initialPages = initialPages ?? (0..<min(2, pageCount)).map(Page.init)
    }

    /// Whether `r` is in the route alphabet.
    public func isValid(_ r: Route) -> Bool { Int(r.index) < routeCount }
    /// Whether `p` is in the page universe.
    public func isValid(_ p: Page) -> Bool { Int(p.index) < pageCount }

    /// Whether `action`'s arguments are inside the alphabets and its lists well-formed: the
    /// model's first check, which refuses with `invalid` (docs/SEMANTICS.md §4.1). An adapter
    /// asks this before calling its library, which cannot know the alphabets.
    public func accepts(_ action: Action) -> Bool {
        switch action {
        case .push(_, let r), .popTo(_, let r), .setRoot(_, let r), .replaceRoot(_, let r),
             .present(_, let r, _), .set(_, let r), .start(_, _, _, let r),
             .forcePresentation(_, _, let r), .redirect(_, let r, _):
            return isValid(r)
        case .select(_, let p), .setBadge(_, let p, _), .userSelectTab(let p):
            return isValid(p)
        case .setPages(_, let pages, let current):
            if pages.isEmpty || !pages.allSatisfy(isValid) { return false }
            if let current, !isValid(current) { return false }
            for i in pages.indices where pages[..<i].contains(pages[i]) { return false }
            return true
        case .multiple(let c, let parts):
            return !parts.isEmpty && parts.allSatisfy { $0.name.isRouterPart && $0.target == c && accepts($0) }
        case .redirectTo(let c, let part):
            return (part.name.isRouterPart || part.name == .multiple) && part.target == c && accepts(part)
        case .switchRoot(_, let r), .startShared(_, let r):
            return isValid(r)
        case .setStack(_, let routes), .startStack(_, _, let routes):
            return !routes.isEmpty && routes.allSatisfy(isValid)
        default:
            return true
        }
    }

    /// A configuration is usable when the initial pages are a non-empty, duplicate-free part of
    /// the universe, the start page is one of them and a launch child is presented
    /// modally with a route of the alphabet.
    public var problem: String? {
        if routeCount < 1 || routeCount > 250 { return "routes must be between 1 and 250" }
        if pageCount < 1 || pageCount > 250 { return "pages must be between 1 and 250" }
        if initialPages.isEmpty { return "a tab needs at least one initial page" }
        if Set(initialPages).count != initialPages.count { return "initial pages repeat a page" }
        if let p = initialPages.first(where: { !isValid($0) }) { return "initial page \(p) is outside the page universe" }
        if let startPage, !initialPages.contains(startPage) { return "start page \(startPage) is not one of the initial pages" }
        if let launch {
            if !launch.style.isModal { return "the launch child must be presented in a modal style, not \(launch.style)" }
            if !isValid(launch.route) { return "launch route \(launch.route) is outside the route alphabet" }
        }
        return nil
    }
}
