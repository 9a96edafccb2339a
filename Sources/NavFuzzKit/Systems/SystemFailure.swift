@_spi(Engine) import CoordinatorModel

/// The system could not take part in a step: its process died, it did not answer in time, or
/// what it said cannot be read. Crashes and hangs are conformance failures (`no-crash`,
/// `no-hang`); a protocol error stops verification, since nothing the system says can be trusted.
public struct SystemFailure: Error, Sendable, CustomStringConvertible {
    /// How the system failed.
    public enum Kind: Sendable, Hashable {
        /// The system died (a driver process, a trap in a child process).
        case crash
        /// The system did not answer in time.
        case hang
        /// What the system said cannot be read or trusted.
        case protocolError
    }

    /// What went wrong.
    public var kind: Kind
    /// One line saying what happened.
    public var message: String
    /// What the system said on the side, e.g. a driver's last lines of standard error.
    public var diagnostics: String
    /// Set when the request went in one batch with others, so that an earlier one may have
    /// been the one that failed: the runner tries again alone before it reports anything.
    package var uncertain = false

    /// A failure of `kind`, described by `message`, with the system's own words.
    public init(_ kind: Kind, _ message: String, diagnostics: String = "") {
        self.kind = kind; self.message = message; self.diagnostics = diagnostics
    }

    /// The invariant a crash or a hang violates; nil for a protocol error.
    package var invariant: String? {
        switch kind {
        case .crash: "no-crash"
        case .hang: "no-hang"
        case .protocolError: nil
        }
    }

    /// The message.
    public var description: String { message }
}
