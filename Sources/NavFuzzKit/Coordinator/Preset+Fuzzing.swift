@_spi(Engine) import CoordinatorModel

/// Settings for fuzzing the coordinator model. Random walks do not enumerate the state space,
/// so they can afford far larger structures than exploration (docs/SEMANTICS.md §6): twelve
/// coordinators, stacks of eight, four modal levels, every style, three routes and pages, and
/// the `none` and `multiple` actions exploration leaves out.
extension Preset {
    @_spi(Engine) public static let fuzz = fuzzing("fuzz", root: .navigation)
    @_spi(Engine) public static let fuzzTab = fuzzing("fuzz-tab", root: .tab)

    static func fuzzing(_ name: String, root: Kind) -> Preset {
        let routes = (0..<3).map(Route.init)
        let pages = (0..<3).map(Page.init)
        let modal: [Style] = [.sheet, .detents, .fullScreen, .overlay, .custom]
        let lists = Domain.defaultPageLists(pages) + [pages, pages.reversed()]
        return Preset(
            name: name,
            configuration: Configuration(routeCount: 3, pageCount: 3, rootKind: root),
            bounds: Bounds(maxCoordinators: 12, maxStack: 8, maxModals: 4),
            maxDepth: nil,
            domain: Domain(routes: routes, pages: pages, startKinds: Kind.allCases,
                           startStyles: Style.allCases, forceStyles: modal, presentStyles: modal,
                           pageLists: lists, badgeValues: [nil, 1, 2], includeNoneAndMultiple: true))
    }

    /// The fuzzing presets, by name (`fuzz`, `fuzz-tab`).
    @_spi(Engine) public static let fuzzPresets: [Preset] = [fuzz, fuzzTab]

    /// The random phase of verification: short swarm walks over every action and style,
    /// beyond what the small presets' exploration reaches — seven coordinators (a tab root
    /// with five more), stacks of four, three modal levels — with three routes and pages.
    @_spi(Engine) public static let swarm = swarming("swarm", root: .navigation)
    @_spi(Engine) public static let swarmTab = swarming("swarm-tab", root: .tab)

    static func swarming(_ name: String, root: Kind) -> Preset {
        var preset = fuzzing(name, root: root)
        preset.bounds = Bounds(maxCoordinators: 7, maxStack: 4, maxModals: 3)
        return preset
    }

    /// The random phase's presets, by name (`swarm`, `swarm-tab`).
    @_spi(Engine) public static let swarmPresets: [Preset] = [swarm, swarmTab]
}

extension Fuzzer where M == CoordinatorMachine {
    /// Fuzzes the coordinator model. Calling through this concrete entry point lets the
    /// compiler specialize the generic engine for the model, as `Explorer.coordinators` does.
    @_spi(Engine) public static func coordinators(_ machine: CoordinatorMachine, options: Options) -> FuzzReport<CoordinatorMachine> {
        Fuzzer(machine, options: options).run()
    }
}

extension Shrinker where M == CoordinatorMachine {
    /// Shrinks a coordinator trace, specialized for the model.
    @_spi(Engine) public static func coordinators(_ machine: CoordinatorMachine, actions: [Action], from initial: CoordinatorModel.State,
                                    property: String?, maxSeconds: Double? = nil) -> ShrinkResult<CoordinatorMachine>? {
        Shrinker(machine).shrink(actions, from: initial, property: property, maxSeconds: maxSeconds)
    }
}
