import Foundation
import CAtomics

/// The visited set of exploration: state number → (fingerprint, parent number), and an
/// open-addressing index from fingerprint to state number. 12 bytes per state plus 4 bytes per
/// index slot; no per-state allocation. State numbers are BFS discovery order.
///
/// One thread inserts at a time (the one merging a level's chunks) while others look up
/// through a `View`: what the table held when the view was published. A view may miss states
/// inserted since, never answers wrongly for the others, and stays readable until `reclaim()`,
/// so that merging overlaps expanding (`Explorer.LevelMerge`).
final class VisitedTable: @unchecked Sendable {
    private(set) var count = 0
    private var fingerprints: UnsafeMutablePointer<UInt64>
    private var parents: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    /// Slots hold state number + 1; 0 is empty. Power-of-two size, load at most 3/4. Atomic
    /// words, read relaxed: a view reads them while the inserting thread writes them.
    private var slots: UnsafeMutablePointer<UInt32>
    private var slotMask: Int
    /// Storage replaced by growth that a view may still read, freed by `reclaim()`.
    private var retired: [UnsafeMutableRawPointer] = []
    /// The view lookups take, under `lock` (an `NSLock`: the thread sanitizer sees it).
    private var published: View
    private let lock = NSLock()
    /// What `warm` read, kept so that its reads are not optimized away.
    private var warmth: UInt64 = 0

    static let noParent = UInt32.max

    init(expected: Int = 1 << 16) {
        capacity = max(expected, 1024)
        fingerprints = .allocate(capacity: capacity)
        parents = .allocate(capacity: capacity)
        var size = 1024
        while size * 3 / 4 < expected { size <<= 1 }
        slots = Self.emptySlots(size)
        slotMask = size - 1
        published = View(slots: slots, slotMask: slotMask, fingerprints: fingerprints, count: 0)
    }

    deinit {
        fingerprints.deallocate()
        parents.deallocate()
        slots.deallocate()
        reclaim()
    }

    /// Bytes held, counting allocated capacity: what a visited state really costs.
    var bytes: Int { capacity * 12 + (slotMask + 1) * 4 }

    func fingerprint(_ n: Int) -> UInt64 { fingerprints[n] }
    func parent(_ n: Int) -> Int? { parents[n] == Self.noParent ? nil : Int(parents[n]) }

    // MARK: - Looking up

    /// The table as of its last `publish()`.
    var view: View { lock.withLock { published } }

    /// Makes every state inserted so far visible to the views taken from now on. Called by the
    /// inserting thread.
    func publish() {
        let now = View(slots: slots, slotMask: slotMask, fingerprints: fingerprints, count: count)
        lock.withLock { published = now }
    }

    /// Frees the storage growth replaced. Only when no view of it is in use.
    func reclaim() {
        for p in retired { p.deallocate() }
        retired.removeAll()
    }

    /// Lookups into the table as it was when published: states numbered from `count` on,
    /// inserted since, are passed over.
    struct View: @unchecked Sendable {
        // Sendable: the storage outlives every view in use (`reclaim()`), and the words a
        // view reads below `count` no longer change.
        fileprivate let slots: UnsafeMutablePointer<UInt32>
        fileprivate let slotMask: Int
        fileprivate let fingerprints: UnsafeMutablePointer<UInt64>
        fileprivate let count: Int

        /// Whether each of `fps` is visited, into `visited`. The first slot of every
        /// fingerprint is read before any is compared, then every first candidate, so that
        /// the cache misses of a batch overlap instead of following one another (a table of
        /// millions of states misses the cache on nearly every lookup).
        func contains(_ fps: UnsafeBufferPointer<UInt64>, into visited: UnsafeMutableBufferPointer<Bool>) {
            precondition(visited.count >= fps.count)
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: fps.count) { first in
                for k in fps.indices { first[k] = slot(Int(truncatingIfNeeded: fps[k]) & slotMask) }
                for k in fps.indices {
                    let s = first[k]
                    if s == 0 { visited[k] = false; continue }
                    if Int(s) <= count && fingerprints[Int(s - 1)] == fps[k] { visited[k] = true; continue }
                    visited[k] = find(fps[k], from: (Int(truncatingIfNeeded: fps[k]) + 1) & slotMask)
                }
            }
        }

        @inline(__always) private func slot(_ i: Int) -> UInt32 { navfuzz_load_u32(slots + (i)) }

        /// Whether `fp` is among the first `count` states, probing from `slot`.
        private func find(_ fp: UInt64, from slot: Int) -> Bool {
            var i = slot
            while true {
                let s = self.slot(i)
                if s == 0 { return false }
                if Int(s) <= count && fingerprints[Int(s - 1)] == fp { return true }
                i = (i + 1) & slotMask
            }
        }
    }

    // MARK: - Inserting

    /// Reads where each of `fps` would go, changing nothing, so that inserting them next finds
    /// those slots in the cache: these reads do not wait for one another, while each
    /// insert's do. The sum is kept only so that the reads are not optimized away.
    func warm<S: Sequence<UInt64>>(_ fps: S) {
        var sum: UInt64 = 0
        for fp in fps {
            let s = navfuzz_load_u32(slots + (Int(truncatingIfNeeded: fp) & slotMask))
            if s != 0 { sum &+= fingerprints[Int(s - 1)] }
        }
        warmth &+= sum
    }

    /// Inserts `fp` unless present; returns its number and whether it is new.
    func insert(_ fp: UInt64, parent: Int?) -> (number: Int, isNew: Bool) {
        var i = Int(truncatingIfNeeded: fp) & slotMask
        while true {
            let s = navfuzz_load_u32(slots + (i))
            if s == 0 { break }
            if fingerprints[Int(s - 1)] == fp { return (Int(s - 1), false) }
            i = (i + 1) & slotMask
        }
        if count == capacity { growStates() }
        let n = count
        fingerprints[n] = fp
        parents[n] = parent.map { UInt32($0) } ?? Self.noParent
        count += 1
        navfuzz_store_u32(slots + (i), UInt32(n + 1))
        if count * 4 > (slotMask + 1) * 3 { growSlots() }
        return (n, true)
    }

    private static func emptySlots(_ size: Int) -> UnsafeMutablePointer<UInt32> {
        let slots = UnsafeMutablePointer<UInt32>.allocate(capacity: size)
        slots.initialize(repeating: 0, count: size)
        return slots
    }

    /// Grows by half, so that at most a third of the per-state arrays stands empty.
    private func growStates() {
        let newCapacity = capacity + capacity / 2
        let f = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        f.initialize(from: fingerprints, count: count)
        retired.append(UnsafeMutableRawPointer(fingerprints))
        fingerprints = f
        let p = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
        p.moveInitialize(from: parents, count: count)
        parents.deallocate()
        parents = p
        capacity = newCapacity
    }

    private func growSlots() {
        let size = (slotMask + 1) * 2
        retired.append(UnsafeMutableRawPointer(slots))
        slots = Self.emptySlots(size)
        slotMask = size - 1
        for n in 0..<count {
            var i = Int(truncatingIfNeeded: fingerprints[n]) & slotMask
            while navfuzz_load_u32(slots + (i)) != 0 { i = (i + 1) & slotMask }
            navfuzz_store_u32(slots + (i), UInt32(n + 1))
        }
    }
}
