@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzDriver
import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit
import SampleCoordinators

/// `SampleDriver --mutants`: every mutant through the whole default verification, in process,
/// and through this program as a driver stopping at the first failure. A row says which check
/// caught it, the counterexample's length against the shortest exploration finds under either
/// root, and the seconds to the first failure. Exits 1 when a mutant is not caught by its
/// check or its counterexample is longer than the shortest: the CI job runs it on a release
/// build, where a whole run takes a second.
enum MutantTable {
    static func run(driver: String) -> Int32 {
        print("| mutant | caught by | steps (shortest) | first failure in process | through the driver |")
        print("|---|---|---|---|---|")
        var failed = 0
        for mutant in Mutant.allCases {
            let report = Verifier.verify(SampleSystem(mutant: mutant))
            let firstInProcess = report.firstFailureSeconds
            guard let failure = report.failure(Check(name: mutant.caughtBy)!) else {
                print("| \(mutant.rawValue) | NOT CAUGHT by \(mutant.caughtBy) | | | |")
                failed += 1
                continue
            }
            let shortest = Kind.allCases.filter { $0 != .redirection }.compactMap { root in
                shortestLength(mutant, check: Check(name: mutant.caughtBy)!, root: root, below: failure.trace.count)
            }.min() ?? failure.trace.count
            var options = Verifier.Options()
            options.stopAtFirstFailure = true
            let start = DispatchTime.now().uptimeNanoseconds
            let through = Verifier.verify(driver: "exec \(TraceText.shellQuoted(driver)) --mutant \(mutant.rawValue)", options: options)
            let driverSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let driverCaught = through.failure(Check(name: mutant.caughtThroughTheDriverBy)!) != nil
            let ok = shortest == failure.trace.count && driverCaught
            if !ok { failed += 1 }
            print("| \(mutant.rawValue) | \(mutant.caughtBy) | \(failure.trace.count) (\(shortest))\(ok ? "" : " LONGER") "
                  + "| \(seconds(firstInProcess)) | \(driverCaught ? String(format: "%.2f s", driverSeconds) : "NOT CAUGHT by \(mutant.caughtThroughTheDriverBy)") |")
        }
        print(failed == 0 ? "all \(Mutant.allCases.count) mutants caught with shortest counterexamples" : "\(failed) mutants missed")
        return failed == 0 ? 0 : 1
    }

    /// The length of the shortest counterexample of `check` under `root` shorter than `below`,
    /// by exploring the mutant's room one depth at a time; nil when there is none.
    static func shortestLength(_ mutant: Mutant, check: Check, root: Kind, below: Int) -> Int? {
        for depth in 1 ..< max(below, 1) {
            var options = Verifier.Options(presets: [mutant.room(root: root)], depth: depth, walkPresets: [], shrink: false)
            options.positions = false   // exploration alone: the lengths are its depths
            let report = Verifier.verify(SampleSystem(mutant: mutant), options: options)
            if report.failure(check) != nil { return depth }
        }
        return nil
    }

    static func seconds(_ s: Double?) -> String { s.map { String(format: "%.2f s", $0) } ?? "-" }
}
