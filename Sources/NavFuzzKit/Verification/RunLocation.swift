/// Where a test helper runs the adapter.
public enum RunLocation: Sendable, Hashable {
    /// In the test's own process: fastest, but an assertion in the library under test ends the
    /// whole test run.
    case inProcess
    /// In a child process: the test binary run again for this test only, serving the adapter
    /// as a driver, so that a trap is a `no-crash` counterexample with its message and the
    /// suite goes on (macOS and Linux; elsewhere it runs in process).
    case childProcess
}
