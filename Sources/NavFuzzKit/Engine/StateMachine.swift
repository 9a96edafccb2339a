/// What the engine explores, fuzzes and shrinks: a deterministic transition system with named
/// properties, in the spirit of Stateright's `Model`. This is the core; what exploration,
/// fuzzing, shrinking and printing need beyond it are the refinements below, each with
/// defaults wherever one makes sense.
@_spi(Engine) public protocol StateMachine: Sendable {
    /// A state: a value, so that exploration can keep it and a walk can go back to it.
    associatedtype State: Sendable
    /// What a step does, as a trace prints it and a corpus file replays it.
    associatedtype Action: Sendable
    /// Everything one step produced; `successor(of:)` says whether it leads anywhere.
    associatedtype Step: Sendable

    /// Where every run starts: exploration from each of them, a walk or a replay from the first.
    func initialStates() -> [State]
    /// Every action to try in `state`, in a deterministic order, appended to `actions` (which
    /// the caller empties and reuses, so that no step allocates).
    func actions(in state: State, into actions: inout [Action])
    /// Takes `action` in `state`: a pure function, the same step for the same arguments, so
    /// that a trace replays and shrinks to the same failure.
    func step(_ state: State, _ action: Action) -> Step
    /// The state after `step`, or nil when the step leads nowhere (the action was refused).
    func successor(of step: Step) -> State?
    /// What must hold: of each state, of each step, or somewhere (`Property.Condition`); exploration
    /// and fuzzing check every one, and report a failure with the property's name.
    var properties: [Property<Self>] { get }

    /// Whether exploration keeps a successor and a walk goes on from it. Default: always.
    func isWithinBounds(_ state: State) -> Bool
    /// Why a step led nowhere, for traces and coverage; nil when it applied. Default: "refused".
    func refusal(of step: Step) -> String?
}

extension StateMachine {
    @_spi(Engine) public func isWithinBounds(_ state: State) -> Bool { true }
    @_spi(Engine) public func refusal(of step: Step) -> String? { successor(of: step) == nil ? "refused" : nil }
}

/// Speed: the checks called without closures, and a copy per worker. Exploration, fuzzing and
/// shrinking check every step through these; the defaults call the properties' closures.
@_spi(Engine) public protocol FastMachine: StateMachine {
    /// Runs the state properties of `checks` on `state` and reports each failure with its
    /// property's index. A machine whose properties are known statically may call them
    /// directly, sparing the thunk a generically stored closure costs on every call.
    func checkState(_ state: State, _ checks: PropertyChecks<Self>, report: (Int, String) -> Void)
    /// The same for the transition properties on one step.
    func checkTransition(_ state: State, _ action: Action, _ step: Step, _ checks: PropertyChecks<Self>,
                         report: (Int, String) -> Void)
    /// An equal machine that shares no reference-counted storage with this one. Workers take
    /// one each: threads that retain and release the same objects slow each other down.
    /// Default: itself. (A machine that drives one live system is used from one thread: see
    /// `LiveSystem`.)
    func replica() -> Self
}

extension FastMachine {
    @_spi(Engine) public func checkState(_ state: State, _ checks: PropertyChecks<Self>, report: (Int, String) -> Void) {
        for c in checks.state.indices { if let r = checks.state[c].1(state) { report(checks.state[c].0, r) } }
    }

    @_spi(Engine) public func checkTransition(_ state: State, _ action: Action, _ step: Step, _ checks: PropertyChecks<Self>,
                                report: (Int, String) -> Void) {
        for c in checks.transition.indices {
            if let r = checks.transition[c].1(state, action, step) { report(checks.transition[c].0, r) }
        }
    }

    @_spi(Engine) public func replica() -> Self { self }
}

/// Exploration: a canonical encoding, so that states are stored as bytes and identified by
/// 64-bit fingerprints.
@_spi(Engine) public protocol ExplorableMachine: FastMachine {
    /// Appends the canonical encoding: equal bytes exactly when the states are the same state.
    func encode(_ state: State, into bytes: inout [UInt8])
    func decode(_ bytes: ArraySlice<UInt8>) -> State?
    /// The actions exploration steps in `state`: those of `actions(in:into:)`, in their order,
    /// without the ones the machine knows are refused with nothing to check (their steps would
    /// leave the state as it was and emit nothing, so no property can fail on them). Returns
    /// how many it left out; exploration counts them as refused. Default: every action.
    func explorationActions(in state: State, into actions: inout [Action]) -> Int
    /// Whether `step`, taken from `state`, applied and left it as it was, as a cheap test
    /// shows (equal values, say); exploration then skips encoding the successor, which is
    /// `state` and so already visited. Default: false.
    func leavesUnchanged(_ state: State, _ step: Step) -> Bool
    /// `step(state, action)`, written into `step` (nil before the first), whose storage the
    /// machine may reuse once no other copy of it lives: exploration keeps only encodings of
    /// successors, so one step's storage can serve the next. Exploration calls it only with
    /// actions of `explorationActions(in:into:)`. Default: `step(state, action)`.
    func step(_ state: State, _ action: Action, into step: inout Step?)
    /// Rewrites a path found over canonical states so that it replays from `initialStates()`
    /// as written (for example with ids in creation order). Default: the path as it is.
    func concretize(_ path: [Action], from initial: State) -> [Action]
}

extension ExplorableMachine {
    @_spi(Engine) public func explorationActions(in state: State, into actions: inout [Action]) -> Int {
        self.actions(in: state, into: &actions)
        return 0
    }

    @_spi(Engine) public func leavesUnchanged(_ state: State, _ step: Step) -> Bool { false }
    @_spi(Engine) public func step(_ state: State, _ action: Action, into step: inout Step?) { step = self.step(state, action) }
    @_spi(Engine) public func concretize(_ path: [Action], from initial: State) -> [Action] { path }
}

/// Fuzzing: action kinds with weights, and random actions.
@_spi(Engine) public protocol FuzzableMachine: FastMachine {
    /// A short name of the action's kind, for coverage and swarm testing.
    func kindName(of action: Action) -> String
    /// Every kind name `kindName(of:)` can return, in a fixed order: the fuzzer's coverage rows
    /// and the switches of swarm testing. Default: the kinds enumerated in the initial states.
    var actionKinds: [String] { get }
    /// How often the fuzzer picks a kind relative to the others; 0 leaves it out. Default 1.
    func defaultWeight(ofKind kind: String) -> Int
    /// One random action of an enabled kind in `state`, with the index of its kind in
    /// `actionKinds`; nil when there is none. The default enumerates `actions(in:into:)` into
    /// `scratch` and picks a present kind by weight, then one of its actions uniformly; a
    /// machine that can build an action directly should, since enumeration is most of the cost.
    func sampleAction(in state: State, kinds: KindFilter, using rng: inout Xoshiro,
                      scratch: inout [Action]) -> (action: Action, kind: Int)?
}

extension FuzzableMachine {
    @_spi(Engine) public var actionKinds: [String] {
        var kinds: [String] = []
        var actions: [Action] = []
        for s in initialStates() {
            actions.removeAll(keepingCapacity: true)
            self.actions(in: s, into: &actions)
            for a in actions {
                let k = kindName(of: a)
                if !kinds.contains(k) { kinds.append(k) }
            }
        }
        return kinds
    }

    @_spi(Engine) public func defaultWeight(ofKind kind: String) -> Int { 1 }

    @_spi(Engine) public func sampleAction(in state: State, kinds: KindFilter, using rng: inout Xoshiro,
                             scratch: inout [Action]) -> (action: Action, kind: Int)? {
        scratch.removeAll(keepingCapacity: true)
        actions(in: state, into: &scratch)
        // Keep the enabled actions at the front, remembering each one's kind.
        var kindOf: [Int] = []
        var present = [Bool](repeating: false, count: kinds.count)
        for i in scratch.indices {
            guard let k = kinds.index(of: kindName(of: scratch[i])), kinds.isEnabled(k) else { continue }
            scratch.swapAt(i, kindOf.count)
            kindOf.append(k)
            present[k] = true
        }
        guard let k = kinds.pick(using: &rng, among: present) else { return nil }
        var j = rng.below(kindOf.count { $0 == k })
        for (i, kind) in kindOf.enumerated() where kind == k {
            if j == 0 { return (scratch[i], k) }
            j -= 1
        }
        return nil
    }
}

/// Shrinking: simpler variants of an action, and removal of steps that later steps refer to.
@_spi(Engine) public protocol ShrinkableMachine: FastMachine {
    /// Simpler variants of `action`, simplest first. Each must be strictly simpler by some
    /// measure that cannot go down forever. Default: none.
    func simplifications(of action: Action) -> [Action]
    /// The trace without the steps in `range`, with later actions rewritten for what those
    /// steps created (for example ids allocated in creation order, which shift down); nil when
    /// removing them needs no rewriting. The shrinker tries it after the plain removal.
    /// Default: nil.
    func removing(_ range: Range<Int>, from actions: [Action], initial: State) -> [Action]?
}

extension ShrinkableMachine {
    @_spi(Engine) public func simplifications(of action: Action) -> [Action] { [] }
    @_spi(Engine) public func removing(_ range: Range<Int>, from actions: [Action], initial: State) -> [Action]? { nil }
}

/// Text: states and actions for people, actions parsed back from corpus files.
@_spi(Engine) public protocol DescribedMachine: StateMachine {
    func describe(_ state: State) -> String
    func describe(_ action: Action) -> String
    /// Parses the text form `describe(_:)` prints; the error names the column.
    func parseAction(_ text: String) throws(ActionParseError) -> Action
    /// Readable events a step emitted (shown in traces). Default: none.
    func events(of step: Step) -> [String]
}

extension DescribedMachine {
    @_spi(Engine) public func events(of step: Step) -> [String] { [] }
}

/// The action kinds a fuzz walk may pick, with their weights: the switchboard of swarm
/// testing (each walk turns a random subset on). Kinds are numbered as in `actionKinds`.
@_spi(Engine) public struct KindFilter: Sendable {
    @_spi(Engine) public let names: [String]
    /// Weight of each kind when enabled; 0 means never.
    @_spi(Engine) public let weights: [Int]
    private let indexByName: [String: Int]
    private var enabled: [Bool]
    /// Running sums of the enabled kinds' weights, for picking in one pass.
    private var cumulative: [Int]

    /// Every kind with a positive weight enabled.
    @_spi(Engine) public init(names: [String], weights: [Int]) {
        self.names = names
        self.weights = names.indices.map { $0 < weights.count ? max(0, weights[$0]) : 1 }
        var index: [String: Int] = [:]
        for (i, n) in names.enumerated() where index[n] == nil { index[n] = i }
        indexByName = index
        enabled = self.weights.map { $0 > 0 }
        cumulative = []
        recompute()
    }

    @_spi(Engine) public var count: Int { names.count }
    @_spi(Engine) public func index(of name: String) -> Int? { indexByName[name] }
    @_spi(Engine) public func isEnabled(_ kind: Int) -> Bool { kind >= 0 && kind < enabled.count && enabled[kind] }
    /// The names of the enabled kinds, in kind order.
    @_spi(Engine) public var enabledNames: [String] { names.indices.filter { enabled[$0] }.map { names[$0] } }

    /// Swarm testing: keep each kind with probability 1/2, and at least one.
    @_spi(Engine) public mutating func swarm(using rng: inout Xoshiro) {
        let candidates = weights.indices.filter { weights[$0] > 0 }
        guard !candidates.isEmpty else { return }
        for k in enabled.indices { enabled[k] = weights[k] > 0 && rng.coin() }
        if !enabled.contains(true), let k = rng.element(of: candidates) { enabled[k] = true }
        recompute()
    }

    private mutating func recompute() {
        var sum = 0
        cumulative = weights.indices.map { k in
            if enabled[k] { sum += weights[k] }
            return sum
        }
    }

    /// An enabled kind chosen by weight, or nil when none is enabled.
    @inline(__always)
    @_spi(Engine) public func pick(using rng: inout Xoshiro) -> Int? {
        guard let total = cumulative.last, total > 0 else { return nil }
        let r = rng.below(total)
        var lo = 0, hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) >> 1
            if cumulative[mid] > r { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// An enabled kind chosen by weight among those marked `present`, or nil.
    @_spi(Engine) public func pick(using rng: inout Xoshiro, among present: [Bool]) -> Int? {
        var total = 0
        for k in weights.indices where enabled[k] && k < present.count && present[k] { total += weights[k] }
        guard total > 0 else { return nil }
        var r = rng.below(total)
        for k in weights.indices where enabled[k] && k < present.count && present[k] {
            if r < weights[k] { return k }
            r -= weights[k]
        }
        return nil
    }
}

/// What a property claims: that every state, or every step, is good (`always`, in
/// Stateright's words), or that some state the run reaches is of a kind (`sometimes`), so that
/// a run that passes cannot have passed by never getting anywhere.
@_spi(Engine) public enum PropertyKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case state, transition, sometimes
    @_spi(Engine) public var description: String { rawValue }
}

/// A named property: one that must always hold, on every state or on every transition, or
/// one that some reached state must have.
@_spi(Engine) public struct Property<M: StateMachine>: Sendable {
    @_spi(Engine) public enum Condition: Sendable {
        /// A reason when the state is bad, else nil.
        case state(@Sendable (M.State) -> String?)
        /// A reason when the step is bad, else nil.
        case transition(@Sendable (M.State, M.Action, M.Step) -> String?)
        /// Whether the state is one the run should reach.
        case sometimes(@Sendable (M.State) -> Bool)
    }

    @_spi(Engine) public let name: String
    @_spi(Engine) public let summary: String
    @_spi(Engine) public let check: Condition
    /// Whether a failure ends a run: a walk stops there, and a shrunk trace may show no other
    /// property failing before its own. False for a failure that leaves the state as it should
    /// be (a leak), after which the run may go on and find more.
    @_spi(Engine) public let endsRun: Bool

    @_spi(Engine) public init(name: String, summary: String, check: Condition, endsRun: Bool = true) {
        self.name = name; self.summary = summary; self.check = check; self.endsRun = endsRun
    }

    @_spi(Engine) public var kind: PropertyKind {
        switch check {
        case .state: .state
        case .transition: .transition
        case .sometimes: .sometimes
        }
    }
}

/// The checks of some properties by kind, each with its property's index. They are read by
/// index (`checks.state[i].1(s)`): copying a property, or a pair, out of an array retains its
/// strings and closure, on every step.
@_spi(Engine) public struct PropertyChecks<M: StateMachine>: Sendable {
    @_spi(Engine) public private(set) var state: [(Int, @Sendable (M.State) -> String?)] = []
    @_spi(Engine) public private(set) var transition: [(Int, @Sendable (M.State, M.Action, M.Step) -> String?)] = []
    @_spi(Engine) public private(set) var sometimes: [(Int, @Sendable (M.State) -> Bool)] = []

    @_spi(Engine) public init(_ properties: [Property<M>]) {
        for (p, property) in properties.enumerated() {
            switch property.check {
            case .state(let f): state.append((p, f))
            case .transition(let f): transition.append((p, f))
            case .sometimes(let f): sometimes.append((p, f))
            }
        }
    }
}

/// Which `sometimes` properties a run reached, by property index; merged over workers.
@_spi(Engine) public struct Reached: Sendable, Hashable {
    @_spi(Engine) public private(set) var flags: [Bool]

    @_spi(Engine) public init(count: Int) { flags = [Bool](repeating: false, count: count) }

    @_spi(Engine) public subscript(p: Int) -> Bool { p < flags.count && flags[p] }

    /// Marks every `sometimes` property of `checks` that `state` has and that was not reached yet.
    mutating func note<M: StateMachine>(_ state: M.State, _ checks: PropertyChecks<M>) {
        for c in checks.sometimes.indices where !flags[checks.sometimes[c].0] {
            if checks.sometimes[c].1(state) { flags[checks.sometimes[c].0] = true }
        }
    }

    /// Whether every `sometimes` property of `checks` was reached: nothing left to evaluate.
    func covers<M: StateMachine>(_ checks: PropertyChecks<M>) -> Bool {
        checks.sometimes.allSatisfy { flags[$0.0] }
    }

    mutating func merge(_ other: Reached) {
        for p in flags.indices where p < other.flags.count && other.flags[p] { flags[p] = true }
    }

    /// The names of the `sometimes` properties never reached, in property order.
    @_spi(Engine) public func unreached<M: StateMachine>(_ properties: [Property<M>]) -> [String] {
        properties.indices.filter { properties[$0].kind == .sometimes && !self[$0] }.map { properties[$0].name }
    }
}

/// A line of a trace that is not an action: the 1-based column and what was expected there.
@_spi(Engine) public struct ActionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    @_spi(Engine) public var column: Int
    @_spi(Engine) public var message: String
    @_spi(Engine) public init(column: Int, message: String) { self.column = column; self.message = message }
    @_spi(Engine) public var description: String { "column \(column): \(message)" }
}
