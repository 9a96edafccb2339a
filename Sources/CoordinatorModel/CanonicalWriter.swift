/// Writes the canonical encoding once the canonical numbers are known.
struct CanonicalWriter {
    let number: UnsafeMutablePointer<Int32>
    let live: Int
    var out: ByteSink
    /// Ids that name no live coordinator (broken states only), numbered after the live ones.
    var dangling: [CoordinatorID] = []

    /// Canonical numbers by id, for ids below its count; other ids are looked up.
    let canonByID: IDLookup
    /// Room for a record's children, to sort them.
    let scratch: UnsafeMutablePointer<Int32>

    init(number: UnsafeMutablePointer<Int32>, live: Int, canonByID: IDLookup, scratch: UnsafeMutablePointer<Int32>, out: ByteSink) {
        self.number = number; self.live = live; self.canonByID = canonByID; self.scratch = scratch; self.out = out
    }

    /// Inlined as far as the table: every id the encoding meets is one, in every state.
    @inline(__always)
    mutating func canon(_ id: CoordinatorID, _ s: State) -> UInt64 {
        let x = Int(id.index)
        if x >= 0 && x < canonByID.count && canonByID.table[x] >= 0 { return UInt64(canonByID.table[x]) }
        return canonPastTable(id, s)
    }

    private mutating func canonPastTable(_ id: CoordinatorID, _ s: State) -> UInt64 {
        let x = Int(id.index)
        if !(x >= 0 && x < canonByID.count), let i = s.index(of: id) { return UInt64(number[i]) }
        if let d = dangling.firstIndex(of: id) { return UInt64(live + d) }
        dangling.append(id)
        return UInt64(live + dangling.count - 1)
    }

    mutating func entry(_ w: Int64, _ s: State) {
        if w & 1 == 0 { out.appendVarint(UInt64(w >> 1) << 1) } else { out.appendVarint(canon(CoordinatorID(Int(w >> 1)), s) << 1 | 1) }
    }

    /// A tab's marker, pages, current page and badges, read from `at` on: the part of a tab
    /// record both writers write alike.
    @inline(__always)
    mutating func writeTabPages(_ s: State, pages: Int, badges: Int, info: Int64, at: inout Int) {
        out.append(1)
        out.appendVarint(UInt64(pages))
        for _ in 0..<pages { out.append(UInt8(truncatingIfNeeded: s.w(at))); at += 1 }
        out.append(UInt8(truncatingIfNeeded: info >> 24))
        out.appendVarint(UInt64(badges))
        for _ in 0..<badges {
            out.append(UInt8(truncatingIfNeeded: s.w(at))); out.appendVarint(zigzag(Int(s.w(at + 1))))
            at += 2
        }
    }

    /// The most bytes `write` writes for `s`: each word of a record gives at most one varint
    /// (a modal's or badge's first word a byte), a record's header of nine words at most 84
    /// bytes, and the count and root one varint each. Tight enough that the buffer of a state
    /// within the presets' bounds stays on the stack (`withUnsafeTemporaryAllocation` takes
    /// the heap above about a kilobyte).
    static func bound(_ s: State) -> Int { 10 * s.words.count + 20 }

    mutating func write(_ s: State, order: UnsafeMutablePointer<Int32>) {
        let n = live
        out.appendVarint(UInt64(n))
        out.appendVarint(canon(s.root, s))
        for k in 0..<n {
            // The record read straight through: its lists follow the encoding's order.
            let b = Int(s.w(1 + Int(order[k])))
            func count(_ list: State.List) -> Int { Int(s.w(b + list.rawValue)) }
            let info = s.w(b + State.Field.info), parent = s.w(b + State.Field.parent)
            var at = b + State.Field.header
            out.appendVarint(UInt64(k))
            out.append(UInt8(truncatingIfNeeded: info))
            out.appendVarint(parent == State.noParent ? 0 : canon(CoordinatorID(Int(parent)), s) + 1)
            out.append(UInt8(truncatingIfNeeded: info >> 8))
            out.appendVarint(UInt64(count(.stack)))
            for _ in 0..<count(.stack) { entry(s.w(at), s); at += 1 }
            out.appendVarint(UInt64(count(.modals)))
            for _ in 0..<count(.modals) {
                out.append(UInt8(truncatingIfNeeded: s.w(at)))
                entry(s.w(at + 1), s)
                at += 2
            }
            if info >> 16 & 1 == 1 {
                writeTabPages(s, pages: count(.pages), badges: count(.badges), info: info, at: &at)
                out.appendVarint(UInt64(count(.pageCoordinators)))
                for _ in 0..<count(.pageCoordinators) { out.appendVarint(canon(CoordinatorID(Int(s.w(at))), s)); at += 1 }
            } else {
                out.append(0)
                at += count(.pages) + 2 * count(.badges) + count(.pageCoordinators)
            }
            // Children as a set: their canonical numbers in increasing order, repeats kept.
            let children = count(.children)
            out.appendVarint(UInt64(children))
            for m in 0..<children {
                // Insertion sort: a coordinator has few children.
                let v = Int32(truncatingIfNeeded: canon(CoordinatorID(Int(s.w(at + m))), s))
                var k = m
                while k > 0 && scratch[k - 1] > v { scratch[k] = scratch[k - 1]; k -= 1 }
                scratch[k] = v
            }
            for m in 0..<children { out.appendVarint(UInt64(scratch[m])) }
        }
    }
}
extension CanonicalWriter {
    /// Writes `s` numbered by id, as `write` would once the walk had numbered it, checking as
    /// it goes that the walk would: every id is its position, the root is `c0`, and the
    /// preorder walk of `numberByWalk` meets the coordinators in position order. So it is for
    /// every state exploration decodes, and for most of their successors (those that end
    /// nothing and create a coordinator the walk meets last). The check reads the lists the
    /// write reads, in the same pass: checked in a walk of its own first, it cost a third as
    /// much as the write. False when the check fails (a state numbered otherwise, or a broken
    /// one): what was written is then to be thrown away. `pending` has room for the walk's
    /// stack, as in `numberByWalk`; `scratch` for a record's children, at most `live`.
    mutating func writeNumberedInOrder(_ s: State, walk pending: UnsafeMutablePointer<Int32>) -> Bool {
        let n = live
        guard n > 0, s.root.index == 0 else { return false }
        out.appendVarint(UInt64(n))
        out.appendVarint(0)
        var top = 0
        /// An id in a list: met by the walk when pushed, so it must name a coordinator.
        func push(_ id: Int64) -> Bool {
            guard id >= 0 && id < Int64(n) else { return false }
            pending[top] = Int32(id); top += 1
            return true
        }
        for k in 0..<n {
            let b = Int(s.w(1 + k))
            func count(_ list: State.List) -> Int { Int(s.w(b + list.rawValue)) }
            let info = s.w(b + State.Field.info), parent = s.w(b + State.Field.parent)
            guard s.w(b + State.Field.id) == Int64(k) else { return false }
            let stacked = count(.stack), modals = count(.modals), children = count(.children)
            let hasTab = info >> 16 & 1 == 1
            var at = b + State.Field.header
            // The walk takes a tab's page coordinators first: pushed before the stack's children.
            let first = top
            if hasTab {
                let pageCoordinators = at + stacked + 2 * modals + count(.pages) + 2 * count(.badges)
                for m in 0..<count(.pageCoordinators) { guard push(s.w(pageCoordinators + m)) else { return false } }
            }
            out.appendVarint(UInt64(k))
            out.append(UInt8(truncatingIfNeeded: info))
            if parent == State.noParent { out.append(0) } else {
                guard parent >= 0 && parent < Int64(n) else { return false }
                out.appendVarint(UInt64(parent) + 1)
            }
            out.append(UInt8(truncatingIfNeeded: info >> 8))
            out.appendVarint(UInt64(stacked))
            for _ in 0..<stacked {
                let e = s.w(at)
                if e & 1 == 1 { guard push(e >> 1) else { return false } }
                out.appendVarint(UInt64(bitPattern: e))
                at += 1
            }
            out.appendVarint(UInt64(modals))
            for _ in 0..<modals {
                out.append(UInt8(truncatingIfNeeded: s.w(at)))
                let e = s.w(at + 1)
                if e & 1 == 1 { guard push(e >> 1) else { return false } }
                out.appendVarint(UInt64(bitPattern: e))
                at += 2
            }
            if hasTab {
                writeTabPages(s, pages: count(.pages), badges: count(.badges), info: info, at: &at)
                out.appendVarint(UInt64(count(.pageCoordinators)))
                for _ in 0..<count(.pageCoordinators) { out.appendVarint(UInt64(s.w(at))); at += 1 }
            } else {
                out.append(0)
                at += count(.pages) + 2 * count(.badges) + count(.pageCoordinators)
            }
            // Children as a set, in increasing order (`write`); pushed for the walk as listed.
            guard children <= n else { return false }
            out.appendVarint(UInt64(children))
            for m in 0..<children {
                let c = s.w(at + m)
                guard push(c) else { return false }
                let v = Int32(c)
                var j = m
                while j > 0 && scratch[j - 1] > v { scratch[j] = scratch[j - 1]; j -= 1 }
                scratch[j] = v
            }
            for m in 0..<children { out.appendVarint(UInt64(scratch[m])) }
            // The first pushed on top, as `State.pushBelow` leaves them; then the next
            // coordinator the walk meets must be the next position.
            var lo = first, hi = top - 1
            while lo < hi { (pending[lo], pending[hi]) = (pending[hi], pending[lo]); lo += 1; hi -= 1 }
            let met = k + 1
            var next = -1
            while next < 0 && top > 0 {
                top -= 1
                let j = Int(pending[top])
                guard j <= met else { return false }
                if j == met { next = j }
            }
            if next < 0 && met < n { return false }
        }
        return true
    }
}

private func zigzag(_ v: Int) -> UInt64 { UInt64(bitPattern: Int64((v << 1) ^ (v >> 63))) }
