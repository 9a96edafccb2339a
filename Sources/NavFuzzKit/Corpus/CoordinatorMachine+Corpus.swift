@_spi(Engine) import CoordinatorModel

/// The corpus settings of the coordinator model (docs/CORPUS.md): `root`, `routes`, `pages`,
/// `initialPages`, `startPage`, `dialect`, `launch` and `fault`, each optional. A corpus file describes a
/// model run, not an exploration, so the machine it builds has no bounds; its domain is the
/// fuzzing domain over the file's routes and pages.
extension CoordinatorMachine {
    @_spi(Engine) public static let corpusKeys = ["root", "routes", "pages", "initialPages", "startPage", "dialect", "launch", "fault"]

    /// Builds the machine a corpus file's settings describe.
    @_spi(Engine) public static func fromCorpus(_ c: CorpusConfiguration) throws(CorpusError) -> CoordinatorMachine {
        if let error = c.unknownKey(known: corpusKeys) { throw error }
        let root = try c.value("root", expected: "a root kind (navigation, tab, redirection)") { s in
            Kind.allCases.first { $0.description == s }
        } ?? .navigation
        func count(_ key: String, default value: Int) throws(CorpusError) -> Int {
            try c.value(key, expected: "a number of \(key) from 1 to 250") { s in printedNumber(s[...]).flatMap { (1...250).contains($0) ? $0 : nil } }
                ?? value
        }
        let routes = try count("routes", default: 2)
        let pages = try count("pages", default: 2)
        let initialPages = try c.value("initialPages", expected: "a page list like [p0,p1]") { s in
            if case .setPages(_, let list, nil)? = try? Action(parsing: "setPages c0 " + s) { list } else { nil }
        }
        let startPage = try c.value("startPage", expected: "a page like p1") { s in
            if case .select(_, let p)? = try? Action(parsing: "select c0 " + s) { p } else { nil }
        }
        let fault = try c.value("fault", expected: "a fault (\(Fault.allCases.map(\.rawValue).joined(separator: ", ")))", Fault.init(rawValue:))
        let dialect = try c.value("dialect", expected: "a dialect (\(Dialect.syntax))", Dialect.init(names:)) ?? .strict
        var launch: Launch?
        if let s = c["launch"] {
            // The column of the word at fault, counted in the value.
            do { launch = try Launch(parsing: s.value) } catch {
                var at = s
                at.column += error.column - 1
                throw c.error(at, error.message)
            }
        }
        let configuration = Configuration(routeCount: routes, pageCount: pages, initialPages: initialPages, rootKind: root,
                                          dialect: dialect, launch: launch, startPage: startPage)
        if let problem = configuration.problem {
            let launchAtFault = launch.map { !configuration.isValid($0.route) } == true
            let at = (launchAtFault ? c["launch"] : nil) ?? c["startPage"] ?? c["initialPages"] ?? c["pages"] ?? c["routes"] ?? c["root"]
                ?? CorpusSetting(key: "", value: "", line: 1, column: 1)
            throw c.error(at, "expected a usable configuration: \(problem)")
        }
        return fromConfiguration(configuration, fault: fault)
    }

    /// The machine of a corpus file with these settings: no bounds, the fuzzing domain over
    /// the configuration's routes and pages.
    @_spi(Engine) public static func fromConfiguration(_ configuration: Configuration, fault: Fault? = nil) -> CoordinatorMachine {
        let fuzz = Preset.fuzz.domain
        let domain = Domain(routes: (0..<configuration.routeCount).map(Route.init), pages: (0..<configuration.pageCount).map(Page.init),
                            startKinds: fuzz.startKinds, startStyles: fuzz.startStyles, forceStyles: fuzz.forceStyles,
                            presentStyles: fuzz.presentStyles, badgeValues: fuzz.badgeValues, includeNoneAndMultiple: true)
        return CoordinatorMachine(model: Model(configuration: configuration, fault: fault), bounds: .unbounded, domain: domain)
    }

    /// The settings that describe this machine in a corpus file; defaults are left out.
    @_spi(Engine) public var corpusSettings: [CorpusSetting] {
        let c = model.configuration
        var out = [CorpusSetting(key: "root", value: c.rootKind.description)]
        if c.routeCount != 2 { out.append(CorpusSetting(key: "routes", value: String(c.routeCount))) }
        if c.pageCount != 2 { out.append(CorpusSetting(key: "pages", value: String(c.pageCount))) }
        if c.initialPages != Configuration(routeCount: c.routeCount, pageCount: c.pageCount).initialPages {
            out.append(CorpusSetting(key: "initialPages", value: "[" + c.initialPages.map(\.description).joined(separator: ",") + "]"))
        }
        if let p = c.startPage { out.append(CorpusSetting(key: "startPage", value: p.description)) }
        if c.dialect != .strict { out.append(CorpusSetting(key: "dialect", value: c.dialect.description)) }
        if let launch = c.launch { out.append(CorpusSetting(key: "launch", value: launch.description)) }
        if let f = model.fault { out.append(CorpusSetting(key: "fault", value: f.rawValue)) }
        return out
    }
}

extension Corpus where M == CoordinatorMachine {
    /// The corpus of the coordinator model.
    @_spi(Engine) public static var coordinators: Corpus<CoordinatorMachine> {
        Corpus { (c: CorpusConfiguration) throws(CorpusError) -> CoordinatorMachine in try CoordinatorMachine.fromCorpus(c) }
    }
}

private extension CorpusConfiguration {
    /// The value of the `key:` line read by `parse`, nil without such a line; a value `parse`
    /// cannot read is an error naming what was expected there.
    func value<T>(_ key: String, expected: String, _ parse: (String) -> T?) throws(CorpusError) -> T? {
        guard let s = self[key] else { return nil }
        guard let read = parse(s.value) else { throw error(s, "expected \(expected), found '\(s.value)'") }
        return read
    }
}
