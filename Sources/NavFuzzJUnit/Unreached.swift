import Foundation
@_spi(Engine) import NavFuzzKit

/// The one rule for a `sometimes` property a run never reached (docs/SEMANTICS.md §5.3), in
/// explore, fuzz and verify alike: it fails (the run did not test it), unless it cannot come
/// about within the run's bounds, or the run cannot decide alone (a shard, which `merge`
/// decides; a run stopped before its end): then it is skipped with the reason.
package struct Unreached: Sendable {
    /// The properties never reached.
    package var names: [String] = []
    /// Why a property cannot come about in this run, by name.
    package var impossible: [String: String] = [:]
    /// Why the run cannot decide alone, or nil.
    package var undecided: String?

    package init(names: [String] = [], impossible: [String: String] = [:], undecided: String? = nil) {
        self.names = names; self.impossible = impossible; self.undecided = undecided
    }

    /// The case's outcome for `name`; nil when it was reached.
    package func outcome(of name: String) -> JUnitCase.Outcome? {
        guard names.contains(name) else { return nil }
        if let why = impossible[name] { return .skipped(message: "\(name): cannot come about in this run: \(why)") }
        if let undecided { return .skipped(message: "\(name): \(undecided)") }
        return JUnitCase.neverReached(suite: "", property: name).outcome
    }

    /// The properties that fail.
    package var failing: [String] { undecided == nil ? names.filter { impossible[$0] == nil } : [] }

    /// The summary's words, one wording in every command: what failed, what waits.
    package var summary: String {
        var out = ""
        if !failing.isEmpty { out += " — never reached, so not tested: \(failing.joined(separator: ", "))" }
        if let undecided {
            let waiting = names.filter { impossible[$0] == nil }
            if !waiting.isEmpty { out += " — \(waiting.joined(separator: ", ")): \(undecided)" }
        }
        return out
    }

    /// A shard's `sometimes` properties for `merge`: those it looked for (all that can come
    /// about) and those it reached.
    package func shardProperties(all: [String]) -> [JUnitProperty] {
        let looked = all.filter { impossible[$0] == nil }
        return [JUnitProperty(name: JUnitReader.lookedForProperty, value: looked.joined(separator: ",")),
                JUnitProperty(name: JUnitReader.reachedProperty, value: looked.filter { !names.contains($0) }.joined(separator: ","))]
    }
}
