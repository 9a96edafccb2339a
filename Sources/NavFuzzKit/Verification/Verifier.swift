@_spi(Engine) import CoordinatorModel
import Dispatch

/// Verifies a coordinator implementation against the model: the entry point of `NavFuzz verify`
/// and of the test helpers. The implementation and the model run as one `StateMachine`
/// (`ConformanceMachine`) on the engine the model's own checks use. Action sequences come
/// from three sources, in this order:
///
/// 1. given traces (a corpus), each run from reset;
/// 2. a short random phase: seeded swarm walks over every action kind and style the system
///    offers (`Capabilities`; for a system that receives invalid calls, also ids of
///    coordinators that ended or were never made and arguments just outside the alphabets),
///    within bounds larger than exploration can afford (`Preset.swarm`, `swarm-tab`), so that
///    most bugs show in the first second;
/// 3. exploration: breadth-first over each preset's states up to `depth` actions, every action
///    of its domain in every state reached, so that each failure comes with a shortest trace;
/// 4. for an adapter that hands over suspension points, overlapping calls (`OverlapPhase`).
///
/// Up to `distinct` different failures of each check are reported (different by the failing
/// action's kind and the kind of reason), each with its shortest trace, shrunk against the
/// implementation and replayed once more from reset.
public enum Verifier {
    /// What a verification does (docs/VERIFY.md §3, Options): the defaults are the measured default run.
    public struct Options: Sendable {
        /// Exploration: each preset gives a configuration (root kind, alphabets), its bounds and
        /// its domain.
        public var presets: [Preset]
        /// Exploration tries every path of at most this many actions (0: no exploration).
        public var depth: Int
        /// The random phase: its presets (nil: `Preset.swarm` and `swarm-tab` for the root
        /// kinds of `presets`), and walks per preset and actions per walk.
        public var walkPresets: [Preset]?
        /// Walks per walk preset (0: no random phase).
        public var walks: Int
        /// Actions per walk, at most.
        public var walkLength: Int
        /// The seed of the walks: the same seed, the same run.
        public var seed: UInt64
        /// Seconds a driver may take to answer one request (used by `verify(driver:)`).
        public var timeout: Double
        /// Seconds a driver may take to start and answer its handshake, each time it is
        /// started (used by `verify(driver:)`); at least `timeout`.
        public var startupTimeout: Double
        /// Traces to replay first, e.g. the regression corpus.
        public var traces: [GivenTrace]
        /// Stop looking once something failed (the failure is still shrunk).
        public var stopAtFirstFailure: Bool
        /// Shrink each failure's trace against the implementation.
        public var shrink: Bool
        /// Failures reported per check, at most, when they differ.
        public var distinct: Int
        /// Use the system's saved states, when it offers them (`DrivenSystem.canSaveState`);
        /// false replays every path from reset, with the same results.
        public var restore: Bool
        /// The overlap phase, for an adapter that hands over its suspension points: overlapping
        /// calls from every state within this many actions of each preset's initial state
        /// (0: from the initial state only; negative: no overlap phase). docs/VERIFY.md §2.4.
        public var overlapDepth: Int
        /// The position goals (docs/VERIFY.md §1, Positions): every offered call at every
        /// position of its target, on the model's shortest trace; run when `depth` is above 0.
        public var positions = true
        /// Calls that overlap in one run of the overlap phase: 2, or 3 (a third call started
        /// while the first two wait; it costs about four times as much). docs/VERIFY.md §2.4.
        public var overlapCalls = 2
        /// Accepted differences: failures that match an entry are reported as expected, and
        /// verification looks on for the others (docs/VERIFY.md §7).
        public var baseline = Baseline()
        /// The child the system's root presents as it starts and on `restartApp`
        /// (docs/SEMANTICS.md §2.2), in every preset and walk: `reset(configuration:)` hands it
        /// over in `Configuration.launch`. Nil: each preset's own (none but the `launch`
        /// preset's). Given traces keep their own configuration's.
        public var launch: Launch?
        /// Failures gathered per check before `distinct` are chosen among them: more, so that
        /// one bug seen through several actions does not crowd out another.
        var gathered: Int { distinct == 1 ? 1 : distinct * 4 }

        /// The random phase's presets.
        var walking: [Preset] {
            walkPresets ?? Preset.swarmPresets.filter { s in presets.contains { $0.configuration.rootKind == s.configuration.rootKind } }
        }

        /// Run only part of the work: traces whose position, walks whose number, and explored
        /// steps whose state's fingerprint is `index` modulo `count`. Every shard explores
        /// each preset's states on the model; only the steps it owns reach the implementation,
        /// so the shards together check each step once, and a merge of their reports is the
        /// report of one run (docs/CI.md, Shards).
        public var shard: (index: Int, count: Int)
        /// Run a driver on the core of the verifying thread, with that thread pinned to it
        /// (Linux). Off by default: exploration sends a state's steps at once, so the two
        /// processes work side by side on two cores; a turn-by-turn walk is faster on one core
        /// (docs/VERIFY.md §5).
        public var pinDriver: Bool
        /// Where the test helpers run an adapter: in the test's process, or in a child process
        /// that contains a trap (`assertConformance`, `expectConformance`; others ignore it).
        public var runIn: RunLocation = .inProcess
        /// Why the options cannot be run (a replayed step that is not an action): the report
        /// says so instead of verifying.
        package var problem: String?
        /// Told of each failing step as it is found (its check, reason and trace, before
        /// shrinking and the last replay): what a run ended by a signal still reports.
        package var found: (@Sendable (Check, String, [Action]) -> Void)?

        /// Options with the defaults of `NavFuzz verify`; each argument is the property of the same name.
        public init(presets: [Preset] = [.small, .smallTab], depth: Int = 3, walkPresets: [Preset]? = nil,
                    walks: Int = 150, walkLength: Int = 40, seed: UInt64 = 0, timeout: Double = 5, startupTimeout: Double = 30,
                    traces: [GivenTrace] = [], stopAtFirstFailure: Bool = false, shrink: Bool = true, distinct: Int = 3,
                    restore: Bool = true, shard: (index: Int, count: Int) = (0, 1), pinDriver: Bool = false,
                    runIn: RunLocation = .inProcess, overlapDepth: Int = 1, launch: Launch? = nil) {
            self.presets = presets; self.depth = max(depth, 0); self.walkPresets = walkPresets
            self.walks = max(walks, 0); self.walkLength = max(walkLength, 0); self.seed = seed; self.timeout = timeout
            self.startupTimeout = startupTimeout
            self.traces = traces; self.stopAtFirstFailure = stopAtFirstFailure; self.shrink = shrink
            self.distinct = max(distinct, 1); self.restore = restore
            self.shard = shard.count >= 1 && (0 ..< shard.count).contains(shard.index) ? shard : (0, 1)
            self.pinDriver = pinDriver
            self.runIn = runIn
            self.overlapDepth = overlapDepth
            self.launch = launch
        }
    }

    /// What makes two failures of one check different: the kind of the failing action (of the
    /// part, for a `multiple` of one) and the kind of reason: its words without the action's
    /// own text, ids, routes and counts.
    static func signature(_ action: Action?, _ reason: String) -> String {
        var reason = reason
        if let action { reason = reason.replacingOccurrences(of: action.description, with: "the action") }
        var kind = action.map { $0.name.rawValue } ?? "reset"
        if case .multiple(_, let parts)? = action, parts.count == 1 { kind = parts[0].name.rawValue }
        let kinds = reason.split(separator: ";").map { part in
            var words = Substring(part.drop { $0 == " " })
            if let cut = words.firstRange(of: ": ") { words = words[..<cut.lowerBound] }
            if let quote = words.firstIndex(of: "'") { words = words[..<quote] }
            return String(words.map { $0.isNumber ? "#" : $0 }).replacingOccurrences(of: "##", with: "#")
        }
        return kind + " " + kinds.joined(separator: "; ")
    }

    /// A signature without its action kind.
    static func reasonKind(_ signature: String) -> Substring {
        signature.drop { $0 != " " }
    }

    /// Whether two failures are of one kind while shrinking: the same kind of reason, at the
    /// same kind of action, where a `multiple` is of every kind of its parts too (so that it
    /// can shrink to one of them).
    static func sameKind(_ a: Action?, _ ra: String, as b: Action?, _ rb: String) -> Bool {
        guard reasonKind(signature(a, ra)) == reasonKind(signature(b, rb)) else { return false }
        func kinds(_ x: Action?) -> Set<ActionName?> {
            guard let x else { return [nil] }
            if case .multiple(_, let parts) = x { return Set(parts.map(\.name) + [.multiple]) }
            return [x.name]
        }
        return !kinds(a).isDisjoint(with: kinds(b))
    }

    /// Verifies a system as the engine drives it (an adapter wrapped, or a `DriverSystem`).
    package static func verify(_ system: some DrivenSystem, options: Options = Options()) -> VerificationReport {
        var run = Run(system: system, options: options)
        return run.run()
    }
}
