@_spi(Engine) import CoordinatorModel

extension ConformanceFailure {
    /// The failing trace as a test to paste into the user's suite: it calls the helper the way
    /// the user's test did (`subject`: its first argument as written, `MyAdapter(window: w)` or
    /// `driver: .command("…")`) with options that replay the trace, and fails while the bug is
    /// there. The file it goes into imports NavFuzzTesting and the test framework.
    public func regressionTest(_ framework: TestFramework, subject: String, runIn location: RunLocation = .inProcess) -> String {
        let call = framework == .swiftTesting ? "expectConformance" : "assertConformance"
        var arguments = "["
        if !trace.isEmpty {
            arguments += "\n" + trace.map { "        \(Self.swiftString($0.description)),\n" }.joined() + "    ]"
        } else {
            arguments += "]"
        }
        if let interleaving { arguments += ", overlapping: \(Self.swiftString(interleaving.replayText))" }
        // The dialect is the system's to declare: the replay speaks it again.
        var configuration = configuration
        configuration.dialect = .strict
        if configuration != Configuration() { arguments += ", configuration: \(Self.swiftExpression(configuration))" }
        // A crash is contained in a child process, where there are processes.
        if location == .childProcess || check == .noCrash, !subject.hasPrefix("driver:") { arguments += ", runIn: .childProcess" }
        let body = "    await \(call)(\(subject), options: .replaying(\(arguments)))\n"
        let name = testName
        switch framework {
        case .swiftTesting:
            return "@Test func \(name)() async {\n\(body)}"
        case .xcTest:
            return "func test\(name.prefix(1).uppercased() + name.dropFirst())() async {\n\(body)}"
        }
    }

    /// `noOrphanAfterUserBack`: the check, then the failing step's action kind.
    var testName: String {
        let words = check.name.split(separator: "-").map(String.init)
        let check = words.enumerated().map { $0 == 0 ? $1 : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
        guard let action = step.modelAction else { return check + "AtStart" }
        let kind = action.name.rawValue
        return check + "After" + kind.prefix(1).uppercased() + kind.dropFirst()
    }

    /// A Swift string literal.
    static func swiftString(_ text: String) -> String {
        "\"" + TextSanitizer.escaped(text, quoting: true) + "\""
    }

    /// `Configuration(…)` naming only what differs from the defaults.
    static func swiftExpression(_ c: Configuration) -> String {
        let defaults = Configuration(routeCount: c.routeCount, pageCount: c.pageCount, rootKind: c.rootKind)
        var arguments: [String] = []
        if c.routeCount != 2 { arguments.append("routeCount: \(c.routeCount)") }
        if c.pageCount != 2 { arguments.append("pageCount: \(c.pageCount)") }
        if c.initialPages != defaults.initialPages {
            arguments.append("initialPages: [\(c.initialPages.map { "Page(\($0.index))" }.joined(separator: ", "))]")
        }
        if c.rootKind != .navigation { arguments.append("rootKind: .\(c.rootKind)") }
        if let l = c.launch { arguments.append("launch: Launch(kind: .\(l.kind), style: .\(l.style), route: Route(\(l.route.index)))") }
        if let p = c.startPage { arguments.append("startPage: Page(\(p.index))") }
        return "Configuration(\(arguments.joined(separator: ", ")))"
    }
}

extension Verifier.Options {
    /// Options that only replay `steps` (action texts, as a failure prints them) under
    /// `configuration` from reset: no random phase, no exploration, no shrinking, so that a
    /// regression test checks exactly its trace. A step that is not an action makes the run
    /// fail, naming it. `overlapping`: two overlapping calls after the steps, as a failure of
    /// the overlap phase prints them (`Interleaving.replayText`), run exactly so.
    public static func replaying(_ steps: [String], overlapping: String? = nil, configuration: Configuration = Configuration(),
                                 runIn location: RunLocation = .inProcess) -> Verifier.Options {
        var actions: [Action] = []
        var problem: String?
        for (i, text) in steps.enumerated() where problem == nil {
            do { actions.append(try Action(parsing: text)) } catch {
                problem = "replaying: action \(i + 1) '\(text)' is not an action: \(error)"
            }
        }
        var interleaving: Interleaving?
        if let overlapping, problem == nil {
            do { interleaving = try Interleaving(replayText: overlapping) } catch {
                problem = "replaying: the overlapping calls '\(overlapping)': \(error)"
            }
        }
        var options = replaying(actions: actions, configuration: configuration)
        options.traces[0].interleaving = interleaving
        options.runIn = location
        options.problem = problem
        return options
    }

    /// Options that only replay `actions` from reset.
    package static func replaying(actions: [Action], configuration: Configuration = Configuration(),
                                  name: String = "regression") -> Verifier.Options {
        Verifier.Options(presets: [], depth: 0, walkPresets: [], walks: 0,
                         traces: [GivenTrace(name: name, configuration: configuration, actions: actions)], shrink: false)
    }
}
