@_spi(Engine) import NavFuzzKit

extension Verifier {
    /// Starts or connects to a driver and verifies it (with `pinDriver`, on the core of the
    /// calling thread, which stays there until the end). A driver that cannot be reached or
    /// answers the handshake wrongly gives a report with `error` set.
    package static func verify(driver: Driver, options: Options = Options()) -> VerificationReport {
        let pin = options.pinDriver ? ThreadPin.toCurrentCPU() : nil
        defer { pin?.release() }
        do {
            let system = try DriverSystem(driver: driver, timeout: options.timeout, startupTimeout: options.startupTimeout)
            return verify(system, options: options)
        } catch {
            var report = VerificationReport(system: driver.text, error: error.message)
            report.diagnostics = error.diagnostics
            return report
        }
    }

    /// A driver started with `/bin/sh -c command`.
    package static func verify(driver command: String, options: Options = Options()) -> VerificationReport {
        verify(driver: .command(command), options: options)
    }
}

/// Verifies a driver against the model, for a test framework other than XCTest and Swift
/// Testing (whose helpers are `assertConformance(driver:)` and `expectConformance(driver:)`).
public func verifyConformance(driver: Driver, options: Verifier.Options = Verifier.Options()) -> VerificationReport {
    Verifier.verify(driver: driver, options: options)
}
