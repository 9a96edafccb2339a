/// Which `sometimes` properties a run reached, by property index; merged over workers.
@_spi(Engine) public struct Reached: Sendable, Hashable {
    @_spi(Engine) public private(set) var flags: [Bool]

    @_spi(Engine) public init(count: Int) { flags = [Bool](repeating: false, count: count) }

    @_spi(Engine) public subscript(p: Int) -> Bool { p < flags.count && flags[p] }

    /// Marks every `sometimes` property of `checks` that `state` has and that was not reached yet.
    mutating func note<M: StateMachine>(_ state: M.State, _ checks: PropertyChecks<M>) {
        for c in checks.sometimes.indices where !flags[checks.sometimes[c].0] {
            if checks.sometimes[c].1(state) { flags[checks.sometimes[c].0] = true }
        }
    }

    /// Whether every `sometimes` property of `checks` was reached: nothing left to evaluate.
    func covers<M: StateMachine>(_ checks: PropertyChecks<M>) -> Bool {
        checks.sometimes.allSatisfy { flags[$0.0] }
    }

    mutating func merge(_ other: Reached) {
        for p in flags.indices where p < other.flags.count && other.flags[p] { flags[p] = true }
    }

    /// The names of the `sometimes` properties never reached, in property order.
    @_spi(Engine) public func unreached<M: StateMachine>(_ properties: [Property<M>]) -> [String] {
        properties.indices.filter { properties[$0].kind == .sometimes && !self[$0] }.map { properties[$0].name }
    }
}
