import CoordinatorModel
import NavFuzzKit
import Foundation
let name = CommandLine.arguments[1]
let workers = Int(CommandLine.arguments[2])!
let fault = CommandLine.arguments.count > 3 ? Fault(rawValue: CommandLine.arguments[3]) : nil
let preset = Preset.named(name)!
let m = CoordinatorMachine(preset: preset, fault: fault)
let r = Explorer.coordinators(m, options: .init(workers: workers, maxDepth: preset.maxDepth))
print("\(name) w=\(workers): \(r.states) states \(r.transitions) transitions (\(r.applied) applied) depth \(r.depth) \(r.seconds)s \(Int(r.transitionsPerSecond)) tr/s \(Int(r.statesPerSecond)) st/s bytes/state \(r.bytesPerState) peak \(r.peakMemoryBytes/1_000_000)MB")
for v in r.violations {
    print("VIOLATION \(v.property): \(v.reason)")
    var s = v.initial
    for a in v.actions { s = m.model.step(s, a).state; print("  \(a)") }
    print(s)
}
