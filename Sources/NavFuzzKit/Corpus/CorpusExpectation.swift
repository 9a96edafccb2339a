/// What replaying a corpus file must show.
@_spi(Engine) public enum CorpusExpectation: Sendable, Hashable, CustomStringConvertible {
    /// No property fails at any step.
    case holds
    /// The first step where any property fails violates this one (others may fail with it).
    case violates(String)

    @_spi(Engine) public var description: String {
        switch self {
        case .holds: "holds"
        case .violates(let p): "violates \(p)"
        }
    }
}
