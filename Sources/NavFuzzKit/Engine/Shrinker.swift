/// Shrinks a failing trace to a short one that fails the same property, in the manner of
/// Hypothesis: delete chunks of steps (ddmin), then single steps until no single deletion keeps
/// the failure (1-minimal), then simplify arguments (`simplifications(of:)`), repeating until
/// nothing changes. Every candidate is replayed from the initial state, so preconditions are
/// re-evaluated: a step that no longer applies is refused by the machine, as it would be in the
/// app. A candidate fails when the property is among those that fail at its first failing step
/// (where any property first fails), so the shrunk trace shows that property and nothing
/// before it; it is then cut after that step. Deterministic: candidates are tried in a fixed
/// order.
@_spi(Engine) public struct Shrinker<M: ShrinkableMachine> {
    @_spi(Engine) public let machine: M

    /// Whether the machine drives a live system: its counterexamples then carry no path.
    let live: Bool

    /// A shrinker of `machine`'s traces; `live` when the machine drives a live system.
    @_spi(Engine) public init(_ machine: M, live: Bool = false) { self.machine = machine; self.live = live }

    /// The shrunk counterexample, or nil when `actions` does not fail `property` (or no
    /// property has that name, or with `property` nil none fails). With `accepting`, a failure counts only when it also passes
    /// that test of the failing action (nil for the initial state) and the reason: a way to
    /// keep one failure of a property apart from another while shrinking.
    /// With `maxSeconds`, it stops trying candidates once that much time has passed and returns
    /// the shortest failing trace found so far (`ShrinkResult.complete` is then false).
    /// With `property` nil, the property is the one the trace breaks first, as a corpus replay
    /// judges it (`firstFailure`), found in the same pass that cuts the trace after it.
    @_spi(Engine) public func shrink(_ actions: [M.Action], from initial: M.State, property wanted: String?,
                       accepting accept: (@Sendable (M.Action?, String) -> Bool)? = nil,
                       maxSeconds: Double? = nil) -> ShrinkResult<M>? {
        let clock = ContinuousClock.now
        let properties = machine.properties
        var known: [M.Action]?
        var name = wanted
        if wanted == nil, accept == nil {
            guard let first = firstFailure(actions, from: initial) else { return nil }
            name = first.property
            known = Array(actions.prefix(first.steps))
        }
        guard let name, let index = properties.firstIndex(where: { $0.name == name }) else { return nil }
        let property = properties[index]
        var search = Search(machine: machine, property: index, checks: PropertyChecks(properties), ends: properties.map(\.endsRun),
                            initial: initial, accept: accept)
        guard var current = known ?? search.failing(actions[...]) else { return nil }
        search.deadline = maxSeconds.map { clock.advanced(by: .milliseconds(Int64(max($0, 0) * 1000))) }
        // Each round shortens the trace or simplifies a step; the cap only matters for a
        // machine whose simplifications go round in a circle.
        for _ in 0..<256 {
            let before = current.count
            current = search.ddmin(current)
            current = search.deleteSingles(current)
            var simplified = search.simplify(&current)
            if !simplified && current.count == before { simplified = search.deleteAndSimplify(&current) }
            if !simplified && current.count == before { break }
        }
        let complete = !search.timedOut
        search.deadline = nil
        let reason = search.failure(current[...])?.reason ?? ""
        let elapsed = clock.duration(to: .now)
        return ShrinkResult<M>(
            counterexample: Counterexample(property: name, kind: property.kind, reason: reason, machine: machine,
                                           live: live, initial: initial, actions: current),
            originalLength: actions.count, replays: search.replays,
            seconds: elapsed.inSeconds, complete: complete)
    }

    /// The property a trace breaks first — at the first step where any property fails, the
    /// first of those in property order, as a corpus replay judges it — and the steps taken up
    /// to there (0: the initial state); nil when every property holds. Checked as candidates
    /// are, by the machine's own checks, which is many times faster than `TraceRun` gathering
    /// every violation: judging a file of a million steps before shrinking it took most of
    /// the time.
    @_spi(Engine) public func firstFailure(_ actions: [M.Action], from initial: M.State) -> (property: String, steps: Int)? {
        let properties = machine.properties
        let checks = PropertyChecks(properties)
        var first = Int.max
        machine.checkState(initial, checks) { q, _ in first = min(first, q) }
        if first < properties.count { return (properties[first].name, 0) }
        var state = initial
        for (i, a) in actions.enumerated() {
            let step = machine.step(state, a)
            machine.checkTransition(state, a, step, checks) { q, _ in first = min(first, q) }
            if let next = machine.successor(of: step) {
                machine.checkState(next, checks) { q, _ in first = min(first, q) }
                state = next
            }
            if first < properties.count { return (properties[first].name, i + 1) }
        }
        return nil
    }

    /// One shrink: the property (by index), where replays start, and how many were made.
    struct Search {
        let machine: M
        let property: Int
        let checks: PropertyChecks<M>
        /// Which properties end a run when they fail.
        let ends: [Bool]
        let initial: M.State
        let accept: (@Sendable (M.Action?, String) -> Bool)?
        var replays = 0
        /// Past it, every candidate counts as not failing, so the passes end at once.
        var deadline: ContinuousClock.Instant?
        private(set) var timedOut = false

        /// Where the property fails replaying `actions`, if no property that ends a run failed
        /// before (and the failure is accepted): the number of steps taken (0 for the initial
        /// state) and the reason; nil otherwise.
        mutating func failure(_ actions: ArraySlice<M.Action>) -> (steps: Int, reason: String)? {
            if let deadline, timedOut || ContinuousClock.now >= deadline {
                timedOut = true
                return nil
            }
            replays += 1
            var state = initial
            var ours: String?, any = false
            let p = property
            let ends = self.ends
            machine.checkState(state, checks) { q, r in any = any || ends[q]; if q == p && ours == nil { ours = r } }
            switch judge(ours, nil, steps: 0, ended: any) {
            case .found(let f): return f
            case .over: return nil
            case .goOn: break
            }
            for (i, a) in actions.enumerated() {
                let step = machine.step(state, a)
                machine.checkTransition(state, a, step, checks) { q, r in any = any || ends[q]; if q == p && ours == nil { ours = r } }
                if let next = machine.successor(of: step) {
                    machine.checkState(next, checks) { q, r in any = any || ends[q]; if q == p && ours == nil { ours = r } }
                    state = next
                }
                switch judge(ours, a, steps: i + 1, ended: any) {
                case .found(let f): return f
                case .over: return nil
                case .goOn: ours = nil
                }
            }
            return nil
        }

        enum Verdict { case found((steps: Int, reason: String)), over, goOn }

        /// The failure when ours is there and accepted; else the run is over when a property
        /// that ends runs failed (ours in another way included), and goes on otherwise.
        private func judge(_ reason: String?, _ action: M.Action?, steps: Int, ended: Bool) -> Verdict {
            if let reason, accept?(action, reason) ?? true { return .found((steps, reason)) }
            return ended ? .over : .goOn
        }

        /// The candidate cut after its first failing step, or nil when it does not fail.
        mutating func failing(_ candidate: ArraySlice<M.Action>) -> [M.Action]? {
            failure(candidate).map { Array(candidate.prefix($0.steps)) }
        }

        /// `trace` without the steps in `range`, if that still fails: removed as written, else
        /// with later steps rewritten by the machine (`removing(_:from:initial:)`).
        mutating func failing(removing range: Range<Int>, from trace: [M.Action]) -> [M.Action]? {
            if let t = failing(trace[..<range.lowerBound] + trace[range.upperBound...]) { return t }
            if let rewritten = machine.removing(range, from: trace, initial: initial) { return failing(rewritten[...]) }
            return nil
        }

        /// Delta debugging over complements: remove one of `n` chunks at a time, keeping the
        /// first removal that still fails; refine the chunks when none does.
        mutating func ddmin(_ start: [M.Action]) -> [M.Action] {
            var current = start
            var n = 2
            while current.count >= 2 {
                let size = (current.count + n - 1) / n
                var reduced = false
                var lo = 0
                while lo < current.count {
                    let hi = min(lo + size, current.count)
                    if let t = failing(removing: lo ..< hi, from: current) {
                        current = t
                        n = max(n - 1, 2)
                        reduced = true
                        break
                    }
                    lo = hi
                }
                if !reduced {
                    if n >= current.count { break }
                    n = min(n * 2, current.count)
                }
            }
            return current
        }

        /// Removes runs of four, three, two and single adjacent steps, last first, until no
        /// run can go (a pair such as `present …; dismiss …` only goes together). The last pass
        /// removes nothing, so the result is 1-minimal.
        mutating func deleteSingles(_ start: [M.Action]) -> [M.Action] {
            var current = start
            var changed = true
            while changed {
                changed = false
                for size in stride(from: 4, through: 1, by: -1) {
                    var i = current.count - size
                    while i >= 0 {
                        if i + size <= current.count, let t = failing(removing: i ..< i + size, from: current) {
                            current = t
                            changed = true
                        }
                        i -= 1
                    }
                }
            }
            return current
        }

        /// Replaces each step by its simplest variant that still fails, repeatedly; true when
        /// anything changed. A step is simplified at most `limit` times per call, so a machine
        /// whose simplifications go round in a circle cannot hang the shrinker.
        mutating func simplify(_ current: inout [M.Action]) -> Bool {
            let limit = 64
            var changed = false
            var i = 0
            while i < current.count {
                var rounds = 0
                var again = true
                while again && rounds < limit && i < current.count {
                    again = false
                    for candidate in machine.simplifications(of: current[i]) {
                        var trial = current
                        trial[i] = candidate
                        if let t = failing(trial[...]) {
                            current = t
                            changed = true
                            again = true
                            rounds += 1
                            break
                        }
                    }
                }
                i += 1
            }
            return changed
        }
    }
}

extension Shrinker.Search {
    /// Removes one step and simplifies one other step together: what neither does alone when,
    /// say, the removed step created what the later one names (`restart c0; pop c3` is `pop c1`).
    /// Only for short traces, where trying every pair is cheap; true when the trace shrank.
    mutating func deleteAndSimplify(_ current: inout [M.Action]) -> Bool {
        guard current.count <= 64 else { return false }
        for i in current.indices {
            var removals = [Array(current[..<i] + current[(i + 1)...])]
            if let rewritten = machine.removing(i ..< i + 1, from: current, initial: initial) { removals.append(rewritten) }
            for removed in removals {
                for j in removed.indices {
                    for candidate in machine.simplifications(of: removed[j]) {
                        var trial = removed
                        trial[j] = candidate
                        if let t = failing(trial[...]) {
                            current = t
                            return true
                        }
                    }
                }
            }
        }
        return false
    }
}
