/// How a flow ended: its own `finishFlow`, or anything else that removed it.
public enum FlowEnd: Hashable, Sendable {
    case finished, cancelled
}
