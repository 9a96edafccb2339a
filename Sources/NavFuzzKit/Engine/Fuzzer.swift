import Dispatch
import Foundation

/// Seeded random walks over a `StateMachine`, on all cores, checking every property after every
/// step; each violated property gets a shrunk counterexample (or up to `distinct` that differ),
/// and every `sometimes` property is looked for. Walk `i` draws only from its own generator,
/// seeded from `(seed, i)`, and results merge by walk number, so a run is the same (timings
/// aside) whatever the number of workers. Swarm testing: each walk turns on a random subset of
/// the action kinds, which reaches corners a fixed mix of actions rarely does.
@_spi(Engine) public struct Fuzzer<M: FuzzableMachine & ShrinkableMachine> {
    @_spi(Engine) public struct Options: Sendable {
        @_spi(Engine) public var seed: UInt64
        /// Stop after this many walks. With neither `walks` nor `maxSeconds`, 1,000 walks.
        @_spi(Engine) public var walks: Int?
        /// Start no walk after this many seconds (the number of walks then varies). Read as
        /// 0 to 10⁹ seconds, NaN as 0, so that no value can overflow the deadline.
        @_spi(Engine) public var maxSeconds: Double?
        /// Steps per walk; a walk stops early at its first violation of a property that ends a run.
        @_spi(Engine) public var walkLength: Int
        @_spi(Engine) public var workers: Int
        /// Whether each walk enables a random subset of action kinds (else all, every walk).
        @_spi(Engine) public var swarm: Bool
        /// Kind weights that replace the machine's `defaultWeight(ofKind:)`.
        @_spi(Engine) public var weights: [String: Int]
        @_spi(Engine) public var shrink: Bool
        /// Run only the walks whose number is `index` modulo `count`: shards of one job, which
        /// together run every walk the whole job would.
        @_spi(Engine) public var shard: (index: Int, count: Int) = (0, 1)
        /// Failures kept per property, at most; more than one only when their `signature`s
        /// differ (see `Explorer.Options`). Default 1: the first.
        @_spi(Engine) public var distinct: Int = 1
        @_spi(Engine) public var signature: (@Sendable (M.Action?, String) -> String)?
        /// Asked before each batch of walks: true starts no more walks.
        @_spi(Engine) public var shouldStop: (@Sendable () -> Bool)?
        /// Asked before every walk: true starts no more walks (a live system that cannot go on).
        @_spi(Engine) public var abandons: (@Sendable () -> Bool)?

        @_spi(Engine) public init(seed: UInt64 = 0, walks: Int? = nil, maxSeconds: Double? = nil, walkLength: Int = 100,
                    workers: Int = ProcessInfo.processInfo.activeProcessorCount, swarm: Bool = true,
                    weights: [String: Int] = [:], shrink: Bool = true) {
            self.seed = seed
            self.walks = walks.map { max(0, $0) } ?? (maxSeconds == nil ? 1000 : nil)
            self.maxSeconds = maxSeconds
            self.walkLength = max(0, walkLength)
            self.workers = max(1, workers)
            self.swarm = swarm; self.weights = weights; self.shrink = shrink
        }
    }

    @_spi(Engine) public let machine: M
    @_spi(Engine) public let options: Options
    /// The hooks of the live system the machine drives, if it drives one.
    let live: LiveSystem<M>?

    /// A fuzzer of `machine`; `live` when it drives a live system.
    @_spi(Engine) public init(_ machine: M, options: Options = Options(), live: LiveSystem<M>? = nil) {
        self.machine = machine
        self.options = options
        self.live = live
    }

    /// Walks handed to a worker at a time: few enough that the work stays balanced.
    static var batch: Int { 16 }

    @_spi(Engine) public func run() -> FuzzReport<M> {
        let clock = ContinuousClock.now
        let machine = self.machine, options = self.options, live = self.live
        let properties = machine.properties
        let kindNames = machine.actionKinds
        let filter = KindFilter(names: kindNames,
                                weights: kindNames.map { options.weights[$0] ?? machine.defaultWeight(ofKind: $0) })
        let deadline = options.maxSeconds.map { s in
            clock.advanced(by: .nanoseconds(Int64(s.isNaN ? 0 : Swift.min(Swift.max(s, 0), 1e9) * 1e9)))
        }
        let limit = options.walks ?? Int.max
        let workers = live == nil ? max(1, options.workers) : 1
        let next = AtomicCounter(0)
        defer { next.free() }
        let slots = ResultSlots<Tally>(count: workers)
        let keep = Keep(distinct: max(1, options.distinct), signature: options.signature)

        let work = { @Sendable (worker: Int) in
            // Each worker works on its own copies, so that no reference count is shared: the
            // initial states too, whose lists every walk keeps sharing until it changes them.
            let machine = workers == 1 ? machine : machine.replica()
            var walker = Walker(machine: machine, live: live, properties: machine.properties, initials: machine.initialStates(), filter: filter,
                                seed: options.seed, length: options.walkLength, swarm: options.swarm, keep: keep)
            while true {
                if let deadline, ContinuousClock.now >= deadline { break }
                if let stop = options.shouldStop, stop() { break }
                if let abandons = options.abandons, abandons() { break }
                let first = next.add(Self.batch)
                if first >= limit { break }
                for i in first ..< min(first + Self.batch, limit) where i % options.shard.count == options.shard.index {
                    // Before every walk: a walk of a live system can take seconds.
                    if i > first, let abandons = options.abandons, abandons() { break }
                    walker.walk(i)
                }
            }
            slots[worker] = walker.tally
        }
        // One worker works on the calling thread (see `Explorer`).
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }

        var total = Tally(kinds: kindNames.count, properties: properties.count)
        for case let t? in slots.values { total.merge(t, keep: keep) }
        let fuzzSeconds = seconds(since: clock)

        // Shrink each kept failure, in parallel; each shrink is deterministic.
        let found = total.failures.enumerated().flatMap { p, list in list.map { (p, $0) } }
        let shrunk = ResultSlots<FuzzFailure<M>>(count: found.count)
        let shrinkOne = { @Sendable (n: Int) in
            let (p, f) = found[n]
            let property = properties[p]
            var accept: (@Sendable (M.Action?, String) -> Bool)?
            if let wanted = f.signature {
                accept = { action, reason in keep.signature(action, reason) == wanted }
            }
            let result = options.shrink ? Shrinker(machine, live: live != nil).shrink(f.actions, from: f.initial, property: property.name, accepting: accept) : nil
            let original = Counterexample<M>(property: property.name, kind: property.kind, reason: f.reason, machine: machine,
                                             live: live != nil, initial: f.initial, actions: f.actions)
            shrunk[n] = FuzzFailure(property: property.name, kind: property.kind, reason: f.reason, walk: f.walk,
                                    walkSeed: Xoshiro.walkSeed(options.seed, walk: f.walk), kinds: f.kinds,
                                    original: original, shrunk: result?.counterexample ?? original,
                                    shrinkSeconds: result?.seconds ?? 0)
        }
        if workers == 1 { for n in found.indices { shrinkOne(n) } } else {
            DispatchQueue.concurrentPerform(iterations: found.count, execute: shrinkOne)
        }

        let appliedSteps = total.applied.reduce(0, +)
        let coverage = FuzzCoverage(
            kinds: kindNames.indices.map { k in
                FuzzCoverage.KindCount(kind: kindNames[k], weight: filter.weights[k], applied: total.applied[k],
                                       refused: total.refused[k].sorted { $0.key < $1.key }.map { .init(reason: $0.key, count: $0.value) })
            },
            properties: properties.indices.map { p in
                FuzzCoverage.PropertyCount(property: properties[p].name, kind: properties[p].kind,
                                           checks: properties[p].kind == .transition ? total.steps : total.walks + appliedSteps,
                                           failedWalks: total.failedWalks[p], reached: total.reached[p])
            })
        return FuzzReport(seed: options.seed, walks: total.walks, walkLength: options.walkLength, steps: total.steps,
                          outsideBounds: total.outsideBounds, workers: workers, seconds: fuzzSeconds,
                          coverage: coverage, failures: shrunk.values.compactMap { $0 },
                          unreached: total.reached.unreached(properties))
    }
}

private func seconds(since start: ContinuousClock.Instant) -> Double {
    start.duration(to: .now).inSeconds
}

extension Fuzzer {
    /// Which failures of a property are kept: the first, or up to `distinct` of different
    /// signatures, those of the lowest walk numbers.
    struct Keep: Sendable {
        var distinct: Int
        var signature: @Sendable (M.Action?, String) -> String

        init(distinct: Int, signature: (@Sendable (M.Action?, String) -> String)?) {
            self.distinct = distinct
            self.signature = signature ?? { _, reason in reason }
        }

        /// Adds `f` to `list` if it belongs among the kept ones. Which failures end up kept
        /// does not depend on the order they come in, so neither on the number of workers.
        func add(_ f: Tally.Failure, to list: inout [Tally.Failure]) {
            if let same = list.firstIndex(where: { $0.signature == f.signature }) {
                if f.walk < list[same].walk { list[same] = f }
            } else {
                list.append(f)
            }
            list.sort { $0.walk < $1.walk }
            if list.count > distinct { list.removeLast(list.count - distinct) }
        }
    }

    /// What the walks of one worker counted. Merging sums the counts and keeps, per property,
    /// the failures of the lowest walk numbers, so the merged tally does not depend on which
    /// worker ran which walk.
    struct Tally: Sendable {
        struct Failure: Sendable {
            var walk: Int
            var reason: String
            /// Set when more than one failure per property is kept.
            var signature: String?
            var kinds: [String]
            var initial: M.State
            var actions: [M.Action]
        }

        var walks = 0
        var steps = 0
        var outsideBounds = 0
        var applied: [Int]
        var refused: [[String: Int]]
        var failedWalks: [Int]
        var failures: [[Failure]]
        var reached: Reached

        init(kinds: Int, properties: Int) {
            applied = Array(repeating: 0, count: kinds)
            refused = Array(repeating: [:], count: kinds)
            failedWalks = Array(repeating: 0, count: properties)
            failures = Array(repeating: [], count: properties)
            reached = Reached(count: properties)
        }

        mutating func merge(_ other: Tally, keep: Keep) {
            walks += other.walks
            steps += other.steps
            outsideBounds += other.outsideBounds
            reached.merge(other.reached)
            for k in applied.indices { applied[k] += other.applied[k] }
            for k in refused.indices { refused[k].merge(other.refused[k], uniquingKeysWith: +) }
            for p in failedWalks.indices {
                failedWalks[p] += other.failedWalks[p]
                for f in other.failures[p] { keep.add(f, to: &failures[p]) }
            }
        }
    }

    /// One worker's walker: buffers reused from walk to walk, and its tally.
    struct Walker {
        let machine: M
        let live: LiveSystem<M>?
        let checks: PropertyChecks<M>
        let initials: [M.State]
        let filter: KindFilter
        let seed: UInt64
        let length: Int
        let swarm: Bool
        let keep: Keep
        /// Which properties end a walk when they fail.
        let ends: [Bool]
        var tally: Tally
        var scratch: [M.Action] = []
        var trace: [M.Action] = []
        var failed: [(Int, String)] = []

        init(machine: M, live: LiveSystem<M>?, properties: [Property<M>], initials: [M.State], filter: KindFilter,
             seed: UInt64, length: Int, swarm: Bool, keep: Keep) {
            self.machine = machine
            self.live = live
            checks = PropertyChecks(properties)
            self.initials = initials; self.filter = filter; self.seed = seed
            self.length = length; self.swarm = swarm; self.keep = keep
            ends = properties.map(\.endsRun)
            tally = Tally(kinds: filter.count, properties: properties.count)
        }

        /// Walk `index`: everything it does is drawn from its own generator.
        mutating func walk(_ index: Int) {
            var rng = Xoshiro(seed: Xoshiro.walkSeed(seed, walk: index))
            var kinds = filter
            if swarm { kinds.swarm(using: &rng) }
            tally.walks += 1
            guard !initials.isEmpty else { return }
            let initial = initials.count == 1 ? initials[0] : initials[rng.below(initials.count)]
            trace.removeAll(keepingCapacity: true)
            // Locals, not properties: a call on `machine` that also touches `self` (a closure
            // appending to `failed`, `&scratch`) makes Swift copy the machine on every step.
            let machine = self.machine, checks = self.checks
            var failed: [(Int, String)] = [], scratch: [M.Action] = []
            swap(&failed, &self.failed)
            swap(&scratch, &self.scratch)
            defer { swap(&failed, &self.failed); swap(&scratch, &self.scratch) }
            var looking = !tally.reached.covers(checks)
            let ends = self.ends
            machine.checkState(initial, checks) { failed.append(($0, $1)) }
            if !failed.isEmpty { return record(index, kinds, initial, nil, &failed) }
            if looking { tally.reached.note(initial, checks); looking = !tally.reached.covers(checks) }
            var state = initial
            // The actions picked ahead (when a live system foretells) and whether each was
            // foretold to move the walk; a step that does otherwise drops the rest.
            let foretell = live?.foretell
            var plan: [(action: M.Action, kind: Int, moves: Bool)] = [], planned = 0
            for left in stride(from: length, to: 0, by: -1) {
                if planned == plan.count {
                    plan.removeAll(keepingCapacity: true); planned = 0
                    pick(from: state, steps: foretell == nil ? 1 : left, foretell, kinds, &rng, &scratch, into: &plan)
                    if plan.isEmpty { break }
                    if foretell != nil { live?.prepareWalk(plan.map(\.action), state) }
                }
                let (action, k, foretoldMove) = plan[planned]
                planned += 1
                let step = machine.step(state, action)
                tally.steps += 1
                machine.checkTransition(state, action, step, checks) { failed.append(($0, $1)) }
                let next = machine.successor(of: step)
                if let next {
                    tally.applied[k] += 1
                    machine.checkState(next, checks) { failed.append(($0, $1)) }
                } else {
                    tally.refused[k][machine.refusal(of: step) ?? "refused", default: 0] += 1
                }
                if !failed.isEmpty {
                    let over = failed.contains { ends[$0.0] }
                    trace.append(action)
                    record(index, kinds, initial, action, &failed)
                    if over { return }
                    trace.removeLast()
                }
                let moves = next.map(machine.isWithinBounds) ?? false
                if moves != foretoldMove { planned = plan.count }
                guard let next else { continue }
                // Bounds only steer the walk: a successor outside them is checked, then dropped.
                if moves {
                    if looking { tally.reached.note(next, checks); looking = !tally.reached.covers(checks) }
                    state = next
                    trace.append(action)
                } else {
                    tally.outsideBounds += 1
                }
            }
        }

        /// Picks up to `steps` actions from `state` on, each from where the one before is
        /// foretold to lead (one action when nothing foretells), as the walk would
        /// pick them one by one. The plan ends after a step foretold to lead outside the
        /// bounds: the walk stays, but a system stepped there moved, and what the machine
        /// prepared after it would be of no use.
        func pick(from state: M.State, steps: Int, _ foretell: (@Sendable (M.State, M.Action) -> M.State?)?, _ kinds: KindFilter,
                  _ rng: inout Xoshiro, _ scratch: inout [M.Action],
                  into plan: inout [(action: M.Action, kind: Int, moves: Bool)]) {
            var at = state
            for _ in 0 ..< steps {
                guard let (action, k) = machine.sampleAction(in: at, kinds: kinds, using: &rng, scratch: &scratch) else { return }
                guard steps > 1, let foretell else { plan.append((action, k, true)); return }
                guard let next = foretell(at, action) else { plan.append((action, k, false)); continue }
                let inside = machine.isWithinBounds(next)
                plan.append((action, k, inside))
                if !inside { return }
                at = next
            }
        }

        /// Notes the properties that failed on the walk's last step (the walk stops there, unless
        /// none of them ends a run).
        mutating func record(_ walk: Int, _ kinds: KindFilter, _ initial: M.State, _ action: M.Action?,
                             _ failed: inout [(Int, String)]) {
            for (p, reason) in failed {
                tally.failedWalks[p] += 1
                let signature = keep.distinct > 1 ? keep.signature(action, reason) : nil
                if keep.distinct == 1, let known = tally.failures[p].first, known.walk <= walk { continue }
                keep.add(Tally.Failure(walk: walk, reason: reason, signature: signature, kinds: kinds.enabledNames,
                                       initial: initial, actions: trace), to: &tally.failures[p])
            }
            failed.removeAll(keepingCapacity: true)
        }
    }
}
