import Dispatch
import Foundation

/// Breadth-first exploration of every state within bounds (and depth), over canonical states
/// identified by 64-bit fingerprints, on all cores. Every property is checked on every
/// transition, refused ones included; each violated property gets its shortest counterexample
/// (or up to `distinct` of them that differ), and every `sometimes` property is looked for.
/// Results do not depend on the number of workers: levels are split into fixed chunks and
/// merged in chunk order, so discovery order is that of a single-threaded BFS.
@_spi(Engine) public struct Explorer<M: ExplorableMachine> {
    @_spi(Engine) public struct Options: Sendable {
        @_spi(Engine) public var workers: Int
        @_spi(Engine) public var maxDepth: Int?
        @_spi(Engine) public var maxStates: Int?
        @_spi(Engine) public var maxSeconds: Double?
        /// Counterexamples kept per property, at most; more than one are kept only when their
        /// `signature`s differ. Default 1: the shortest.
        @_spi(Engine) public var distinct: Int
        /// What makes two failures of one property different (the failing action, nil for a
        /// state property, and the reason). Only asked when `distinct` is above 1.
        @_spi(Engine) public var signature: (@Sendable (M.Action?, String) -> String)?
        /// Asked before each chunk of work: true ends exploration early (`StopReason.stopped`).
        @_spi(Engine) public var shouldStop: (@Sendable () -> Bool)?
        /// Asked before every step: true ends exploration at once (a live system that cannot go
        /// on, where each step may cost a timeout).
        @_spi(Engine) public var abandons: (@Sendable () -> Bool)?
        /// Called now and then from a worker thread while exploring.
        @_spi(Engine) public var progress: (@Sendable (ExplorationProgress) -> Void)?
        /// One shard's part of the exploration (nil: all of it); see `ExplorationShard`.
        @_spi(Engine) public var shard: ExplorationShard?

        @_spi(Engine) public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, maxDepth: Int? = nil,
                    maxStates: Int? = nil, maxSeconds: Double? = nil, distinct: Int = 1,
                    signature: (@Sendable (M.Action?, String) -> String)? = nil,
                    shouldStop: (@Sendable () -> Bool)? = nil,
                    progress: (@Sendable (ExplorationProgress) -> Void)? = nil) {
            self.workers = max(1, workers); self.maxDepth = maxDepth; self.maxStates = maxStates
            self.maxSeconds = maxSeconds; self.distinct = max(1, distinct); self.signature = signature
            self.shouldStop = shouldStop; self.progress = progress
        }
    }

    @_spi(Engine) public let machine: M
    @_spi(Engine) public let options: Options
    /// The hooks of the live system the machine drives, if it drives one.
    let live: LiveSystem<M>?

    /// An explorer of `machine`; `live` when it drives a live system.
    @_spi(Engine) public init(_ machine: M, options: Options = Options(), live: LiveSystem<M>? = nil) {
        self.machine = machine
        self.options = options
        self.live = live
    }

    static var chunkSize: Int { 64 }

    @_spi(Engine) public func run() -> ExplorationReport<M> {
        let clock = ContinuousClock.now
        let properties = machine.properties
        let table = VisitedTable()
        var frontier = Level()
        var scratch: [UInt8] = []
        for s in machine.initialStates() where machine.isWithinBounds(s) {
            scratch.removeAll(keepingCapacity: true)
            machine.encode(s, into: &scratch)
            if table.insert(Fingerprint.of(scratch), parent: nil).isNew { frontier.append(scratch) }
        }
        table.publish()
        var found = [[Found]](repeating: [], count: properties.count)
        var reached = Reached(count: properties.count)
        var applied = 0, refused = 0, depth = 0
        var stopReason: StopReason?
        var base = 0
        var splitAt: Int?
        var expansions: [Expansion] = []

        while frontier.count > 0 {
            let expand = options.maxDepth.map { depth < $0 } ?? true
            // A prefix split deals out the first level wide enough, once, by fingerprint.
            if let shard = options.shard, shard.count > 1, shard.split == .prefix, splitAt == nil,
               frontier.count >= shard.count * ExplorationShard.prefixWidth {
                splitAt = depth
            }
            let known = Known(found: found, distinct: options.distinct)
            let merge = LevelMerge(chunks: (frontier.count + Self.chunkSize - 1) / Self.chunkSize, base: base, table: table,
                                   found: found, reached: reached, options: options)
            expandLevel(frontier, base: base, expand: expand, known: known, reached: reached, table: table, merge: merge,
                        depth: depth, visited: table.count, transitions: applied + refused, start: clock,
                        owns: ownership(splitHere: splitAt == depth))
            let merged = merge.finish()
            expansions += merged.expansions
            // Every worker is done with its views of the table.
            table.reclaim()
            applied += merged.applied
            refused += merged.refused
            reached = merged.reached
            found = merged.found
            stopReason = merged.stopReason
            let complete = merged.complete
            if !complete && stopReason == nil {
                stopReason = options.shouldStop?() == true || options.abandons?() == true ? .stopped : .maxSeconds(options.maxSeconds ?? 0)
            }
            if stopReason != nil { break }
            base += frontier.count
            frontier = merged.next
            if frontier.count > 0 { depth += 1 }
        }

        let elapsed = clock.duration(to: .now)
        let seconds = elapsed.inSeconds
        let violations = found.enumerated().flatMap { (p, list) in list.map { counterexample(properties[p], $0, table: table) } }
        var report = ExplorationReport<M>(
            states: table.count, applied: applied, refused: refused, depth: depth, seconds: seconds,
            workers: workers, bytesPerState: Double(table.bytes) / Double(max(table.count, 1)),
            partial: stopReason, violations: violations,
            unreached: reached.unreached(properties))
        if options.shard.map({ $0.count > 1 }) == true {
            report.shardStates = ShardStates(table: table, expansions: expansions)
        }
        return report
    }

    /// Which states of a level this shard handles, by their encoding's fingerprint: nil for
    /// all of them. Ownership: every level, for the checks only; a prefix split: the level it
    /// splits, for expansion.
    func ownership(splitHere: Bool) -> (@Sendable (UInt64) -> Bool)? {
        guard let shard = options.shard, shard.count > 1, shard.split == .ownership || splitHere else { return nil }
        return { shard.owns($0) }
    }

    /// The workers this run uses: as many as asked for, one for a live system.
    var workers: Int { live == nil ? max(1, options.workers) : 1 }

    /// What the workers of a level skip: per property, whether it has all its counterexamples,
    /// and the signatures of those it has.
    struct Known: Sendable {
        var full: [Bool]
        var signatures: [[String]]
        init(found: [[Found]], distinct: Int) {
            full = found.map { $0.count >= distinct }
            signatures = found.map { $0.compactMap(\.signature) }
        }
    }

    // MARK: - One level

    /// The encodings of one BFS level, packed in one buffer.
    struct Level {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var count: Int { ends.count }
        mutating func append<C: Collection<UInt8>>(_ encoding: C) {
            bytes.append(contentsOf: encoding)
            ends.append(bytes.count)
        }
        func encoding(_ i: Int) -> ArraySlice<UInt8> { bytes[(i == 0 ? 0 : ends[i - 1]) ..< ends[i]] }
    }

    /// Where a property first failed: the state (by number) and, for a transition, the action
    /// index; the signature when more than one counterexample per property is kept.
    struct Found: Sendable {
        var state: Int
        var action: Int?
        var reason: String
        var signature: String?
    }

    /// What one chunk of a level produced.
    struct ChunkOutput: Sendable {
        var candidates: [(fingerprint: UInt64, parent: Int, start: Int, length: Int)] = []
        var bytes: [UInt8] = []
        var applied = 0
        var refused = 0
        var violations: [[Found]]
        var reached: Reached
        /// The chunk stopped before its last step (`Options.abandons`).
        var stopped = false
        /// Each state expanded and its transitions, for a shard (`ShardStates`).
        var expansions: [Expansion] = []

        /// Keeps the first failure of each property, or with `distinct` the first of each
        /// signature, up to `distinct`.
        mutating func record(_ p: Int, _ found: Found, _ action: M.Action?, _ known: Known, _ distinct: Int,
                             _ signature: (@Sendable (M.Action?, String) -> String)?) {
            if known.full[p] { return }
            if distinct == 1 {
                if violations[p].isEmpty { violations[p].append(found) }
                return
            }
            guard violations[p].count + known.signatures[p].count < distinct else { return }
            var found = found
            let s = signature?(action, found.reason) ?? found.reason
            if known.signatures[p].contains(s) || violations[p].contains(where: { $0.signature == s }) { return }
            found.signature = s
            violations[p].append(found)
        }

        /// Drops the candidates from `first` on that are already visited, or repeat an earlier
        /// one of the batch, with their bytes: the successors of one state, looked up in one
        /// batch. Different actions often lead to the same state (`userBack` and `pop` of the
        /// top, say): dropping a repeat here spares the table a lookup and the merge a copy.
        mutating func dropVisited(from first: Int, table: VisitedTable.View, scratch: inout Lookups) {
            guard first < candidates.count else { return }
            let n = candidates.count - first
            scratch.startBatch(n)
            for k in 0 ..< n { scratch.add(candidates[first + k].fingerprint) }
            scratch.fingerprints.withUnsafeBufferPointer { fps in
                scratch.visited.withUnsafeMutableBufferPointer { table.contains(fps, into: $0) }
            }
            // Keep the new ones, moving their bytes down over the dropped.
            var kept = first, end = candidates[first].start
            for k in 0 ..< n where scratch.isNew(k) {
                var c = candidates[first + k]
                if c.start != end {
                    bytes.withUnsafeMutableBufferPointer { b in
                        guard let base = b.baseAddress else { return }
                        UnsafeMutableRawPointer(base + end).copyMemory(from: base + c.start, byteCount: c.length)
                    }
                    c.start = end
                }
                candidates[kept] = c
                kept += 1
                end += c.length
            }
            candidates.removeLast(candidates.count - kept)
            bytes.removeLast(bytes.count - end)
        }
    }

    /// Scratch of `dropVisited`, kept by each worker: the distinct fingerprints of a batch, a
    /// small hash set of them, and for each candidate the index of its fingerprint among the
    /// distinct ones, or -1 when an earlier candidate had it.
    struct Lookups {
        var fingerprints: [UInt64] = []
        var visited: [Bool] = []
        var distinct: [Int32] = []
        /// Open addressing: index in `fingerprints` + 1, 0 empty; at most half full.
        var slots: [Int32] = []

        mutating func startBatch(_ n: Int) {
            fingerprints.removeAll(keepingCapacity: true)
            distinct.removeAll(keepingCapacity: true)
            var size = 64
            while size < 2 * n { size <<= 1 }
            if slots.count != size { slots = [Int32](repeating: 0, count: size) } else {
                slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            }
        }

        /// Records candidate `fp` of the batch.
        mutating func add(_ fp: UInt64) {
            let mask = slots.count - 1
            var i = Int(truncatingIfNeeded: fp >> 32) & mask
            while slots[i] != 0 {
                if fingerprints[Int(slots[i] - 1)] == fp { distinct.append(-1); return }
                i = (i + 1) & mask
            }
            fingerprints.append(fp)
            slots[i] = Int32(fingerprints.count)
            distinct.append(Int32(fingerprints.count - 1))
            if visited.count < fingerprints.count { visited.append(false) }
        }

        /// Whether candidate `k` of the batch is the first of its fingerprint and not visited.
        func isNew(_ k: Int) -> Bool { distinct[k] >= 0 && !visited[Int(distinct[k])] }
    }

    /// Expands `frontier` (state numbers `base...`) in parallel, handing each chunk done to
    /// `merge`; a chunk left undone when time ran out is not handed over.
    func expandLevel(_ frontier: Level, base: Int, expand: Bool, known: Known, reached: Reached, table: VisitedTable,
                     merge: LevelMerge, depth: Int, visited: Int, transitions: Int, start: ContinuousClock.Instant,
                     owns: (@Sendable (UInt64) -> Bool)? = nil) {
        let chunks = (frontier.count + Self.chunkSize - 1) / Self.chunkSize
        let next = AtomicCounter(0)
        let processed = AtomicCounter(0)
        let stepped = AtomicCounter(transitions)
        defer { next.free(); processed.free(); stepped.free() }
        let deadline = options.maxSeconds.map { start.advanced(by: .milliseconds(Int64($0 * 1000))) }
        let machine = self.machine, options = self.options, live = self.live
        let workers = min(self.workers, max(chunks, 1))
        let work = { @Sendable (index: Int) in
            var worker = LevelWorker(machine: workers == 1 ? machine : machine.replica(), known: known, frontier: frontier,
                                     base: base, expand: expand, options: options, live: live, owns: owns)
            var lastReport = ContinuousClock.now
            while true {
                let chunk = next.add(1)
                if chunk >= chunks { return }
                if let deadline, ContinuousClock.now >= deadline { return }
                if let shouldStop = options.shouldStop, shouldStop() { return }
                if let abandons = options.abandons, abandons() { return }
                let range = chunk * Self.chunkSize ..< min(frontier.count, (chunk + 1) * Self.chunkSize)
                let out = worker.run(range, reached: reached, seen: table.view)
                let stopped = out.stopped, taken = out.applied + out.refused
                merge.deliver(chunk, out)
                let done = processed.add(range.count) + range.count
                let steps = stepped.add(taken) + taken
                if index == 0, let progress = options.progress, ContinuousClock.now - lastReport > .milliseconds(500) {
                    lastReport = .now
                    progress(ExplorationProgress(states: visited, transitions: steps, depth: depth,
                                                 queue: frontier.count - done, seconds: start.duration(to: .now).inSeconds))
                }
                if stopped { return }
            }
        }
        // One worker works on the calling thread: a machine that drives a live system needs
        // the thread it was made on (a pinned core, the main actor's thread).
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
    }

    // MARK: - Counterexamples

    /// Rebuilds the shortest path to a violation: parents back to an initial state, then the
    /// first action of each state whose successor has the next fingerprint, and the failing
    /// step checked again. A machine that does not repeat itself (one that drives a live system
    /// whose behaviour depends on more than its state, say) cannot be followed: the
    /// counterexample then says where it broke off, in `unreplayable`.
    func counterexample(_ property: Property<M>, _ found: Found, table: VisitedTable) -> Counterexample<M> {
        var numbers = [found.state]
        while let p = table.parent(numbers[numbers.count - 1]) { numbers.append(p) }
        numbers.reverse()
        let initials = machine.initialStates()
        var scratch: [UInt8] = []
        func canonical(_ s: M.State) -> M.State? {
            scratch.removeAll(keepingCapacity: true)
            machine.encode(s, into: &scratch)
            return machine.decode(scratch[...])
        }
        func fingerprint(_ s: M.State) -> UInt64 {
            scratch.removeAll(keepingCapacity: true)
            machine.encode(s, into: &scratch)
            return Fingerprint.of(scratch)
        }
        func result(_ initial: M.State, _ path: [M.Action], broken: String?) -> Counterexample<M> {
            Counterexample(property: property.name, kind: property.kind, reason: found.reason, machine: machine, live: live != nil, initial: initial,
                           actions: machine.concretize(path, from: initial), unreplayable: broken)
        }
        guard let initial = initials.first(where: { fingerprint($0) == table.fingerprint(numbers[0]) }),
              var state = canonical(initial) else {
            return result(initials[0], [], broken: "no initial state has the fingerprint exploration started from")
        }
        // Walk canonical states, as the workers did, so that action indices mean the same.
        var path: [M.Action] = []
        var actions: [M.Action] = []
        for (depth, n) in numbers.dropFirst().enumerated() {
            actions.removeAll(keepingCapacity: true)
            _ = machine.explorationActions(in: state, into: &actions)
            // Each action is stepped once: a machine that does not repeat itself would answer a
            // second time otherwise.
            var found: (M.Action, M.State)?
            for a in actions {
                if let s = machine.successor(of: machine.step(state, a)), machine.isWithinBounds(s),
                   fingerprint(s) == table.fingerprint(n), let c = canonical(s) {
                    found = (a, c)
                    break
                }
            }
            guard let (a, next) = found else {
                return result(initial, path, broken: "no action of step \(depth + 1) leads to the state exploration found "
                              + "there: the machine did not repeat itself")
            }
            path.append(a)
            state = next
        }
        guard let last = breaksAgain(property, in: state, actionIndex: found.action) else {
            return result(initial, path, broken: "the failing state has fewer actions than when explored: the machine did not repeat itself")
        }
        if let a = last.action { path.append(a) }
        return result(initial, path, broken: last.again ? nil : "\(property.name) held when the path was followed again: the machine did not repeat itself")
    }

    /// Whether `property` breaks again in `state` (a state property) or at its action numbered
    /// `actionIndex` (a transition property), and that action; nil when there is no such action.
    private func breaksAgain(_ property: Property<M>, in state: M.State, actionIndex: Int?) -> (action: M.Action?, again: Bool)? {
        guard let a = actionIndex else {
            if case .state(let check) = property.check { return (nil, check(state) != nil) }
            return (nil, false)
        }
        var actions: [M.Action] = []
        _ = machine.explorationActions(in: state, into: &actions)
        guard a < actions.count else { return nil }
        if case .transition(let check) = property.check { return (actions[a], check(state, actions[a], machine.step(state, actions[a])) != nil) }
        return (actions[a], false)
    }
}
