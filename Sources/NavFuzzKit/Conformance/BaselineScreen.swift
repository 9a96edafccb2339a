@_spi(Engine) import CoordinatorModel

/// A baseline applied to a run's findings: each finding that matches an entry is taken out and
/// recorded, with the shortest trace that showed it.
struct BaselineScreen {
    var baseline = Baseline()
    /// For each entry that occurred, the shortest trace that showed it.
    private(set) var expected: [Int: ExpectedDifference] = [:]

    /// `findings` of the step that ends `trace` (`failing` its last action), without those the
    /// baseline expects.
    mutating func unexpected(_ findings: [Finding], trace: @autoclosure () -> [Action], failing action: Action?,
                             _ configuration: Configuration) -> [Finding] {
        guard !baseline.entries.isEmpty && !findings.isEmpty else { return findings }
        let trace = trace()
        return findings.filter { f in
            guard let e = baseline.entry(matching: f.check, failing: action, trace: trace, reason: f.reason) else { return true }
            if (expected[e]?.trace.count ?? .max) > trace.count {
                expected[e] = ExpectedDifference(entry: baseline.entries[e], reason: f.reason, trace: trace, configuration: configuration)
            }
            return false
        }
    }
}
