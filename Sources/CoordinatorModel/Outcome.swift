/// What a step did with an action: applied it, or refused it for a reason.
public enum Outcome: Hashable, Sendable, CustomStringConvertible {
    case applied
    case refused(RefusalReason)
    /// Whether the action was refused.
    public var isRefused: Bool { if case .refused = self { return true } else { return false } }
    /// `applied` or `refused(reason)`.
    public var description: String {
        switch self {
        case .applied: "applied"
        case .refused(let r): "refused(\(r.rawValue))"
        }
    }
}
