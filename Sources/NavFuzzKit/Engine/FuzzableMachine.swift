/// Fuzzing: action kinds with weights, and random actions.
@_spi(Engine) public protocol FuzzableMachine: FastMachine {
    /// A short name of the action's kind, for coverage and swarm testing.
    func kindName(of action: Action) -> String
    /// Every kind name `kindName(of:)` can return, in a fixed order: the fuzzer's coverage rows
    /// and the switches of swarm testing. Default: the kinds enumerated in the initial states.
    var actionKinds: [String] { get }
    /// How often the fuzzer picks a kind relative to the others; 0 leaves it out. Default 1.
    func defaultWeight(ofKind kind: String) -> Int
    /// One random action of an enabled kind in `state`, with the index of its kind in
    /// `actionKinds`; nil when there is none. The default enumerates `actions(in:into:)` into
    /// `scratch` and picks a present kind by weight, then one of its actions uniformly; a
    /// machine that can build an action directly should, since enumeration is most of the cost.
    func sampleAction(in state: State, kinds: KindFilter, using rng: inout Xoshiro,
                      scratch: inout [Action]) -> (action: Action, kind: Int)?
}
extension FuzzableMachine {
    @_spi(Engine) public var actionKinds: [String] {
        var kinds: [String] = []
        var actions: [Action] = []
        for s in initialStates() {
            actions.removeAll(keepingCapacity: true)
            self.actions(in: s, into: &actions)
            for a in actions {
                let k = kindName(of: a)
                if !kinds.contains(k) { kinds.append(k) }
            }
        }
        return kinds
    }

    @_spi(Engine) public func defaultWeight(ofKind kind: String) -> Int { 1 }

    @_spi(Engine) public func sampleAction(in state: State, kinds: KindFilter, using rng: inout Xoshiro,
                             scratch: inout [Action]) -> (action: Action, kind: Int)? {
        scratch.removeAll(keepingCapacity: true)
        actions(in: state, into: &scratch)
        // Keep the enabled actions at the front, remembering each one's kind.
        var kindOf: [Int] = []
        var present = [Bool](repeating: false, count: kinds.count)
        for i in scratch.indices {
            guard let k = kinds.index(of: kindName(of: scratch[i])), kinds.isEnabled(k) else { continue }
            scratch.swapAt(i, kindOf.count)
            kindOf.append(k)
            present[k] = true
        }
        guard let k = kinds.pick(using: &rng, among: present) else { return nil }
        var j = rng.below(kindOf.count { $0 == k })
        for (i, kind) in kindOf.enumerated() where kind == k {
            if j == 0 { return (scratch[i], k) }
            j -= 1
        }
        return nil
    }
}
