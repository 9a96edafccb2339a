/// Exploration: a canonical encoding, so that states are stored as bytes and identified by
/// 64-bit fingerprints.
@_spi(Engine) public protocol ExplorableMachine: FastMachine {
    /// Appends the canonical encoding: equal bytes exactly when the states are the same state.
    func encode(_ state: State, into bytes: inout [UInt8])
    func decode(_ bytes: ArraySlice<UInt8>) -> State?
    /// The actions exploration steps in `state`: those of `actions(in:into:)`, in their order,
    /// without the ones the machine knows are refused with nothing to check (their steps would
    /// leave the state as it was and emit nothing, so no property can fail on them). Returns
    /// how many it left out; exploration counts them as refused. Default: every action.
    func explorationActions(in state: State, into actions: inout [Action]) -> Int
    /// Whether `step`, taken from `state`, applied and left it as it was, as a cheap test
    /// shows (equal values, say); exploration then skips encoding the successor, which is
    /// `state` and so already visited. Default: false.
    func leavesUnchanged(_ state: State, _ step: Step) -> Bool
    /// `step(state, action)`, written into `step` (nil before the first), whose storage the
    /// machine may reuse once no other copy of it lives: exploration keeps only encodings of
    /// successors, so one step's storage can serve the next. Exploration calls it only with
    /// actions of `explorationActions(in:into:)`. Default: `step(state, action)`.
    func step(_ state: State, _ action: Action, into step: inout Step?)
    /// Rewrites a path found over canonical states so that it replays from `initialStates()`
    /// as written (for example with ids in creation order). Default: the path as it is.
    func concretize(_ path: [Action], from initial: State) -> [Action]
}
extension ExplorableMachine {
    @_spi(Engine) public func explorationActions(in state: State, into actions: inout [Action]) -> Int {
        self.actions(in: state, into: &actions)
        return 0
    }

    @_spi(Engine) public func leavesUnchanged(_ state: State, _ step: Step) -> Bool { false }
    @_spi(Engine) public func step(_ state: State, _ action: Action, into step: inout Step?) { step = self.step(state, action) }
    @_spi(Engine) public func concretize(_ path: [Action], from initial: State) -> [Action] { path }
}
