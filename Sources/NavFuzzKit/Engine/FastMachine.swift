/// Speed: the checks called without closures, and a copy per worker. Exploration, fuzzing and
/// shrinking check every step through these; the defaults call the properties' closures.
@_spi(Engine) public protocol FastMachine: StateMachine {
    /// Runs the state properties of `checks` on `state` and reports each failure with its
    /// property's index. A machine whose properties are known statically may call them
    /// directly, sparing the thunk a generically stored closure costs on every call.
    func checkState(_ state: State, _ checks: PropertyChecks<Self>, report: (Int, String) -> Void)
    /// The same for the transition properties on one step.
    func checkTransition(_ state: State, _ action: Action, _ step: Step, _ checks: PropertyChecks<Self>,
                         report: (Int, String) -> Void)
    /// An equal machine that shares no reference-counted storage with this one. Workers take
    /// one each: threads that retain and release the same objects slow each other down.
    /// Default: itself. (A machine that drives one live system is used from one thread: see
    /// `LiveSystem`.)
    func replica() -> Self
}
extension FastMachine {
    @_spi(Engine) public func checkState(_ state: State, _ checks: PropertyChecks<Self>, report: (Int, String) -> Void) {
        for c in checks.state.indices { if let r = checks.state[c].1(state) { report(checks.state[c].0, r) } }
    }

    @_spi(Engine) public func checkTransition(_ state: State, _ action: Action, _ step: Step, _ checks: PropertyChecks<Self>,
                                report: (Int, String) -> Void) {
        for c in checks.transition.indices {
            if let r = checks.transition[c].1(state, action, step) { report(checks.transition[c].0, r) }
        }
    }

    @_spi(Engine) public func replica() -> Self { self }
}
