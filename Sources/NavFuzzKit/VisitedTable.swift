/// The visited set of exploration: state number → (fingerprint, parent number), and an
/// open-addressing index from fingerprint to state number. 12 bytes per state plus 4 bytes per
/// index slot; no per-state allocation. State numbers are BFS discovery order.
/// `contains` may run on many threads at once while nobody inserts.
final class VisitedTable: @unchecked Sendable {
    private(set) var count = 0
    private var fingerprints: UnsafeMutablePointer<UInt64>
    private var parents: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    /// Slots hold state number + 1; 0 is empty. Power-of-two size, load at most 3/4.
    private var slots: UnsafeMutablePointer<UInt32>
    private var slotMask: Int
    /// What `warm` read, kept so that its reads are not optimized away.
    private var warmth: UInt64 = 0

    static let noParent = UInt32.max

    init(expected: Int = 1 << 16) {
        capacity = max(expected, 1024)
        fingerprints = .allocate(capacity: capacity)
        parents = .allocate(capacity: capacity)
        var size = 1024
        while size * 3 / 4 < expected { size <<= 1 }
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        slotMask = size - 1
    }

    deinit {
        fingerprints.deallocate()
        parents.deallocate()
        slots.deallocate()
    }

    /// Bytes held, counting allocated capacity: what a visited state really costs.
    var bytes: Int { capacity * 12 + (slotMask + 1) * 4 }

    func fingerprint(_ n: Int) -> UInt64 { fingerprints[n] }
    func parent(_ n: Int) -> Int? { parents[n] == Self.noParent ? nil : Int(parents[n]) }

    /// Whether each of `fps` is visited, into `visited`. Safe to call from many threads while
    /// nobody inserts. The first slot of every fingerprint is read before any is compared, then
    /// every first candidate, so that the cache misses of a batch overlap instead of following
    /// one another (a table of millions of states misses the cache on nearly every lookup).
    func contains(_ fps: UnsafeBufferPointer<UInt64>, into visited: UnsafeMutableBufferPointer<Bool>) {
        precondition(visited.count >= fps.count)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: fps.count) { first in
            for k in fps.indices { first[k] = slots[Int(truncatingIfNeeded: fps[k]) & slotMask] }
            for k in fps.indices {
                let s = first[k]
                if s == 0 { visited[k] = false; continue }
                if fingerprints[Int(s - 1)] == fps[k] { visited[k] = true; continue }
                visited[k] = find(fps[k], from: (Int(truncatingIfNeeded: fps[k]) + 1) & slotMask) != nil
            }
        }
    }

    /// The state number of `fp`, if visited, probing from `slot`.
    private func find(_ fp: UInt64, from slot: Int) -> Int? {
        var i = slot
        while true {
            let s = slots[i]
            if s == 0 { return nil }
            if fingerprints[Int(s - 1)] == fp { return Int(s - 1) }
            i = (i + 1) & slotMask
        }
    }

    /// Reads where each of `fps` would go, changing nothing, so that inserting them next finds
    /// those slots in the cache: these reads do not wait for one another, while each
    /// insert's do. The sum is kept only so that the reads are not optimized away.
    func warm<S: Sequence<UInt64>>(_ fps: S) {
        var sum: UInt64 = 0
        for fp in fps {
            let s = slots[Int(truncatingIfNeeded: fp) & slotMask]
            if s != 0 { sum &+= fingerprints[Int(s - 1)] }
        }
        warmth &+= sum
    }

    /// Inserts `fp` unless present; returns its number and whether it is new.
    func insert(_ fp: UInt64, parent: Int?) -> (number: Int, isNew: Bool) {
        var i = Int(truncatingIfNeeded: fp) & slotMask
        while true {
            let s = slots[i]
            if s == 0 { break }
            if fingerprints[Int(s - 1)] == fp { return (Int(s - 1), false) }
            i = (i + 1) & slotMask
        }
        if count == capacity { growStates() }
        let n = count
        fingerprints[n] = fp
        parents[n] = parent.map { UInt32($0) } ?? Self.noParent
        count += 1
        slots[i] = UInt32(n + 1)
        if count * 4 > (slotMask + 1) * 3 { growSlots() }
        return (n, true)
    }

    /// Grows by half, so that at most a third of the per-state arrays stands empty.
    private func growStates() {
        let newCapacity = capacity + capacity / 2
        let f = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        f.moveInitialize(from: fingerprints, count: count)
        fingerprints.deallocate()
        fingerprints = f
        let p = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
        p.moveInitialize(from: parents, count: count)
        parents.deallocate()
        parents = p
        capacity = newCapacity
    }

    private func growSlots() {
        let size = (slotMask + 1) * 2
        slots.deallocate()
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        slotMask = size - 1
        for n in 0..<count {
            var i = Int(truncatingIfNeeded: fingerprints[n]) & slotMask
            while slots[i] != 0 { i = (i + 1) & slotMask }
            slots[i] = UInt32(n + 1)
        }
    }
}
