import NavFuzzKit

extension Verifier {
    /// Starts a driver with `/bin/sh -c command` and verifies it (with `pinDriver`, on the core
    /// of the calling thread, which stays there until the end). A driver that cannot be
    /// started or answers the handshake wrongly gives a report with `error` set.
    public static func verify(driver command: String, options: Options = Options()) -> VerificationReport {
        let pin = options.pinDriver ? ThreadPin.toCurrentCPU() : nil
        defer { pin?.release() }
        do {
            let system = try DriverSystem(command: command, timeout: options.timeout, startupTimeout: options.startupTimeout)
            return verify(system, options: options)
        } catch {
            var report = VerificationReport(system: command, error: error.message)
            report.diagnostics = error.diagnostics
            return report
        }
    }
}

/// Verifies a driver program, started with `/bin/sh -c command`.
public func verifyConformance(driver command: String, options: Verifier.Options = Verifier.Options()) -> VerificationResult {
    VerificationResult(report: Verifier.verify(driver: command, options: options))
}
