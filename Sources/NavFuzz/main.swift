import CoordinatorModel
import Foundation
let name = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "small"
let preset = Preset.named(name)!
let model = Model(configuration: preset.configuration)
let start = Date()
var seen = Set<[UInt8]>()
let s0 = model.initialState().canonicalized()
seen.insert(s0.canonicalEncoding())
var frontier = [s0]
var depth = 0
var transitions = 0
var violations: [String: String] = [:]
while !frontier.isEmpty {
    if let d = preset.maxDepth, depth >= d { break }
    var next: [State] = []
    var acts: [Action] = []
    for s in frontier {
        acts.removeAll(keepingCapacity: true)
        preset.domain.actions(in: s, into: &acts)
        for a in acts {
            transitions += 1
            let st = model.step(s, a)
            let t = Transition(before: s, action: a, step: st, configuration: model.configuration)
            for inv in Invariant.all where violations[inv.name] == nil {
                if let r = inv.violation(in: t) { violations[inv.name] = "\(r)\n\(s)\n\(a)" }
            }
            if st.outcome.isRefused { continue }
            guard preset.bounds.contains(st.state) else { continue }
            let c = st.state.canonicalized()
            if seen.insert(c.canonicalEncoding()).inserted { next.append(c) }
        }
    }
    depth += 1
    frontier = next
    print("depth \(depth) states \(seen.count)")
}
print("\(name): \(seen.count) states, \(transitions) transitions, \(Date().timeIntervalSince(start))s")
for (k, v) in violations { print("VIOLATION \(k): \(v)") }
