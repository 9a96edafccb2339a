/// The action kinds a fuzz walk may pick, with their weights: the switchboard of swarm
/// testing (each walk turns a random subset on). Kinds are numbered as in `actionKinds`.
@_spi(Engine) public struct KindFilter: Sendable {
    @_spi(Engine) public let names: [String]
    /// Weight of each kind when enabled; 0 means never.
    @_spi(Engine) public let weights: [Int]
    private let indexByName: [String: Int]
    private var enabled: [Bool]
    /// Running sums of the enabled kinds' weights, for picking in one pass.
    private var cumulative: [Int]

    /// Every kind with a positive weight enabled.
    @_spi(Engine) public init(names: [String], weights: [Int]) {
        self.names = names
        self.weights = names.indices.map { $0 < weights.count ? max(0, weights[$0]) : 1 }
        var index: [String: Int] = [:]
        for (i, n) in names.enumerated() where index[n] == nil { index[n] = i }
        indexByName = index
        enabled = self.weights.map { $0 > 0 }
        cumulative = []
        recompute()
    }

    @_spi(Engine) public var count: Int { names.count }
    @_spi(Engine) public func index(of name: String) -> Int? { indexByName[name] }
    @_spi(Engine) public func isEnabled(_ kind: Int) -> Bool { kind >= 0 && kind < enabled.count && enabled[kind] }
    /// The names of the enabled kinds, in kind order.
    @_spi(Engine) public var enabledNames: [String] { names.indices.filter { enabled[$0] }.map { names[$0] } }

    /// Swarm testing: keep each kind with probability 1/2, and at least one.
    @_spi(Engine) public mutating func swarm(using rng: inout Xoshiro) {
        let candidates = weights.indices.filter { weights[$0] > 0 }
        guard !candidates.isEmpty else { return }
        for k in enabled.indices { enabled[k] = weights[k] > 0 && rng.coin() }
        if !enabled.contains(true), let k = rng.element(of: candidates) { enabled[k] = true }
        recompute()
    }

    private mutating func recompute() {
        var sum = 0
        cumulative = weights.indices.map { k in
            if enabled[k] { sum += weights[k] }
            return sum
        }
    }

    /// An enabled kind chosen by weight, or nil when none is enabled.
    @inline(__always)
    @_spi(Engine) public func pick(using rng: inout Xoshiro) -> Int? {
        guard let total = cumulative.last, total > 0 else { return nil }
        let r = rng.below(total)
        var lo = 0, hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) >> 1
            if cumulative[mid] > r { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// An enabled kind chosen by weight among those marked `present`, or nil.
    @_spi(Engine) public func pick(using rng: inout Xoshiro, among present: [Bool]) -> Int? {
        var total = 0
        for k in weights.indices where enabled[k] && k < present.count && present[k] { total += weights[k] }
        guard total > 0 else { return nil }
        var r = rng.below(total)
        for k in weights.indices where enabled[k] && k < present.count && present[k] {
            if r < weights[k] { return k }
            r -= weights[k]
        }
        return nil
    }
}
