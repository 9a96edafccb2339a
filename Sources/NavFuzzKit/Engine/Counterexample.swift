/// A violated property and the shortest action sequence that shows it, replayable from
/// `initial`, with its path: every step and the states a person is shown (Stateright's `Path`),
/// taken once when it is made, so that printing it in any form takes no step again.
@_spi(Engine) public struct Counterexample<M: StateMachine>: Sendable {
    @_spi(Engine) public var property: String
    @_spi(Engine) public var kind: PropertyKind
    @_spi(Engine) public var reason: String
    @_spi(Engine) public var initial: M.State
    @_spi(Engine) public var actions: [M.Action]
    /// The actions taken from `initial`, with their steps, violations and shown states; nil for
    /// a machine that drives a live system, whose steps are not taken again to be shown.
    @_spi(Engine) public let path: TraceRun<M>?
    /// Why the path could not be rebuilt as found, when it could not: the machine did not
    /// repeat itself. `actions` are then the part that could.
    @_spi(Engine) public var unreplayable: String?

    /// `actions` from `initial`, their path taken at once on `machine` unless it is `live`.
    @_spi(Engine) public init(property: String, kind: PropertyKind, reason: String, machine: M, live: Bool = false,
                              initial: M.State, actions: [M.Action], unreplayable: String? = nil) {
        self.property = property; self.kind = kind; self.reason = reason
        self.initial = initial; self.actions = actions; self.unreplayable = unreplayable
        path = live ? nil : TraceRun(machine, initial: initial, actions: actions, keeping: .forPrinting)
    }

    /// The path, taken now if the counterexample has none.
    func path(on machine: M) -> TraceRun<M> {
        path ?? TraceRun(machine, initial: initial, actions: actions, keeping: .forPrinting)
    }
}
