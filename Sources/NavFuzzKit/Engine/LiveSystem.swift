/// What a machine that drives one live system asks of the engine, handed over as values beside
/// the machine (in the spirit of Stateright's visitor and chooser), so that the machine
/// protocols stay those of a pure transition system. With one, exploration and fuzzing run on
/// the calling thread alone, and tell the system ahead what they will step: a driver in
/// another process is then sent a state's steps, or a walk, in one write.
@_spi(Engine) public struct LiveSystem<M: StateMachine>: Sendable {
    /// Called before a state's actions are stepped, in their order; `ahead`: the actions of
    /// the state before are still to be stepped first.
    let prepare: @Sendable (_ state: M.State, _ actions: [M.Action], _ ahead: Bool) -> Void
    /// Whether exploration prepares each state while the one before is stepped, so that the
    /// system works on one while the engine reads the other.
    let preparesAhead: Bool
    /// Where an action leads from a state (nil: refused), as far as sampling and bounds read a
    /// state: a walk then picks its actions before it takes them and passes them to
    /// `prepareWalk`; the walk is the same walk. Nil: walks pick one step at a time.
    let foretell: (@Sendable (_ state: M.State, _ action: M.Action) -> M.State?)?
    /// Called before a walk takes `actions` one after the other from `state`.
    let prepareWalk: @Sendable (_ actions: [M.Action], _ state: M.State) -> Void

    /// Hooks of a live system; each defaults to doing nothing.
    @_spi(Engine) public init(prepare: @escaping @Sendable (M.State, [M.Action], Bool) -> Void = { _, _, _ in },
                              preparesAhead: Bool = false,
                              foretell: (@Sendable (M.State, M.Action) -> M.State?)? = nil,
                              prepareWalk: @escaping @Sendable ([M.Action], M.State) -> Void = { _, _ in }) {
        self.prepare = prepare; self.preparesAhead = preparesAhead; self.foretell = foretell; self.prepareWalk = prepareWalk
    }
}
