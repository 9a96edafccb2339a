/// Shrinking: simpler variants of an action, and removal of steps that later steps refer to.
@_spi(Engine) public protocol ShrinkableMachine: FastMachine {
    /// Simpler variants of `action`, simplest first. Each must be strictly simpler by some
    /// measure that cannot go down forever. Default: none.
    func simplifications(of action: Action) -> [Action]
    /// The trace without the steps in `range`, with later actions rewritten for what those
    /// steps created (for example ids allocated in creation order, which shift down); nil when
    /// removing them needs no rewriting. The shrinker tries it after the plain removal.
    /// Default: nil.
    func removing(_ range: Range<Int>, from actions: [Action], initial: State) -> [Action]?
}
extension ShrinkableMachine {
    @_spi(Engine) public func simplifications(of action: Action) -> [Action] { [] }
    @_spi(Engine) public func removing(_ range: Range<Int>, from actions: [Action], initial: State) -> [Action]? { nil }
}
