/// How a flow that ended, ended.
public enum FlowResult: UInt8, Sendable, CustomStringConvertible {
    case finished, cancelled
    /// `finished` or `cancelled`.
    public var description: String { self == .finished ? "finished" : "cancelled" }
}
