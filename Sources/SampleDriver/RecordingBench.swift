import Foundation
import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit
import NavFuzzRecorder
import SampleCoordinators

/// The recording figures of BENCHMARKS.md: `--record FILE --events N [--seed S]` drives the
/// sample library through a seeded walk of N events, as a UI test drives an app, and records
/// it; `--replay-recording FILE` replays the same calls through the adapter, checked step by
/// step as `verify` checks a trace: what `NavFuzz validate FILE` is measured against.
enum RecordingBench {
    /// The walk, run without and with the recorder in turn (five of each), then recorded once
    /// more to `path`; prints what the recorder costs the calling thread per event.
    static func record(path: String, events: Int, seed: UInt64) -> Int32 {
        let preset = Preset.small
        let script = walk(preset, events: events, seed: seed)
        do {
            var bare: [Double] = [], recorded: [Double] = []
            let scratch = NSTemporaryDirectory() + "navfuzz-bench-\(getpid())"
            for round in 0 ..< 5 {
                bare.append(run(script, preset.configuration, recorder: nil))
                let file = scratch + "-\(round).jsonl"
                defer { try? FileManager.default.removeItem(atPath: file) }
                let recorder = try NavigationRecorder(writingTo: URL(fileURLWithPath: file), configuration: preset.configuration)
                recorded.append(run(script, preset.configuration, recorder: recorder))
            }
            let recorder = try NavigationRecorder(writingTo: URL(fileURLWithPath: path), configuration: preset.configuration)
            _ = run(script, preset.configuration, recorder: recorder)
            try recorder.flush()
            let b = median(bare), r = median(recorded)
            print(String(format: "%d events: %.0f ns/event without the recorder, %.0f ns/event with it: %.0f ns/event on the calling thread (%.2fx)",
                         script.count, b * 1e9 / Double(script.count), r * 1e9 / Double(script.count),
                         (r - b) * 1e9 / Double(script.count), r / b))
            return 0
        } catch {
            FileHandle.standardError.write(Data("SampleDriver: \(error)\n".utf8))
            return 2
        }
    }

    /// The recorded calls, read as `validate` reads them, replayed through the adapter from
    /// reset and checked at every step.
    static func replay(path: String) -> Int32 {
        var actions: [Action] = []
        do {
            var file = try RecordingFile(path: path)
            while let event = try file.next() { actions.append(event.action) }
        } catch {
            FileHandle.standardError.write(Data("SampleDriver: \(error)\n".utf8))
            return 2
        }
        let clock = ContinuousClock.now
        let report = verifyConformance(SampleSystem(), options: .replaying(actions: actions, configuration: Preset.small.configuration))
        let seconds = clock.duration(to: .now).inSeconds
        print(String(format: "%d events replayed through the adapter in %.3f s: %.0f events/s%@", actions.count, seconds,
                     Double(actions.count) / seconds, report.passed ? "" : " — FAILED"))
        return report.passed ? 0 : 1
    }

    /// `events` actions from the initial state of `preset`, within its bounds, chosen by `seed`.
    private static func walk(_ preset: Preset, events: Int, seed: UInt64) -> [Action] {
        let machine = CoordinatorMachine(preset: preset)
        var rng = SplitMix64(seed: seed)
        var state = machine.model.initialState()
        var script: [Action] = [], actions: [Action] = []
        while script.count < events {
            actions.removeAll(keepingCapacity: true)
            machine.actions(in: state, into: &actions)
            let action = actions[Int(rng.next() % UInt64(actions.count))]
            let next = machine.model.step(state, action).state
            guard machine.isWithinBounds(next) else { continue }
            script.append(action)
            state = next
        }
        return script
    }

    /// Seconds to drive the library through `script`, reading the tree after each event as a
    /// recording app does, and recording it when there is a recorder.
    private static func run(_ script: [Action], _ configuration: Configuration, recorder: NavigationRecorder?) -> Double {
        let app = SampleSystem()
        app.reset(configuration: configuration)
        let clock = ContinuousClock.now
        for action in script {
            let step = app.apply(action)
            let tree = app.observedState()
            recorder?.record(action, outcome: step.outcome, events: step.events, tree: tree)
        }
        return clock.duration(to: .now).inSeconds
    }

    private static func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
}
