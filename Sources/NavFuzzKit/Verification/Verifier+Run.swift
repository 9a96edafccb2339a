@_spi(Engine) import CoordinatorModel
import Dispatch

extension Verifier {
    /// One verification: the lock-step, a machine per configuration, the failures found so far.
    struct Run {
        let system: DrivenSystem
        let options: Verifier.Options
        let lockstep: Lockstep
        private var report: VerificationReport
        private var candidates: [Candidate] = []
        /// Failures of the given traces' overlapping calls.
        private var givenOverlapFailures: [ConformanceFailure] = []
        /// `sometimes` properties reached by some phase, and those some phase looked for.
        private var reached: Set<String> = []
        private var lookedFor: Set<String> = []
        /// Presets and traces that did not start, each with why (also in the notes).
        private var notStarted: [String] = []
        /// Phases stopped because the system failed on step after step.
        private var stoppedPhases: [String] = []
        /// When the overlap phase first failed (uptime nanoseconds).
        private var overlapFirstFound: UInt64?
        private let start = DispatchTime.now().uptimeNanoseconds

        /// A failing trace before its last replay.
        struct Candidate {
            var check: Check
            var signature: String
            var reason: String
            var trace: [Action]
            var configuration: Configuration
            var presetName: String?
            var source: String
            var originalLength: Int

            /// Ordered as reported failures are (`ConformanceFailure.orderKey`): whichever phase,
            /// walk or shard found it first, the same one leads.
            var orderKey: (Int, String, String) {
                (trace.count, trace.map(\.description).joined(separator: "; "), presetName ?? source)
            }
        }

        init(system: DrivenSystem, options: Verifier.Options) {
            self.system = system
            self.options = options
            lockstep = Lockstep(system: system, restores: options.restore)
            lockstep.baseline.baseline = options.baseline
            lockstep.found = options.found
            report = VerificationReport(system: system.name)
        }

        mutating func run() -> VerificationReport {
            if let problem = options.problem {
                report.error = problem
                return report
            }
            if let launch = options.launch {
                for preset in options.presets + options.walking {
                    var c = preset.configuration
                    c.launch = launch
                    if let problem = c.problem {
                        report.error = "launch \(launch) in preset \(preset.name): \(problem)"
                        return report
                    }
                }
            }
            if let unknown = options.baseline.entries.first(where: { !Check.all.contains($0.check) }) {
                report.error = "baseline entry '\(unknown)': no check named '\(unknown.check)' (checks: \(Check.all.map(\.name).joined(separator: ", ")))"
                return report
            }
            replayTraces()
            var phase = overlapPhase()
            // The breadth-first overlaps first: a reentrancy bug fails within seconds, not after
            // the exploration. Their walks, which replay long paths, come last.
            if var early = phase {
                overlaps(&early, depths: 0 ... options.overlapDepth)
                phase = early
            }
            let offeredPresets = offered(options.presets)
            let starts = declaredStarts(offeredPresets)
            // A set-up bug shows in the first state: the shallow starts go first.
            for start in starts where start.shallow && !done { explore(start.preset, depth: min(options.depth, 2)) }
            // A declared view root's walks: the states beyond `small`'s bounds there (two modal
            // levels on the root, children of children), not only the steps into them.
            let walking = offered(options.walking) + [underViewRoot(options.walking)].compactMap { $0 }
            for preset in walking where !done { walk(preset) }
            let explored = offeredPresets + starts.filter { !$0.shallow }.map(\.preset)
            failIfNothingStarted(explored: explored, walked: walking)
            positions(explored)
            for preset in explored where !done { explore(preset, depth: options.depth) }
            if var rest = phase, rest.failures.isEmpty {
                overlapWalks(&rest)
                phase = rest
            }
            if let phase {
                overlapFirstFound = phase.firstFound
                report.interleavings += phase.interleavings
                report.notes += phase.notes
            }
            let overlapFailures = givenOverlapFailures + (phase?.failures ?? [])
            confirmAll()
            unrepeatedReplays()
            // A check the steps one at a time broke is shown by their simpler trace.
            report.failures += overlapFailures.filter { f in !report.failures.contains { $0.check == f.check } }
            report.failures.sort { ($0.check, $0.trace.count) < ($1.check, $1.trace.count) }
            finish()
            return report
        }

        /// Asked for something, and nothing of it could start: that is no pass, but an error
        /// that lists why each was skipped.
        private mutating func failIfNothingStarted(explored: [Preset], walked: [Preset]) {
            let walks = options.walks > 0 && options.walkLength > 0
            let asked = (options.depth > 0 && !options.presets.isEmpty) || (walks && !options.walking.isEmpty) || !options.traces.isEmpty
            let started = (options.depth > 0 && !explored.isEmpty) || (walks && !walked.isEmpty) || report.traces > 0
            guard asked, !started, !done else { return }
            report.error = "nothing was verified: the implementation cannot start any preset or trace asked for (\(notStarted.joined(separator: "; ")))"
        }

        /// Notes that `name` did not start, and why.
        private mutating func didNotStart(_ name: String, _ verb: String, _ why: String) {
            let note = "\(name): \(verb); \(why)"
            notStarted.append(note)
            report.notes.append(note)
        }

        /// The presets the system can start (`Capabilities.cannotStart`), in its dialect; a note
        /// names each one skipped.
        private mutating func offered(_ presets: [Preset]) -> [Preset] {
            presets.map(spoken).filter { preset in
                guard let why = lockstep.capabilities.cannotStart(preset.configuration) else { return true }
                didNotStart(preset.name, "skipped", why)
                return false
            }
        }

        /// `preset` in the system's dialect, enumerating the opt-in transitions (docs/SEMANTICS.md
        /// §4.7) when the system offers any of them, with the options' launch.
        private func spoken(_ preset: Preset) -> Preset {
            var preset = preset
            preset.configuration.dialect = lockstep.capabilities.dialect
            if let launch = options.launch { preset.configuration.launch = launch }
            if lockstep.capabilities.actions.contains(where: \.isTransitionExtension) { preset.domain.transitions = true }
            return preset
        }

        /// The starts the system declares beyond the presets' own, so that the default run
        /// exercises them (docs/VERIFY.md §1): with `Capabilities.launches` and no launch in the
        /// options, `small` with the `launch` preset's launch child; with `Capabilities.startPage`,
        /// the first tab preset started on its last initial page; with a `redirection` root kind,
        /// the first navigation preset under a view root. Only the set-up differs in the start
        /// page, and two steps (a select, a restart) reach every set-up: it is `shallow`,
        /// explored to depth 2 first, without walks or positions of its own.
        private func declaredStarts(_ presets: [Preset]) -> [(preset: Preset, shallow: Bool)] {
            guard options.depth > 0 else { return [] }
            var starts: [(preset: Preset, shallow: Bool)] = []
            if options.launch == nil, lockstep.capabilities.launches,
               var preset = presets.first(where: { $0.configuration.rootKind == .navigation && $0.configuration.launch == nil }) {
                preset.name += "+launch"
                preset.configuration.launch = Preset.launch.configuration.launch
                starts.append((preset, false))
            }
            if lockstep.capabilities.startPage,
               var preset = presets.first(where: { $0.configuration.rootKind == .tab && $0.configuration.startPage == nil }),
               preset.configuration.initialPageCount > 1 {
                preset.name += "+start-page"
                preset.configuration.startPage = preset.configuration.initialPage(preset.configuration.initialPageCount - 1)
                starts.append((preset, true))
            }
            if let preset = underViewRoot(options.presets) { starts.append((preset, false)) }
            return starts
        }

        /// The first navigation preset of `presets`, in the system's dialect, under a view root
        /// (docs/SEMANTICS.md §2.2); nil unless the system declares a `redirection` root.
        private func underViewRoot(_ presets: [Preset]) -> Preset? {
            guard lockstep.capabilities.rootKinds.contains(.redirection),
                  var preset = presets.map(spoken).first(where: { $0.configuration.rootKind == .navigation && $0.configuration.launch == options.launch })
            else { return nil }
            preset.name += "+view-root"
            preset.configuration.rootKind = .redirection
            return preset
        }

        private var done: Bool { lockstep.fatal != nil || (options.stopAtFirstFailure && lockstep.foundAny) }

        /// A machine for `preset`, starting from a fresh reset; nil when the reset already fails
        /// (the failure is recorded) or verification cannot go on.
        private mutating func machine(_ preset: Preset, source: String) -> ConformanceMachine? {
            let coordinators = CoordinatorMachine(preset: preset)
            let (root, failure) = lockstep.start(coordinators.model)
            if let failure {
                if failure.findings.isEmpty {
                    didNotStart(preset.name, "not run", "its initial state differs as the baseline expects")
                }
                for f in failure.findings {
                    add(Candidate(check: f.check, signature: Verifier.signature(nil, f.reason), reason: f.reason, trace: [],
                                  configuration: preset.configuration, presetName: preset.name, source: source, originalLength: 0))
                }
                return nil
            }
            guard let root else { return nil }
            return ConformanceMachine(lockstep: lockstep, coordinators: coordinators, root: root, capabilities: lockstep.capabilities)
        }

        private mutating func add(_ c: Candidate) {
            if report.firstFailureSeconds == nil { report.firstFailureSeconds = seconds }
            candidates.append(c)
        }

        private var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

        // MARK: - Sources

        private mutating func replayTraces() {
            for (n, var given) in options.traces.enumerated() where !done && n % options.shard.count == options.shard.index {
                given.configuration.dialect = lockstep.capabilities.dialect
                let preset = Preset(name: given.name, configuration: given.configuration, bounds: .unbounded, maxDepth: nil,
                                    domain: Preset.fuzz.domain)
                if let why = lockstep.capabilities.cannotStart(given.configuration) {
                    didNotStart(given.name, "not run", why)
                    continue
                }
                guard let machine = machine(preset, source: given.name) else { continue }
                var runnable = given.actions
                if let cut = runnable.firstIndex(where: { !machine.capabilities.offers($0) }) {
                    report.notes.append("\(given.name): ran the first \(cut) of \(runnable.count) steps; the implementation does not offer '\(runnable[cut])'")
                    runnable = Array(runnable[..<cut])
                }
                report.traces += 1
                let (index, step) = replay(runnable, on: machine)
                if index == nil, let interleaving = given.interleaving, runnable.count == given.actions.count {
                    replayOverlap(runnable, interleaving, preset: preset, name: given.name)
                }
                guard let index, let step else { continue }
                let failing = step.action
                for f in step.findings {
                    add(Candidate(check: f.check, signature: Verifier.signature(failing, f.reason), reason: f.reason,
                                  trace: Array(runnable.prefix(index + 1)), configuration: given.configuration, presetName: nil,
                                  source: given.name, originalLength: index + 1))
                }
            }
        }

        private mutating func walk(_ preset: Preset) {
            guard options.walks > 0, options.walkLength > 0,
                  let machine = machine(preset, source: "the random walks of \(preset.name)") else { return }
            lockstep.saving = false
            lockstep.startPhase()
            let stop = stopper
            var fuzz = Fuzzer<ConformanceMachine>.Options(seed: options.seed ^ Fingerprint.of(Array(preset.name.utf8)), walks: options.walks,
                                                          walkLength: options.walkLength, workers: 1, swarm: true, shrink: false)
            fuzz.shard = options.shard
            fuzz.distinct = options.gathered
            fuzz.signature = Verifier.signature
            fuzz.shouldStop = stop
            fuzz.abandons = abandoner
            let result = Fuzzer(machine, options: fuzz, live: machine.live).run()
            noteGivingUp("the random walks of \(preset.name)")
            note(machine, unreached: result.unreached)
            report.walks += result.walks
            report.sources.append("\(result.walks) random walks of up to \(options.walkLength) actions on \(preset.name) (seed \(options.seed))")
            for f in result.failures {
                guard let check = Check(name: f.property) else { continue }
                add(Candidate(check: check, signature: Verifier.signature(f.original.actions.last, f.reason), reason: f.reason,
                              trace: f.original.actions, configuration: preset.configuration, presetName: preset.name,
                              source: "walk \(f.walk) of \(preset.name), seed \(options.seed)", originalLength: f.original.actions.count))
            }
        }

        private mutating func explore(_ preset: Preset, depth: Int) {
            guard depth > 0, var machine = machine(preset, source: "exploration of \(preset.name)") else { return }
            machine.shard = options.shard
            lockstep.saving = true
            defer { lockstep.saving = false }
            lockstep.startPhase()
            var explore = Explorer<ConformanceMachine>.Options(workers: 1, maxDepth: depth, distinct: options.gathered,
                                                               signature: Verifier.signature, shouldStop: stopper)
            explore.abandons = abandoner
            let explorer = Explorer(machine, options: explore, live: machine.live)
            let result = explorer.run()
            noteGivingUp("exploration of \(preset.name)")
            system.forgetSavedStates()
            note(machine, unreached: result.unreached)
            report.exploredStates += result.states
            let part = options.shard.count > 1 ? " (steps from the states of shard \(options.shard.index)/\(options.shard.count) checked)" : ""
            report.sources.append("exploration of \(preset.name) to depth \(depth): \(result.states) states" + part)
            for c in result.violations {
                guard let check = Check(name: c.property) else { continue }
                // One that could not be followed again (`unreplayable`) is confirmed like any other:
                // replayed from reset, it fails again or breaks `repeats-itself`.
                add(Candidate(check: check, signature: Verifier.signature(c.actions.last, c.reason), reason: c.reason,
                              trace: c.actions, configuration: preset.configuration, presetName: preset.name,
                              source: "exploration of \(preset.name) (depth \(c.actions.count))", originalLength: c.actions.count))
            }
        }

        /// Every action kind the system offers, with its target at every position the model applies
        /// it at (`PositionGoals`): each from reset, on the shortest trace the model knows.
        /// Goals are dealt among shards (docs/CI.md).
        private mutating func positions(_ presets: [Preset]) {
            guard options.positions, options.depth > 0 else { return }
            var seen: Set<PositionGoal> = []
            var dealt = 0
            for preset in presets where !done {
                let goals = PositionGoals.goals(preset.configuration, offers: lockstep.capabilities.offers).filter { seen.insert($0.goal).inserted }
                var taken = 0, mine = 0
                var reached: Set<Position> = [], missed: [String] = []
                for (goal, trace) in goals where !done {
                    defer { dealt += 1 }
                    guard dealt % options.shard.count == options.shard.index else { continue }
                    mine += 1
                    let source = "the position goal \(goal.name) of \(preset.name)"
                    guard let machine = machine(preset, source: source) else { missed.append(goal.name); continue }
                    let (index, step) = replay(trace, on: machine)
                    if index == nil || index == trace.count - 1 {
                        taken += 1
                        reached.insert(goal.position)
                    } else {
                        missed.append(goal.name)
                    }
                    guard let index, let step else { continue }
                    for f in step.findings {
                        add(Candidate(check: f.check, signature: Verifier.signature(step.action, f.reason), reason: f.reason,
                                      trace: Array(trace.prefix(index + 1)), configuration: preset.configuration,
                                      presetName: preset.name, source: source, originalLength: index + 1))
                    }
                }
                report.positionGoals += mine
                report.positionsTaken += taken
                guard mine > 0 else { continue }
                // Named like the `sometimes` properties: which positions were reached, and which
                // goals were not (a step before the goal's call failed, or the run stopped).
                let names = Position.allCases.filter(reached.contains).map(\.rawValue).joined(separator: ", ")
                var line = "positions of \(preset.name): \(taken) of \(mine) calls at their target's positions (\(names))"
                if !missed.isEmpty {
                    line += "; not reached: \(missed.prefix(5).joined(separator: ", "))" + (missed.count > 5 ? " and \(missed.count - 5) more" : "")
                }
                report.sources.append(line)
            }
        }

        /// A given trace's overlapping calls, after its steps passed.
        private mutating func replayOverlap(_ prefix: [Action], _ interleaving: Interleaving, preset: Preset, name: String) {
            guard system.runsOverlaps else {
                report.skipped.append(Skipped(name, "its overlapping calls were not run: the implementation runs no overlapping calls (docs/VERIFY.md §2.4)"))
                return
            }
            var phase = OverlapPhase(system: system, capabilities: lockstep.capabilities, depth: 0, seed: options.seed, timeout: options.timeout)
            phase.replay(prefix, interleaving, preset: preset, source: name)
            report.interleavings += phase.interleavings
            report.notes += phase.notes
            givenOverlapFailures += phase.failures
        }

        /// The overlap phase, when the system hands over suspension points; nil (and listed as
        /// skipped when the system cannot say whether its calls overlap) when not.
        private mutating func overlapPhase() -> OverlapPhase? {
            guard options.overlapDepth >= 0 else { return nil }
            if let why = system.overlapsNotRun { report.skipped.append(Skipped("overlapping-calls", why + " (docs/VERIFY.md §2.4)")) }
            guard system.runsOverlaps else { return nil }
            return OverlapPhase(system: system, capabilities: lockstep.capabilities, depth: options.overlapDepth,
                                seed: options.seed, timeout: options.timeout, calls: min(max(options.overlapCalls, 2), 3))
        }

        /// The breadth-first part of the overlap phase on each explored preset, for the states
        /// `depths` actions from its initial state; its failures are shortest already and
        /// replayed once, so they skip shrinking. Presets are dealt among shards (docs/CI.md).
        private mutating func overlaps(_ phase: inout OverlapPhase, depths: ClosedRange<Int>) {
            let stop = stopper
            for (p, preset) in options.presets.enumerated() where !done && p % options.shard.count == options.shard.index {
                guard let preset = offered([preset]).first else { continue }
                let before = (phase.interleavings, phase.pairs, phase.states, phase.failures.count)
                phase.run(preset, depths: depths, shouldStop: stop)
                let range = depths.lowerBound == depths.upperBound ? "at depth \(depths.lowerBound)" : "at depths \(depths.lowerBound)–\(depths.upperBound)"
                report.sources.append("overlaps of \(preset.name) \(range): \(phase.states - before.2) states, "
                                      + "\(phase.pairs - before.1) sets of calls, \(phase.interleavings - before.0) interleavings")
                if phase.failures.count > before.3, report.firstFailureSeconds == nil {
                    report.firstFailureSeconds = phase.firstFound.map { Double($0 - start) / 1e9 } ?? seconds
                }
                if phase.failures.contains(where: { $0.check.isCrashOrHang }) { break }
            }
        }

        /// Deeper states, when the breadth-first part found nothing: a third of the walks, a
        /// quarter as long.
        private mutating func overlapWalks(_ phase: inout OverlapPhase) {
            let stop = stopper
            for preset in offered(options.walking) where !done && phase.failures.isEmpty && options.walks >= 3 && options.shard.index == 0 {
                let before = (phase.interleavings, phase.pairs, phase.states)
                phase.walks(preset, count: options.walks / 3, length: max(options.walkLength / 4, 1), shouldStop: stop)
                report.sources.append("overlaps after \(phase.states - before.2) walks of \(preset.name): "
                                      + "\(phase.pairs - before.1) sets of calls, \(phase.interleavings - before.0) interleavings")
                if !phase.failures.isEmpty, report.firstFailureSeconds == nil { report.firstFailureSeconds = seconds }
            }
        }

        /// Stops the engines once verification cannot go on, or has what it needs.
        private var stopper: @Sendable () -> Bool {
            let lockstep = UncheckedBox(lockstep), first = options.stopAtFirstFailure
            return { lockstep.value.fatal != nil || (first && lockstep.value.foundAny) }
        }

        /// Stops them at once, before the next step or walk, once the system failed on step after
        /// step (the phase ends; the next one starts afresh).
        private var abandoner: @Sendable () -> Bool {
            let lockstep = UncheckedBox(lockstep)
            return { lockstep.value.stopsPhase() }
        }

        /// Remembers a phase that ended because the system failed on step after step.
        private mutating func noteGivingUp(_ phase: String) {
            guard lockstep.phaseStopped else { return }
            stoppedPhases.append(phase)
        }

        private mutating func note(_ machine: ConformanceMachine, unreached: [String]) {
            let names = machine.sometimes.map(\.name)
            lookedFor.formUnion(names)
            reached.formUnion(names.filter { !unreached.contains($0) })
        }

        // MARK: - Shrinking, the last replay, the report

        /// Runs `trace` from the machine's initial state: the index of the first step that fails
        /// `check` (in a way `accept` takes) or a check that ends a run (any check, when `check` is
        /// nil), and that step; nils when no step did.
        private func replay(_ trace: [Action], on machine: ConformanceMachine, check: Check? = nil,
                            accept: (Action?, String) -> Bool = { _, _ in true },
                            each: (ConformanceStep) -> Void = { _ in }) -> (Int?, ConformanceStep?) {
            var state = machine.initialStates()[0]
            for (i, a) in trace.enumerated() {
                let step = machine.step(state, a)
                each(step)
                if step.findings.contains(where: { f in
                    check == nil || f.check != .noLeak || (f.check == check && accept(a, f.reason))
                }) { return (i, step) }
                if let next = machine.successor(of: step) { state = next }
            }
            return (nil, nil)
        }

        /// Keeps the shortest candidate of each check and signature, up to `distinct` per check,
        /// shrinks it, replays it from reset and reports it.
        /// The candidates worth confirming: the shortest of each check and signature, per check
        /// the shortest of each kind of reason first, at most `options.distinct` per check.
        private func candidatesToConfirm() -> [Candidate] {
            var best: [String: Candidate] = [:]
            var order: [String] = []
            for c in candidates {
                let key = "\(c.check) \(c.signature)"
                if let known = best[key] {
                    if c.orderKey < known.orderKey { best[key] = c }
                } else {
                    best[key] = c
                    order.append(key)
                }
            }
            // Per check, the shortest of each kind of reason first, then the shortest of the rest:
            // one bug seen through several actions does not crowd out another.
            var perCheck = [Check: Int]()
            var kept: [Candidate] = []
            var reasonKinds: Set<String> = []
            let sorted = order.compactMap { best[$0] }.sorted { $0.check != $1.check ? $0.check < $1.check : $0.orderKey < $1.orderKey }
            let firsts = sorted.filter { reasonKinds.insert("\($0.check) \(Verifier.reasonKind($0.signature))").inserted }
            // A system that failed on step after step gets one crash and one hang: each replay of
            // another would cost a timeout, and they all say the same.
            func limit(_ check: Check) -> Int {
                lockstep.everGaveUp && check.isCrashOrHang ? 1 : options.distinct
            }
            for c in firsts + sorted where perCheck[c.check, default: 0] < limit(c.check) && !kept.contains(where: { $0.check == c.check && $0.signature == c.signature }) {
                perCheck[c.check, default: 0] += 1
                kept.append(c)
            }
            return kept
        }

        private mutating func confirmAll() {
            lockstep.endPhases()
            let kept = candidatesToConfirm()
            var shown: Set<String> = []
            for c in kept where lockstep.fatal == nil {
                guard let preset = presetFor(c) else { continue }
                var trace = c.trace
                // Kept apart by their kind only when more than one failure per check is kept.
                let (action, reason) = (c.trace.last, c.reason)
                let distinct = options.distinct > 1 && !options.stopAtFirstFailure
                let accept: (@Sendable (Action?, String) -> Bool)? = distinct ? { @Sendable a, r in Verifier.sameKind(a, r, as: action, reason) } : nil
                // Nor is a hang shrunk then: every try would cost a timeout. A crash costs a restart,
                // and is shrunk as far as any failure.
                let failsAnyway = lockstep.everGaveUp && c.check == .noHang
                // A crash or a hang is tried first on the model's shortest way to the same call.
                if options.shrink && c.check.isCrashOrHang,
                   let machine = machine(preset, source: c.source), let shortcut = machine.shortcut(to: trace) {
                    let (index, step) = replay(shortcut, on: machine, check: c.check, accept: accept ?? { _, _ in true })
                    if index == shortcut.count - 1, step?.findings.contains(where: { $0.check == c.check }) == true { trace = shortcut }
                }
                if options.shrink && !trace.isEmpty && !failsAnyway, let machine = machine(preset, source: c.source) {
                    lockstep.memoizing = true
                    let shrunk = Shrinker(machine, live: true).shrink(trace, from: machine.initialStates()[0], property: c.check.name,
                                                          accepting: accept)
                    lockstep.memoizing = false
                    if let shrunk {
                        trace = shrunk.counterexample.actions
                        report.shrinkRuns += shrunk.replays
                    }
                }
                if var failure = confirm(c, trace: trace, preset: preset, accept: accept ?? { _, _ in true }) {
                    failure.foundAs = c.trace
                    // Shrinking can make two failures one: the first (shortest) stays.
                    let key = "\(failure.check) \(Verifier.signature(failure.trace.last, failure.reason))"
                    if shown.insert(key).inserted { report.failures.append(failure) }
                }
            }
            // Per check the shortest first, then by the trace as found: whatever found them, in one
            // run or in shards (a merge keeps the same first), the same failure leads.
            report.failures.sort { $0.check != $1.check ? $0.check < $1.check : $0.order < $1.order }
        }

        private func presetFor(_ c: Candidate) -> Preset? {
            if let name = c.presetName, let p = (options.presets + options.walking).first(where: { $0.name == name }) { return spoken(p) }
            return Preset(name: c.source, configuration: c.configuration, bounds: .unbounded, maxDepth: nil, domain: Preset.fuzz.domain)
        }

        /// Replays the trace from a fresh reset, nothing remembered, and builds the report's entry.
        private mutating func confirm(_ c: Candidate, trace: [Action], preset: Preset,
                                      accept: @escaping (Action?, String) -> Bool) -> ConformanceFailure? {
            let mark = system.diagnosticsMark
            let check = c.check
            var step: ConformanceStep?
            var last: ConformanceStep?
            var index = -1
            let coordinators = CoordinatorMachine(preset: preset)
            let (root, failure) = lockstep.start(coordinators.model)
            if let failure {
                step = failure
            } else if let root {
                let machine = ConformanceMachine(lockstep: lockstep, coordinators: coordinators, root: root,
                                                 capabilities: lockstep.capabilities)
                (index, step) = { let (i, s) = replay(trace, on: machine, check: c.check, accept: accept, each: { last = $0 }); return (i ?? -1, s) }()
            }
            let said = system.diagnostics(since: mark)
            guard let step, let reason = step.findings.first(where: { $0.check == c.check })?.reason,
                  step.action == nil ? trace.isEmpty : index == trace.count - 1 else {
                if c.check.isCrashOrHang { return unrepeated(c, diagnostics: said) }
                return notRepeated(c, trace: trace, configuration: coordinators.model.configuration,
                                   again: step ?? last, failedAt: step == nil ? nil : index, diagnostics: said)
            }
            return ConformanceFailure(
                check: check, reason: reason, trace: trace, configuration: c.configuration, presetName: c.presetName,
                source: c.source, originalLength: c.originalLength,
                step: FailingStep(step, index: index),
                alsoBroken: step.findings.map(\.check).filter { $0 != check }, diagnostics: said)
        }

        /// A trace that failed a check once and not the same way when replayed from reset breaks
        /// `repeats-itself`, with both runs of its failing step side by side.
        private func notRepeated(_ c: Candidate, trace: [Action], configuration: Configuration, again: ConformanceStep?,
                                 failedAt: Int?, diagnostics: String) -> ConformanceFailure {
            let model = Model(configuration: configuration)
            let before = Self.modelState(before: trace, model)
            let first = trace.last.flatMap { lockstep.firstRun(configuration, before, $0) }
            func broken(_ s: ConformanceStep) -> String { s.findings.map(\.check.name).joined(separator: ", ") }
            let what = switch (again, failedAt) {
            case (nil, _): "the replay did not get there"
            case (let s?, let i?) where i < trace.count - 1: "step \(i + 1) broke \(broken(s)) first"
            case (let s?, _) where !s.findings.isEmpty: "it broke \(broken(s)) instead"
            default: "every step passed"
            }
            return ConformanceFailure(
                check: .repeatsItself,
                reason: "step \(trace.count) broke \(c.check) the first time (\(c.reason)); replayed from reset, \(what): "
                    + "the implementation does not repeat itself",
                trace: trace, configuration: c.configuration, presetName: c.presetName, source: c.source, originalLength: c.originalLength,
                step: Self.failingStep(again, index: trace.count - 1, modelBefore: before, action: trace.last, model: model),
                alsoBroken: [], diagnostics: diagnostics,
                firstRun: Self.failingStep(first, index: trace.count - 1, modelBefore: before, action: trace.last, model: model))
        }

        /// The model's state before the last step of `trace`.
        static func modelState(before trace: [Action], _ model: Model) -> State {
            var state = model.initialState()
            for a in trace.dropLast() {
                let s = model.step(state, a)
                if !s.outcome.isRefused { state = s.state }
            }
            return state
        }

        /// A step as a report shows it; with only the model's side when the implementation's is not known.
        static func failingStep(_ step: ConformanceStep?, index: Int, modelBefore: State, action: Action?, model: Model) -> FailingStep {
            guard let step else {
                return FailingStep(index: index, modelAction: action, modelBefore: modelBefore,
                                   modelStep: action.map { model.step(modelBefore, $0) })
            }
            return FailingStep(step, index: index)
        }

        /// Replays from reset that reached another state than the first time break `repeats-itself`.
        private mutating func unrepeatedReplays() {
            for u in lockstep.unrepeated.prefix(options.distinct) {
                let model = Model(configuration: u.configuration)
                let before = Self.modelState(before: u.path, model)
                let last = u.path.last
                let modelStep = last.map { model.step(before, $0) }
                func side(_ after: State) -> FailingStep {
                    FailingStep(index: u.path.count - 1, modelAction: last, modelBefore: before, modelStep: modelStep,
                                implementation: ImplementationSide(after: after))
                }
                report.failures.append(ConformanceFailure(
                    check: .repeatsItself,
                    reason: "replaying these \(u.path.count) steps from reset gave another state than the first time "
                        + "(\(TreeDifference.firstDifference(model: u.first, implementation: u.again))): the implementation does not repeat itself",
                    trace: u.path, configuration: u.configuration, presetName: nil, source: "a replay from reset",
                    originalLength: u.path.count, step: side(u.again), alsoBroken: [], diagnostics: "", firstRun: side(u.first)))
            }
        }

        /// A crash or a hang that a replay from reset did not repeat still happened: it fails its
        /// check, with the trace it was found on and what that means, never only a note. (A driver
        /// that dies after each reply, from a task that outlives the step, dies at the step after
        /// whatever came before, so no trace of steps alone repeats it.)
        private func unrepeated(_ c: Candidate, diagnostics: String) -> ConformanceFailure {
            let model = Model(configuration: c.configuration)
            var before = model.initialState()
            for a in c.trace.dropLast() { before = model.step(before, a).state }
            let last = c.trace.last
            return ConformanceFailure(
                check: c.check,
                reason: c.reason + "; it did not happen again when this trace was replayed from reset, so it depends on more "
                    + "than these steps (a task that outlives a step, a timer, what the process did before)",
                trace: c.trace, configuration: c.configuration, presetName: c.presetName, source: c.source, originalLength: c.originalLength,
                step: FailingStep(index: last == nil ? -1 : c.trace.count - 1, modelAction: last, modelBefore: before,
                                  modelStep: last.map { model.step(before, $0) }),
                alsoBroken: [], diagnostics: diagnostics)
        }

        /// What the lock-step did, counted, and the calls it did not make, as notes.
        private mutating func countSteps() {
            let done = lockstep.counts
            report.steps = done.steps
            report.resets = done.resets
            report.replayedSteps = done.replayedSteps
            report.saves = done.saves
            report.restores = done.restores
            report.trappedRefusals = done.trappedRefusals
            report.trapsAnswered = lockstep.knownCrashes.trapAnswers.values.reduce(0, +)
            report.notOffered = done.notOffered
            if !done.notOffered.isEmpty {
                let counts = done.notOffered.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
                report.notes.append("not offered where the implementation said so (offeredOnlyOnTopLayer): \(counts.joined(separator: ", "))")
            }
            if done.trappedRefusals > 0 {
                report.notes.append("\(done.trappedRefusals) calls the model refuses trapped the implementation and counted as those refusals (trapsOnRefusedCalls); it was started again each time")
            }
            if !lockstep.knownCrashes.trapAnswers.isEmpty {
                let counts = lockstep.knownCrashes.trapAnswers.sorted { $0.key < $1.key }
                    .map { "\($0.value) \($0.key.action.rawValue) refused(\($0.key.reason.rawValue))" }
                report.notes.append("not made after a trap on calls of their kind the model refuses "
                                    + "(answered as the model does, trapsOnRefusedCalls): \(counts.joined(separator: ", "))")
            }
            if !lockstep.knownCrashes.answers.isEmpty {
                let counts = lockstep.knownCrashes.answers.sorted { $0.key < $1.key }
                    .map { "\($0.value) \($0.key.action.rawValue) refused(\($0.key.reason.rawValue))" }
                report.notes.append("not made after \(KnownCrashes.limit) crashes on calls of their kind the model refuses "
                                    + "(answered as the model does): \(counts.joined(separator: ", "))")
            }
        }

        private mutating func finish() {
            if let fatal = lockstep.fatal {
                report.error = fatal.message
                if !fatal.diagnostics.isEmpty { report.diagnostics = fatal.diagnostics }
            }
            countSteps()
            // Only a whole run must reach every `sometimes` property: a shard, or a run stopped at
            // its first failure, did not look everywhere.
            let unreached = SometimesProperty.all.map(\.name).filter { lookedFor.contains($0) && !reached.contains($0) }
            let stoppedAtFirstFailure = options.stopAtFirstFailure && lockstep.foundAny
            if options.shard.count > 1 || stoppedAtFirstFailure {
                let why = stoppedAtFirstFailure ? "not reached before the run stopped at its first failure"
                    : Skipped.notReachedByShard
                report.skipped += unreached.map { Skipped($0, why) }
                let all = SometimesProperty.all.map(\.name)
                if !stoppedAtFirstFailure { report.shardSometimes = (all.filter(lookedFor.contains), all.filter(reached.contains)) }
            } else {
                report.unreached = unreached
            }
            // A run that stops at its first failure and found one was ending anyway: a phase that
            // gave up meanwhile hid nothing it would have run.
            if !stoppedPhases.isEmpty && !stoppedAtFirstFailure {
                report.stoppedEarly = "\(stoppedPhases.joined(separator: ", ")): the implementation failed on step after step (\(GiveUpPolicy.rule))"
            }
            report.expected = lockstep.baseline.expected.sorted { $0.key < $1.key }.map(\.value)
            // Only a run that looked everywhere can say an entry no longer occurs.
            let whole = options.shard.count == 1 && !stoppedAtFirstFailure && lockstep.fatal == nil
                && !lockstep.everGaveUp && options.walks > 0 && options.depth > 0
            if whole { report.staleBaseline = options.baseline.entries.indices.filter { lockstep.baseline.expected[$0] == nil }.map { options.baseline.entries[$0] } }
            // The time the first failure was found, not when its phase ended.
            let founds = [lockstep.firstFound, overlapFirstFound].compactMap { $0 }
            if !report.failures.isEmpty, let first = founds.min() { report.firstFailureSeconds = Double(first - start) / 1e9 }
            report.restarts = system.restarts
            if report.diagnostics.isEmpty { report.diagnostics = system.diagnostics }
            report.seconds = seconds
        }
    }

    /// A reference handed to a `@Sendable` closure that the engines call on the verifying thread.
    private struct UncheckedBox<T: AnyObject>: @unchecked Sendable {
        let value: T
        init(_ value: T) { self.value = value }
    }
}
