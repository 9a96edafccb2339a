/// The checks of some properties by kind, each with its property's index. They are read by
/// index (`checks.state[i].1(s)`): copying a property, or a pair, out of an array retains its
/// strings and closure, on every step.
@_spi(Engine) public struct PropertyChecks<M: StateMachine>: Sendable {
    @_spi(Engine) public private(set) var state: [(Int, @Sendable (M.State) -> String?)] = []
    @_spi(Engine) public private(set) var transition: [(Int, @Sendable (M.State, M.Action, M.Step) -> String?)] = []
    @_spi(Engine) public private(set) var sometimes: [(Int, @Sendable (M.State) -> Bool)] = []

    @_spi(Engine) public init(_ properties: [Property<M>]) {
        for (p, property) in properties.enumerated() {
            switch property.check {
            case .state(let f): state.append((p, f))
            case .transition(let f): transition.append((p, f))
            case .sometimes(let f): sometimes.append((p, f))
            }
        }
    }
}
