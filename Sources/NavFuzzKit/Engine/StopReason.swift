/// Why an exploration ended before it had seen every state.
@_spi(Engine) public enum StopReason: Sendable, Hashable, CustomStringConvertible {
    case maxStates(Int)
    case maxSeconds(Double)
    /// `Options.shouldStop` said so.
    case stopped

    @_spi(Engine) public var description: String {
        switch self {
        case .maxStates(let n): "the state limit (\(n)) reached"
        case .maxSeconds(let s): "the time limit (\(s) s) reached"
        case .stopped: "stopped early"
        }
    }
}
