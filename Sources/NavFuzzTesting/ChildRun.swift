#if canImport(NavFuzzDriver)
import Foundation
import NavFuzzDriver
import NavFuzzDriverServer
import NavFuzzKit

/// Crash containment (`RunLocation.childProcess`): the test binary is run again for the current
/// test only, with `NAVFUZZ_SERVE` naming the helper's call site. In that child the helper
/// serves the adapter as a driver on descriptor 3 (the test framework keeps standard output,
/// which goes to standard error) and exits when NavFuzz is done; the parent verifies it like
/// any driver, so a trap in the library is a `no-crash` counterexample with the child's last words.
enum ChildRun {
    static let serveVariable = "NAVFUZZ_SERVE"
    static let protocolDescriptor: Int32 = 3

    /// In a child process: the call site it serves.
    static var servedSite: CallSite? {
        guard let text = ProcessInfo.processInfo.environment[serveVariable],
              let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]) else { return nil }
        return CallSite(file: String(text[..<colon]), line: line)
    }

    /// Verifies the adapter served by a child run with `arguments` (the binary first).
    static func verify(rerunning arguments: [String], site: CallSite, options: Verifier.Options) async -> VerificationReport {
        // The child runs without the backtracer, which takes seconds and pushes the runtime's
        // own "Fatal error: …" line out of the tail NavFuzz keeps.
        let command = "exec env \(serveVariable)=\(quoted(site.description)) SWIFT_BACKTRACE=enable=no "
            + arguments.map(quoted).joined(separator: " ") + " \(protocolDescriptor)>&1 1>&2"
        return await Verifier.onOwnThread { Verifier.verify(driver: .command(command), options: options) }
    }

    /// Serves a main-actor adapter until NavFuzz closes the pipe, then ends the process.
    @MainActor
    static func serve(_ system: some AsyncNavigationSystem, timeout: Double) async -> Never {
        // Longer than NavFuzz's own timeout, so that NavFuzz is the one to call a hang a hang.
        let bridge = MainActorSystem(system, timeout: timeout * 4)
        let session = DriverSession(name: bridge.name, system: bridge)
        exit(await Verifier.onOwnThread { session.run(output: protocolDescriptor) })
    }

    /// Serves a synchronous adapter until NavFuzz closes the pipe, then ends the process.
    static func serve(_ system: some NavigationSystem) async -> Never {
        let session = DriverSession(name: system.name, system: InProcessSystem(system))
        exit(await Verifier.onOwnThread { session.run(output: protocolDescriptor) })
    }

    /// The process's arguments without the options that choose tests, which the child replaces
    /// with its own.
    static func argumentsWithoutFilters(dropping options: Set<String>) -> [String] {
        var out: [String] = []
        var skipNext = false
        for a in CommandLine.arguments {
            if skipNext { skipNext = false; continue }
            if options.contains(a) { skipNext = true; continue }
            out.append(a)
        }
        return out
    }

    /// A word for `/bin/sh`.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

#endif
