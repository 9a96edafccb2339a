@_spi(Engine) import CoordinatorModel
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// The options that pick what is explored: a preset, then any bound or domain changed by flag.
struct ModelOptions {
    var preset: Preset
    var fault: Fault?

    static let help = """
      --preset NAME            \(Preset.everyNamed.map(\.name).joined(separator: ", ")),
                               \(Preset.fuzzPresets.map(\.name).joined(separator: " or "))
      --root KIND              navigation, tab or redirection (a view root: one screen)
      --max-coordinators N     live coordinators, tab pages included
      --max-stack N            entries of one stack
      --max-modals N           entries of one modal list
      --depth N|none           keep states within N steps of the initial state (also --max-depth)
      --routes N               routes r0 … r(N-1)
      --pages N                page universe p0 … p(N-1)
      --styles LIST            modal styles used, e.g. sheet,detents,fullScreen,overlay,custom
      --kinds LIST             kinds for start and forcePresentation, e.g. navigation,tab
      --multiple               also enumerate none and multiple of two router actions
      --dialect LIST           where the model follows a library's legitimate difference:
                               \(Dialect.named.map(\.name).joined(separator: ", "))
                               (default: strict; docs/SEMANTICS.md §9)
      --launch 'KIND STYLE R'  the root presents this child as it starts and on restartApp,
                               e.g. 'navigation fullScreen r1' (docs/SEMANTICS.md §2.2)
      --start-page P           a tab is set up showing this page, e.g. p1 (default: its first;
                               docs/SEMANTICS.md §2.2)
      --fault NAME             run a model with a known library bug (docs/SEMANTICS.md §8 lists them)
    """

    static func parse(_ args: inout Arguments, defaultPreset: String = "small") throws(UsageError) -> ModelOptions {
        let presets = Preset.everyNamed + Preset.fuzzPresets
        let name = try args.choice("--preset", presets.map(\.name)) ?? defaultPreset
        guard var preset = presets.first(where: { $0.name == name }) else { throw UsageError("no preset '\(name)'") }
        try configure(&preset.configuration, &args)
        if let n = try args.int("--max-coordinators", in: 1...64) { preset.bounds.maxCoordinators = n }
        if let n = try args.int("--max-stack", in: 1...64) { preset.bounds.maxStack = n }
        if let n = try args.int("--max-modals", in: 0...64) { preset.bounds.maxModals = n }
        if let depth = try args.option("--depth") {
            if depth == "none" {
                preset.maxDepth = nil
            } else {
                guard let d = Int(depth), (0...1000).contains(d) else {
                    let flag = args.spelled("--depth")
                    throw UsageError("\(flag) takes a whole number from 0 to 1000 or 'none', not '\(depth)'", hint: "for example \(flag) 6")
                }
                preset.maxDepth = d
            }
        }
        try domain(&preset, &args)
        var fault: Fault?
        if let f = try args.option("--fault") {
            guard let parsed = Fault(rawValue: f) else {
                throw UsageError("no fault '\(f)'", hint: "one of \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            fault = parsed
        }
        if let problem = preset.configuration.problem { throw UsageError(problem) }
        return ModelOptions(preset: preset, fault: fault)
    }

    /// The flags that shape the app under test: `--root`, `--dialect`, `--launch`, `--start-page`.
    private static func configure(_ configuration: inout Configuration, _ args: inout Arguments) throws(UsageError) {
        if let root = try args.choice("--root", Kind.allCases.map(\.description)) {
            configuration.rootKind = Kind.allCases.first { $0.description == root } ?? .navigation
        }
        if let text = try args.option("--dialect") {
            guard let dialect = Dialect(names: text) else {
                throw UsageError("--dialect takes \(Dialect.syntax); not '\(text)'", hint: "see docs/SEMANTICS.md §9")
            }
            configuration.dialect = dialect
        }
        if let text = try args.option("--launch") {
            do { configuration.launch = try Launch(parsing: text) } catch {
                throw UsageError("--launch takes 'KIND STYLE ROUTE' with a modal style; '\(text)': \(error)",
                                 hint: "for example --launch 'navigation fullScreen r1'")
            }
        }
        if let text = try args.option("--start-page") {
            guard case .select(_, let page)? = try? Action(parsing: "select c0 " + text) else {
                throw UsageError("--start-page takes a page like p1, not '\(text)'", hint: "for example --start-page p1")
            }
            configuration.startPage = page
        }
    }

    /// The flags that size the model and choose the calls explored: `--routes`, `--pages`,
    /// `--styles`, `--kinds`, `--multiple`.
    private static func domain(_ preset: inout Preset, _ args: inout Arguments) throws(UsageError) {
        if let n = try args.int("--routes", in: 1...250) {
            preset.configuration.routeCount = n
            preset.domain.routes = (0..<n).map(Route.init)
        }
        if let n = try args.int("--pages", in: 1...250) {
            preset.configuration.pageCount = n
            preset.configuration.initialPages = (0..<min(2, n)).map(Page.init)
            preset.domain.pages = (0..<n).map(Page.init)
            preset.domain.pageLists = Domain.defaultPageLists(preset.domain.pages)
        }
        if let list = try args.option("--styles") {
            var styles: [Style] = []
            for item in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let s = Style.allCases.first(where: { $0.description == item }), s.isModal else {
                    throw UsageError("--styles takes modal styles (sheet, detents, fullScreen, overlay, custom), not '\(item)'",
                                     hint: "for example --styles sheet,detents")
                }
                styles.append(s)
            }
            preset.domain.presentStyles = styles
            preset.domain.forceStyles = styles
            preset.domain.startStyles = [.push] + styles
        }
        if let list = try args.option("--kinds") {
            var kinds: [Kind] = []
            for item in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let k = Kind.allCases.first(where: { $0.description == item }) else {
                    throw UsageError("--kinds takes navigation, tab or redirection, not '\(item)'", hint: "for example --kinds navigation,tab")
                }
                kinds.append(k)
            }
            preset.domain.startKinds = kinds
        }
        if args.flag("--multiple") { preset.domain.includeNoneAndMultiple = true }
    }

    var machine: CoordinatorMachine { CoordinatorMachine(preset: preset, fault: fault) }

    /// How this run judges a `sometimes` property it never reached (docs/SEMANTICS.md §5.3):
    /// what cannot come about within the preset's bounds is skipped with the reason; a shard
    /// leaves the rest to `merge`.
    func sometimes(shard: Shard) -> Unreached {
        var impossible: [String: String] = [:]
        for p in SometimesProperty.all {
            impossible[p.name] = p.impossible(within: preset.bounds, configuration: preset.configuration, domain: preset.domain)
        }
        return Unreached(impossible: impossible,
                         undecided: shard == .whole ? nil : Skipped.notReachedByShard)
    }

    /// The settings as JUnit suite properties.
    var settings: [JUnitProperty] {
        var out = [
            JUnitProperty(name: "preset", value: preset.name),
            JUnitProperty(name: "root", value: preset.configuration.rootKind.description),
            JUnitProperty(name: "bounds", value: preset.bounds.description),
            JUnitProperty(name: "max-depth", value: preset.maxDepth.map(String.init) ?? "none"),
            JUnitProperty(name: "routes", value: String(preset.configuration.routeCount)),
            JUnitProperty(name: "pages", value: String(preset.configuration.pageCount)),
            // What --styles, --kinds and --multiple change, so that `merge` tells runs apart.
            JUnitProperty(name: "styles", value: preset.domain.presentStyles.map(\.description).joined(separator: ",")),
            JUnitProperty(name: "kinds", value: preset.domain.startKinds.map(\.description).joined(separator: ",")),
            JUnitProperty(name: "multiple", value: String(preset.domain.includeNoneAndMultiple)),
        ]
        if preset.configuration.dialect != .strict {
            out.append(JUnitProperty(name: "dialect", value: preset.configuration.dialect.description))
        }
        if let launch = preset.configuration.launch { out.append(JUnitProperty(name: "launch", value: launch.description)) }
        if let page = preset.configuration.startPage { out.append(JUnitProperty(name: "start-page", value: page.description)) }
        if let fault { out.append(JUnitProperty(name: "fault", value: fault.rawValue)) }
        return out
    }
}
