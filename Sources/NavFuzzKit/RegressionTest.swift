import CoordinatorModel

/// The test framework a printed regression test is written for.
public enum TestFramework: Sendable, Hashable, CaseIterable {
    case swiftTesting, xcTest
}

extension ConformanceFailure {
    /// The failing trace as a test to paste into the user's suite: it drives the adapter
    /// through the trace with NavFuzzTesting's replay helper and fails while the bug is there.
    /// `system` is the Swift expression that makes the adapter (the system's type name followed
    /// by `()` unless told otherwise).
    public func regressionTest(_ framework: TestFramework, system: String) -> String {
        let call = framework == .swiftTesting ? "expectConformance" : "assertConformance"
        var arguments = "replaying: ["
        if trace.isEmpty {
            arguments += "]"
        } else {
            arguments += "\n" + trace.map { "        \(Self.swiftString($0.description)),\n" }.joined() + "    ]"
        }
        if configuration != Configuration() { arguments += ", configuration: \(Self.swiftExpression(configuration))" }
        if invariant == "no-crash" { arguments += ", runIn: .childProcess" }
        let body = "    await \(call)(\(system), \(arguments))\n"
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
        let words = invariant.split(separator: "-").map(String.init)
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
        return "Configuration(\(arguments.joined(separator: ", ")))"
    }
}

extension Verifier.Options {
    /// Options that only replay `actions` under `configuration` from reset: no random phase,
    /// no exploration, no shrinking, so a regression test checks exactly its trace.
    public static func replaying(_ actions: [Action], configuration: Configuration = Configuration(),
                                 name: String = "regression", timeout: Double = 5) -> Verifier.Options {
        Verifier.Options(presets: [], depth: 0, walkPresets: [], walks: 0, timeout: timeout,
                         traces: [GivenTrace(name: name, configuration: configuration, actions: actions)], shrink: false)
    }
}
