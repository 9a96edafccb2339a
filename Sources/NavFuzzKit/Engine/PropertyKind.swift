/// What a property claims: that every state, or every step, is good (`always`, in
/// Stateright's words), or that some state the run reaches is of a kind (`sometimes`), so that
/// a run that passes cannot have passed by never getting anywhere.
@_spi(Engine) public enum PropertyKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case state, transition, sometimes
    @_spi(Engine) public var description: String { rawValue }
}
