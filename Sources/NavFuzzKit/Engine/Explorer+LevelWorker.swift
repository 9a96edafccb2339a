extension Explorer {
    /// One worker's part of a level: the chunks it takes, each state of a chunk decoded,
    /// checked and stepped with every action. It works on its own copies and scratch, so that
    /// no reference count is shared with another worker.
    struct LevelWorker {
        let machine: M
        let checks: PropertyChecks<M>
        /// How many properties the machine has.
        let propertyCount: Int
        let known: Known
        let frontier: Level
        /// The number of the frontier's first state.
        let base: Int
        /// Whether the level's states are stepped, or only checked (the last level).
        let expand: Bool
        /// A shard that checks only the states it owns, and expands them all (`ExplorationShard`).
        let checksOwned: Bool
        /// A shard records each state's transitions for `merge`.
        let recording: Bool
        let owns: (@Sendable (UInt64) -> Bool)?
        let distinct: Int
        let signature: (@Sendable (M.Action?, String) -> String)?
        /// Asked before every step (`Options.abandons`).
        let abandons: (@Sendable () -> Bool)?
        let prepare: (@Sendable (M.State, [M.Action], Bool) -> Void)?
        /// Load and prepare the next state before this one's steps (`LiveSystem.preparesAhead`).
        let lookahead: Bool

        private var actions: [M.Action] = []
        private var lookups = Lookups()
        /// The storage each step is written into (`ExplorableMachine.step(_:_:into:)`).
        private var spare: M.Step?
        /// Room for a chunk's output as large as the last one's: grown from empty, its arrays
        /// were copied several times per chunk.
        private var room = (candidates: 0, bytes: 0)

        init(machine: M, known: Known, frontier: Level, base: Int, expand: Bool, options: Options, live: LiveSystem<M>?,
             owns: (@Sendable (UInt64) -> Bool)?) {
            self.machine = machine
            let properties = machine.properties
            checks = PropertyChecks(properties)
            propertyCount = properties.count
            self.known = known; self.frontier = frontier; self.base = base; self.expand = expand
            checksOwned = options.shard?.split == .ownership
            recording = options.shard.map { $0.count > 1 } ?? false
            self.owns = owns
            distinct = options.distinct; signature = options.signature; abandons = options.abandons
            prepare = live?.prepare
            lookahead = live?.preparesAhead ?? false
        }

        /// Checks and steps the states of `chunk` (frontier positions `range`), against the
        /// table as merged so far: this level's earlier chunks may be in it already.
        mutating func run(_ range: Range<Int>, reached: Reached, seen: VisitedTable.View) -> ChunkOutput {
            // Written only through `inout`: a variable a closure captures is boxed, and every
            // access to it checked at run time.
            var out = ChunkOutput(violations: [[Found]](repeating: [], count: propertyCount), reached: reached)
            out.candidates.reserveCapacity(room.candidates)
            out.bytes.reserveCapacity(room.bytes)
            let looking = !out.reached.covers(checks)
            // With `lookahead`, the next state is loaded and prepared before this one's steps
            // are taken, so that the system works on it meanwhile.
            var loaded: (local: Int, state: M.State?, actions: [M.Action], left: Int)?
            for local in range {
                let state: M.State
                let left: Int
                if let l = loaded, l.local == local {
                    guard let s = l.state else { continue }
                    state = s
                    left = l.left
                    swap(&actions, &loaded!.actions)
                } else {
                    guard let s = load(local, looking: looking, into: &out) else { continue }
                    state = s
                    guard expand else { continue }
                    actions.removeAll(keepingCapacity: true)
                    left = machine.explorationActions(in: state, into: &actions)
                    prepare?(state, actions, false)
                }
                guard expand else { continue }
                let mine = owned(local)
                // A prefix split expands only the states of this shard on the level it splits.
                if !mine && !checksOwned { continue }
                if lookahead && local + 1 < range.upperBound {
                    var next = loaded?.actions ?? []
                    next.removeAll(keepingCapacity: true)
                    var nextLeft = 0
                    let s = load(local + 1, looking: looking, into: &out)
                    if let s {
                        nextLeft = machine.explorationActions(in: s, into: &next)
                        prepare?(s, next, true)
                    }
                    loaded = (local + 1, s, next, nextLeft)
                }
                let refusedBefore = out.refused
                out.refused += left
                let firstCandidate = out.candidates.count
                let stopped = step(state, local, checking: mine, into: &out)
                out.dropVisited(from: firstCandidate, table: seen, scratch: &lookups)
                if recording && !stopped {
                    out.expansions.append(Expansion(state: base + local, transitions: UInt32(left + actions.count),
                                                    refused: UInt32(out.refused - refusedBefore)))
                }
                if stopped { out.stopped = true; break }
            }
            room = (out.candidates.count, out.bytes.count)
            return out
        }

        /// Takes every action of `actions` in `state` (frontier position `local`), checking
        /// each transition when `checking`, and appends the successors within bounds as
        /// candidates. Returns whether `abandons` stopped it.
        @inline(__always)
        private mutating func step(_ state: M.State, _ local: Int, checking: Bool, into out: inout ChunkOutput) -> Bool {
            let number = base + local
            // Locals, not fields, through the loop: the step's storage must stay unique to be
            // reused, and a field read in the loop is read from memory each time.
            let actions = self.actions
            var spare = self.spare.take()
            defer { self.spare = spare }
            for a in actions.indices {
                if let abandons, abandons() { return true }
                let action = actions[a]
                // Read in place, not bound to a copy: by the next step, `spare` is unique again.
                machine.step(state, action, into: &spare)
                if case .none = spare { preconditionFailure("ExplorableMachine.step(_:_:into:) wrote no step") }
                if checking {
                    machine.checkTransition(state, action, spare!, checks) { [known, distinct, signature] p, reason in
                        out.record(p, Found(state: number, action: a, reason: reason), action, known, distinct, signature)
                    }
                }
                guard let successor = machine.successor(of: spare!) else { out.refused += 1; continue }
                out.applied += 1
                guard machine.isWithinBounds(successor), !machine.leavesUnchanged(state, spare!) else { continue }
                let start = out.bytes.count
                machine.encode(successor, into: &out.bytes)
                out.candidates.append((Fingerprint.of(out.bytes[start...]), local, start, out.bytes.count - start))
            }
            return false
        }

        /// Decodes state `local` and checks it; nil when it does not decode.
        @inline(__always)
        private func load(_ local: Int, looking: Bool, into out: inout ChunkOutput) -> M.State? {
            guard let state = machine.decode(frontier.encoding(local)) else { return nil }
            let number = base + local
            if owned(local) || !checksOwned {
                machine.checkState(state, checks) { p, reason in
                    out.record(p, Found(state: number, action: nil, reason: reason), nil, known, distinct, signature)
                }
            }
            if looking { out.reached.note(state, checks) }
            return state
        }

        /// Whether this shard handles state `local` (`owns`).
        @inline(__always)
        private func owned(_ local: Int) -> Bool { owns.map { $0(Fingerprint.of(frontier.encoding(local))) } ?? true }
    }
}
