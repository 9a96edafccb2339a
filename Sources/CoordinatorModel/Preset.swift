/// A named exploration setting of docs/SEMANTICS.md §6: root kind, structure bounds, depth bound, domain.
public struct Preset: Hashable, Sendable {
    /// How reports and `--presets` name it.
    public var name: String
    /// Its root kind and alphabets.
    public var configuration: Configuration
    @_spi(Engine) public var bounds: Bounds
    @_spi(Engine) public var maxDepth: Int?
    @_spi(Engine) public var domain: Domain

    @_spi(Engine) public init(name: String, configuration: Configuration, bounds: Bounds, maxDepth: Int?, domain: Domain) {
        self.name = name; self.configuration = configuration; self.bounds = bounds
        self.maxDepth = maxDepth; self.domain = domain
    }

    static func common(_ name: String, root: Kind, bounds: Bounds, depth: Int?) -> Preset {
        Preset(name: name, configuration: Configuration(routeCount: 2, pageCount: 2, rootKind: root),
               bounds: bounds, maxDepth: depth,
               domain: Domain(routes: [Route(0), Route(1)], pages: [Page(0), Page(1)]))
    }

    /// A navigation root: 3 coordinators, stacks of 2, one modal level.
    public static let small = common("small", root: .navigation, bounds: Bounds(maxCoordinators: 3, maxStack: 2, maxModals: 1), depth: nil)
    /// The same under a tab root.
    public static let smallTab = common("small-tab", root: .tab, bounds: Bounds(maxCoordinators: 3, maxStack: 2, maxModals: 1), depth: nil)
    /// A navigation root: 4 coordinators, stacks of 3, two modal levels, to depth 4.
    public static let ci = common("ci", root: .navigation, bounds: Bounds(maxCoordinators: 4, maxStack: 3, maxModals: 2), depth: 4)
    /// The same under a tab root.
    public static let ciTab = common("ci-tab", root: .tab, bounds: Bounds(maxCoordinators: 4, maxStack: 3, maxModals: 2), depth: 4)
    /// `ci`'s bounds to depth 5.
    public static let deep = common("deep", root: .navigation, bounds: Bounds(maxCoordinators: 4, maxStack: 3, maxModals: 2), depth: 5)

    /// `small`'s bounds and domain with the opt-in transitions (docs/SEMANTICS.md §4.7),
    /// explored completely. `switchRoot` joins the navigation and tab roots' spaces, so one
    /// preset covers both.
    public static let transitions = withTransitions(common("transitions", root: .navigation,
        bounds: Bounds(maxCoordinators: 3, maxStack: 2, maxModals: 1), depth: nil))
    /// `ci`'s bounds and depth with the opt-in transitions.
    public static let transitionsCI = withTransitions(common("transitions-ci", root: .navigation,
        bounds: Bounds(maxCoordinators: 4, maxStack: 3, maxModals: 2), depth: 4))

    static func withTransitions(_ preset: Preset) -> Preset {
        var p = preset
        p.domain.transitions = true
        return p
    }

    /// `ci`'s bounds, depth and domain from ALCoordinator's launch: the root presents a
    /// navigation flow at `r1` full screen as it starts (docs/SEMANTICS.md §2.2). `ci`'s two
    /// modal levels leave the root room to present over the launch child.
    public static let launch: Preset = {
        var p = common("launch", root: .navigation, bounds: Bounds(maxCoordinators: 4, maxStack: 3, maxModals: 2), depth: 4)
        p.configuration.launch = Launch(kind: .navigation, style: .fullScreen, route: Route(1))
        return p
    }()

    /// `small-tab`'s bounds and domain, explored completely, with the tab root set up showing
    /// `p1`, its second page (SUICoordinator's `initialPage:`, docs/SEMANTICS.md §2.2).
    public static let startPage: Preset = {
        var p = common("start-page", root: .tab, bounds: Bounds(maxCoordinators: 3, maxStack: 2, maxModals: 1), depth: nil)
        p.configuration.startPage = Page(1)
        return p
    }()

    /// `small`'s bounds and domain, explored completely, under a view root: a `redirection`
    /// coordinator showing one screen, which modals and presented children cover
    /// (CoordinatorX's `ViewCoordinator` as the app's coordinator, docs/SEMANTICS.md §2.2).
    public static let viewRoot = common("view-root", root: .redirection, bounds: Bounds(maxCoordinators: 3, maxStack: 2, maxModals: 1), depth: nil)

    /// Every preset, in the order `NavFuzz explore` lists them.
    public static let all: [Preset] = [small, smallTab, ci, ciTab, deep]
    /// The presets of the opt-in transitions: named by `--preset`, not run by default.
    public static let transitionPresets: [Preset] = [transitions, transitionsCI]
    /// The presets whose app starts otherwise (a launch child, a start page, a view root):
    /// named by `--preset`, not run by default.
    public static let startingPresets: [Preset] = [launch, startPage, viewRoot]
    /// Every preset a name picks: `all`, then the opt-in ones.
    public static var everyNamed: [Preset] { all + transitionPresets + startingPresets }
    /// The preset called `name`.
    public static func named(_ name: String) -> Preset? { everyNamed.first { $0.name == name } }
}
