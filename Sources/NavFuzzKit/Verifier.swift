import CoordinatorModel
import Dispatch

/// Verifies a coordinator implementation against the model: the entry point of `NavFuzz verify`
/// and of the test helpers. Action sequences come from three sources, in this order:
///
/// 1. given traces (a corpus), each run from reset;
/// 2. exploration: breadth-first over the model's states within each preset's bounds, up to
///    `depth` actions, every action of the preset's domain tried in every state reached — the
///    implementation follows each path from reset, so the first failure of each invariant comes
///    with a shortest trace;
/// 3. seeded random walks over every action kind, including those exploration leaves out.
///
/// Each broken invariant is reported once, with the shortest trace found for it, shrunk against
/// the implementation to a 1-minimal one.
public enum Verifier {
    public struct Options: Sendable {
        /// Each preset gives a configuration (root kind, alphabets), the exploration bounds and domain.
        public var presets: [Preset]
        /// Exploration tries every path of at most this many actions (0: no exploration).
        public var depth: Int
        /// Random walks per preset, and actions per walk.
        public var walks: Int
        public var walkLength: Int
        public var seed: UInt64
        /// Seconds a driver may take to answer one request (used by `verify(driver:)`).
        public var timeout: Double
        /// Traces to replay first, e.g. the regression corpus.
        public var traces: [[Action]]
        /// The configuration traces run under; nil: the first preset's.
        public var traceConfiguration: Configuration?
        /// Stop looking once something failed (the failure is still shrunk).
        public var stopAtFirstFailure: Bool
        /// Shrink each failure's trace against the implementation.
        public var shrink: Bool
        /// Run a driver on the core of the verifying thread, with that thread pinned to it
        /// (Linux). The protocol is lock-step, so the two processes take turns; on one core a
        /// turn costs a few microseconds instead of a cross-core wake-up.
        public var pinDriver: Bool

        public init(presets: [Preset] = [.small, .smallTab], depth: Int = 3, walks: Int = 200, walkLength: Int = 40,
                    seed: UInt64 = 0, timeout: Double = 5, traces: [[Action]] = [], traceConfiguration: Configuration? = nil,
                    stopAtFirstFailure: Bool = false, shrink: Bool = true, pinDriver: Bool = true) {
            self.presets = presets; self.depth = max(depth, 0); self.walks = max(walks, 0)
            self.walkLength = max(walkLength, 0); self.seed = seed; self.timeout = timeout; self.traces = traces
            self.traceConfiguration = traceConfiguration; self.stopAtFirstFailure = stopAtFirstFailure; self.shrink = shrink
            self.pinDriver = pinDriver
        }
    }

    /// Every check a verification makes, in report order: the model's invariants on the
    /// implementation's own states, then the implementation-only ones.
    public static let checks: [String] = Invariant.all.map(\.name) + ["snapshot-conforms", "no-crash", "no-hang", "no-leak"]

    /// Verifies an in-process system (or a `DriverSystem` already started).
    public static func verify(_ system: some NavigationSystem, options: Options = Options()) -> VerificationReport {
        var run = VerificationRun(system: system, options: options)
        return run.run()
    }

    /// Starts a driver with `/bin/sh -c command` and verifies it (with `pinDriver`, on the core
    /// of the calling thread, which stays there until the end). A driver that cannot be
    /// started or answers the handshake wrongly gives a report with `error` set.
    public static func verify(driver command: String, options: Options = Options()) -> VerificationReport {
        let pin = options.pinDriver ? ThreadPin.toCurrentCPU() : nil
        defer { pin?.release() }
        do {
            let system = try DriverSystem(command: command, timeout: options.timeout)
            return verify(system, options: options)
        } catch {
            var report = VerificationReport(system: command, error: error.message)
            report.diagnostics = error.diagnostics
            return report
        }
    }
}

/// The state of one verification: sessions per configuration, the shortest failing trace per
/// invariant, counters.
struct VerificationRun {
    let system: NavigationSystem
    let options: Verifier.Options
    private var sessions: [Configuration: ConformanceSession] = [:]
    private var found: [String: Candidate] = [:]
    private var report: VerificationReport
    private var start = DispatchTime.now().uptimeNanoseconds

    /// A failing trace before shrinking.
    struct Candidate {
        var trace: [Action]
        var configuration: Configuration
        var source: String
    }

    init(system: NavigationSystem, options: Verifier.Options) {
        self.system = system
        self.options = options
        report = VerificationReport(system: (system as? DriverSystem)?.name ?? String(describing: type(of: system)))
    }

    mutating func run() -> VerificationReport {
        do {
            try replayTraces()
            for preset in options.presets where !done {
                try explore(preset)
            }
            for preset in options.presets where !done {
                try walk(preset)
            }
            try shrinkAll()
        } catch {
            report.error = error.message
        }
        finish()
        return report
    }

    private var done: Bool { options.stopAtFirstFailure && !found.isEmpty }

    private mutating func session(_ configuration: Configuration) -> ConformanceSession {
        if let s = sessions[configuration] { return s }
        let s = ConformanceSession(system: system, configuration: configuration)
        sessions[configuration] = s
        return s
    }

    /// Keeps the shortest trace per invariant (the first found among equals).
    private mutating func record(_ findings: [Finding], trace: [Action], configuration: Configuration, source: String) {
        for f in findings {
            if let known = found[f.invariant], known.trace.count <= trace.count { continue }
            found[f.invariant] = Candidate(trace: trace, configuration: configuration, source: source)
        }
    }

    // MARK: - Sources

    private mutating func replayTraces() throws(SystemFailure) {
        guard !options.traces.isEmpty else { return }
        let configuration = options.traceConfiguration ?? options.presets.first?.configuration ?? Configuration()
        let s = session(configuration)
        let supported = system.supportedActions, styles = system.supportedStyles
        for (n, trace) in options.traces.enumerated() where !done {
            var runnable = trace
            if let cut = trace.firstIndex(where: { !offers($0, actions: supported, styles: styles) }) {
                runnable = Array(trace[..<cut])
                report.notes.append("trace \(n + 1): ran the first \(cut) of \(trace.count) steps; the implementation does not offer '\(trace[cut])'")
            }
            let result = try s.run(runnable)
            report.traces += 1
            if let i = result.failingIndex {
                record(result.findings, trace: Array(runnable.prefix(i + 1)), configuration: configuration, source: "trace \(n + 1)")
            }
        }
    }

    /// Breadth-first over the model's states; the implementation follows each path from reset,
    /// except that a step both sides refused (or that changed nothing) needs no reset.
    private mutating func explore(_ preset: Preset) throws(SystemFailure) {
        guard options.depth > 0 else { return }
        struct Node { var state: State; var path: [Action] }
        let s = session(preset.configuration)
        let supported = system.supportedActions, styles = system.supportedStyles
        var queue = [Node(state: s.model.initialState(), path: [])]
        var visited = Set<UInt64>()
        var bytes: [UInt8] = []
        queue[0].state.encodeCanonical(into: &bytes)
        visited.insert(Fingerprint.of(bytes))
        var actions: [Action] = []
        var head = 0
        var at: Int? = nil
        while head < queue.count && !done {
            let node = queue[head]
            let index = head
            head += 1
            guard node.path.count < options.depth else { continue }
            actions.removeAll(keepingCapacity: true)
            preset.domain.actions(in: node.state, into: &actions)
            for action in actions where offers(action, actions: supported, styles: styles) {
                if at != index {
                    let replay = try s.run(node.path)
                    if let i = replay.failingIndex {
                        // The implementation does not repeat itself: this path failed before.
                        record(replay.findings, trace: Array(node.path.prefix(i + 1)), configuration: preset.configuration,
                               source: "exploration of \(preset.name), replaying a path")
                        at = nil
                        break
                    }
                    at = index
                }
                let findings = try s.step(action)
                if !findings.isEmpty {
                    record(findings, trace: node.path + [action], configuration: preset.configuration,
                           source: "exploration of \(preset.name) (depth \(node.path.count + 1))")
                    at = nil
                    if done { break }
                    continue
                }
                if s.lastStepKeptState { continue }
                at = nil
                let next = s.modelState
                guard preset.bounds.contains(next) else { continue }
                bytes.removeAll(keepingCapacity: true)
                next.encodeCanonical(into: &bytes)
                if visited.insert(Fingerprint.of(bytes)).inserted {
                    queue.append(Node(state: next, path: node.path + [action]))
                }
            }
        }
        report.sources.append("exploration of \(preset.name) to depth \(options.depth): \(queue.count) states")
        report.exploredStates += queue.count
    }

    private mutating func walk(_ preset: Preset) throws(SystemFailure) {
        guard options.walks > 0, options.walkLength > 0 else { return }
        let s = session(preset.configuration)
        var generator = WalkGenerator(configuration: preset.configuration, supported: system.supportedActions,
                                      styles: system.supportedStyles)
        guard !generator.isEmpty else { return }
        let presetSeed = options.seed ^ Fingerprint.of(Array(preset.name.utf8))
        for w in 0..<options.walks where !done {
            var rng = Xoshiro(seed: Xoshiro.walkSeed(presetSeed, walk: w))
            var trace: [Action] = []
            var findings = try s.reset()
            if findings.isEmpty {
                for _ in 0..<options.walkLength {
                    guard let action = generator.next(in: s.modelState, using: &rng) else { break }
                    trace.append(action)
                    findings = try s.step(action)
                    if !findings.isEmpty { break }
                }
            }
            report.walks += 1
            if !findings.isEmpty {
                record(findings, trace: trace, configuration: preset.configuration, source: "walk \(w) of \(preset.name), seed \(options.seed)")
            }
        }
        report.sources.append("\(options.walks) random walks of up to \(options.walkLength) actions on \(preset.name) (seed \(options.seed))")
    }

    // MARK: - Shrinking and the report

    private mutating func shrinkAll() throws(SystemFailure) {
        for invariant in Verifier.checks {
            guard let candidate = found[invariant] else { continue }
            let s = session(candidate.configuration)
            var trace = candidate.trace
            if options.shrink {
                var shrinker = ConformanceShrinker(session: s, invariant: invariant)
                trace = try shrinker.shrink(candidate.trace)
                report.shrinkRuns += shrinker.runs
            }
            let driver = system as? DriverSystem
            let mark = driver?.stderrTotal ?? 0
            let result = try s.run(trace)
            let said = driver.map { $0.diagnostics(since: mark) } ?? system.diagnostics
            guard let finding = result.findings.first(where: { $0.invariant == invariant }), let step = s.lastFailure else {
                report.notes.append("\(invariant): the failing trace did not fail again when replayed; the implementation is not deterministic")
                continue
            }
            let preset = options.presets.first { $0.configuration == candidate.configuration }
            report.failures.append(ConformanceFailure(
                invariant: invariant, reason: finding.reason, trace: trace, configuration: candidate.configuration,
                presetName: preset?.name, source: candidate.source, originalLength: candidate.trace.count, step: step,
                alsoBroken: result.findings.map(\.invariant).filter { $0 != invariant }, diagnostics: said))
        }
    }

    private mutating func finish() {
        for s in sessions.values {
            report.steps += s.steps
            report.resets += s.resets
        }
        if let driver = system as? DriverSystem { report.restarts = driver.restarts }
        report.diagnostics = system.diagnostics
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
