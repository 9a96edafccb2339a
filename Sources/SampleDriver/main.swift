import Foundation
import NavFuzzDriver
import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit
import SampleCoordinators

/// The sample library as a NavFuzz driver: speaks the line protocol of docs/DRIVER-PROTOCOL.md
/// on standard input and output. `--mutant NAME` (or NAVFUZZ_MUTANT=NAME) switches on one of
/// the library bugs of docs/SEMANTICS.md §8; `dismiss-nothing-crashes` then really crashes the process.
///
///     NavFuzz verify --driver '.build/debug/SampleDriver --mutant swipe-leaves-child'
///
/// `--port N` serves one NavFuzz connection on 127.0.0.1:N instead (0: any free port, printed on
/// standard error), for `NavFuzz verify --connect N`. `--no-save` serves it without saved states, so that NavFuzz replays paths from reset (the
/// same results, more steps). `--in-process` instead verifies the library inside this process,
/// with the default options of `NavFuzz verify` (`--first-failure`: stop at the first broken
/// check), and prints the report: the in-process figures of BENCHMARKS.md. `--mutants` checks
/// every mutant (`MutantTable`). `--record` and `--replay-recording` measure recordings
/// (`RecordingBench`).

func mutantName(_ arguments: [String]) -> String? {
    if let i = arguments.firstIndex(of: "--mutant") {
        return i + 1 < arguments.count ? arguments[i + 1] : ""
    }
    if let arg = arguments.first(where: { $0.hasPrefix("--mutant=") }) { return String(arg.dropFirst("--mutant=".count)) }
    return ProcessInfo.processInfo.environment["NAVFUZZ_MUTANT"].flatMap { $0.isEmpty ? nil : $0 }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print("usage: SampleDriver [--mutant NAME] [--port N] [--no-save] [--renumbered] [--top-layer-push] [--launch-ignoring] [--view-root] [--log FILE] [--in-process [--first-failure]] | --mutants | --record FILE [--events N] [--seed S] | --replay-recording FILE   (mutants: \(Mutant.allCases.map(\.rawValue).joined(separator: ", ")))")
    exit(0)
}
if arguments.contains("--mutants") {
    exit(MutantTable.run(driver: CommandLine.arguments[0]))
}
if let i = arguments.firstIndex(of: "--record"), i + 1 < arguments.count {
    let events = arguments.firstIndex(of: "--events").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? 100_000
    let seed = arguments.firstIndex(of: "--seed").flatMap { $0 + 1 < arguments.count ? UInt64(arguments[$0 + 1]) : nil } ?? 0
    exit(RecordingBench.record(path: arguments[i + 1], events: events, seed: seed))
}
if let i = arguments.firstIndex(of: "--replay-recording"), i + 1 < arguments.count {
    exit(RecordingBench.replay(path: arguments[i + 1]))
}
var mutant: Mutant?
if let name = mutantName(arguments) {
    guard let m = Mutant(rawValue: name) else {
        FileHandle.standardError.write(Data("SampleDriver: unknown mutant '\(name)'; one of \(Mutant.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    mutant = m
}
let saves = !arguments.contains("--no-save")
if arguments.contains("--in-process") {
    var options = Verifier.Options()
    options.stopAtFirstFailure = arguments.contains("--first-failure")
    let system = SampleSystem(mutant: mutant, viewRoot: arguments.contains("--view-root"))
    let report = saves ? verifyConformance(system, options: options) : verifyConformance(WithoutSavedStates(system), options: options)
    print(report.text)
    exit(report.exitCode)
}
let sample = SampleSystem(mutant: mutant, crashes: true, viewRoot: arguments.contains("--view-root"),
                          name: mutant.map { "SampleDriver --mutant \($0.rawValue)" } ?? "SampleDriver")
// What real adapters do, for NavFuzz's own tests: ids out of creation order, a `push` not
// offered under a modal, launches declared and ignored, a log of every call received.
var system: any NavigationSystem = sample
if arguments.contains("--renumbered") { system = RenumberingSystem(sample) }
if arguments.contains("--top-layer-push") { system = TopLayerPushes(sample, declared: true) }
if arguments.contains("--launch-ignoring") { system = LaunchIgnoring(sample) }
if let i = arguments.firstIndex(of: "--log") {
    guard i + 1 < arguments.count else {
        FileHandle.standardError.write(Data("SampleDriver: --log takes a file\n".utf8))
        exit(2)
    }
    system = CallLogging(system, path: arguments[i + 1])
}
var transport = DriverServer.Transport.standardIO
if let i = arguments.firstIndex(of: "--port") {
    guard i + 1 < arguments.count, let port = UInt16(arguments[i + 1]) else {
        FileHandle.standardError.write(Data("SampleDriver: --port takes a port number (0 to 65535)\n".utf8))
        exit(2)
    }
    transport = .loopback(port: port)
}
func serve<S: NavigationSystem>(_ system: S, over transport: DriverServer.Transport) -> Int32 {
    saves ? DriverServer.serve(system, over: transport) : DriverServer.serve(WithoutSavedStates(system), over: transport)
}
exit(serve(system, over: transport))
