import CoordinatorModel

/// Shrinks a failing trace against the implementation itself: every candidate is run from reset
/// (the implementation's hidden state cannot be copied), and it counts when the same invariant
/// breaks at its first failing step. Delta debugging (ddmin) first, then deleting single steps
/// until no single deletion still fails: the result is 1-minimal. Deterministic: candidates are
/// tried in a fixed order and results are remembered.
struct ConformanceShrinker {
    let session: ConformanceSession
    let invariant: String
    private(set) var runs = 0
    private var memo: [[Action]: Bool] = [:]

    init(session: ConformanceSession, invariant: String) {
        self.session = session
        self.invariant = invariant
    }

    /// Whether `trace` still shows the invariant at its first failing step.
    mutating func fails(_ trace: [Action]) throws(SystemFailure) -> Bool {
        if let known = memo[trace] { return known }
        runs += 1
        let result = try session.run(trace)
        let failing = result.findings.contains { $0.invariant == invariant }
        memo[trace] = failing
        return failing
    }

    /// The trace cut after its failing step, then reduced to a 1-minimal one.
    mutating func shrink(_ trace: [Action]) throws(SystemFailure) -> [Action] {
        var current = trace
        if current.isEmpty { return current }
        if try fails([]) { return [] }
        current = try ddmin(current)
        // Single-step deletion, last step first (later steps depend on earlier ones less often).
        var changed = true
        while changed {
            changed = false
            var i = current.count - 1
            while i >= 0 {
                var candidate = current
                candidate.remove(at: i)
                if try fails(candidate) {
                    current = candidate
                    changed = true
                }
                i -= 1
            }
        }
        return current
    }

    /// Zeller and Hildebrandt's ddmin over the steps of `trace` (which fails).
    private mutating func ddmin(_ trace: [Action]) throws(SystemFailure) -> [Action] {
        var current = trace
        var n = 2
        while current.count >= 2 {
            let chunks = split(current, into: n)
            var reduced = false
            for chunk in chunks where chunk.count < current.count {
                if try fails(chunk) { current = chunk; n = 2; reduced = true; break }
            }
            if !reduced && n > 2 {
                for k in chunks.indices {
                    let complement = chunks.enumerated().filter { $0.offset != k }.flatMap(\.element)
                    if try fails(complement) { current = complement; n = max(n - 1, 2); reduced = true; break }
                }
            }
            if !reduced {
                if n >= current.count { break }
                n = min(n * 2, current.count)
            }
        }
        return current
    }

    private func split(_ trace: [Action], into n: Int) -> [[Action]] {
        var out: [[Action]] = []
        var start = 0
        for k in 0..<n {
            let end = trace.count * (k + 1) / n
            if end > start { out.append(Array(trace[start..<end])) }
            start = end
        }
        return out
    }
}
