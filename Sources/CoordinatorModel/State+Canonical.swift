/// The canonical form (docs/SEMANTICS.md §2): ids renumbered in hosting preorder from the root — tab
/// pages in page order, then stack entries bottom-up, then modals bottom-up — and a compact
/// byte encoding of it. Two states are the same state exactly when their encodings are equal.
extension State {
    /// Positions in `coordinators`, in canonical order. Coordinators no hosting path reaches
    /// (only in broken states) follow through `children`, then in id order, so the order is total.
    @_spi(Engine) public func canonicalOrder() -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(count)
        var seen = [Bool](repeating: false, count: count)
        func visit(position start: Int) {
            preorder(from: start) { i in
                guard !seen[i] else { return false }
                seen[i] = true
                order.append(i)
                return true
            }
        }
        if let r = index(of: root) { visit(position: r) }
        // By position, not id: with a repeated id (a broken state) a lookup finds only one.
        for i in positions where !seen[i] { visit(position: i) }
        return order
    }

    /// The same state with ids renumbered `c0, c1, …` in canonical order.
    @_spi(Engine) public func canonicalized() -> State {
        State(canonicalEncoding: canonicalEncoding()) ?? self
    }

    /// The canonical byte encoding: equal exactly for the same state, decodable by
    /// `init(canonicalEncoding:)`. Appends to `bytes` so that callers can reuse one buffer;
    /// written straight from this state, with no renumbered copy (the hot path of exploration).
    /// Ids that name no live coordinator (broken states only) are numbered after the live ones
    /// in the order the encoding meets them.
    @_spi(Engine) public func encodeCanonical(into bytes: inout [UInt8]) {
        encodeCanonical(into: &bytes, numberingInOrder: true)
    }

    /// With `numberingInOrder`, a state whose canonical numbers are its ids is written without
    /// a table of them (`CanonicalWriter.writeNumberedInOrder`); without, every state is
    /// numbered by the walk. Both write the same bytes (the canonical-form tests hold them to
    /// it). Returns whether the state was written numbered by id.
    @discardableResult
    func encodeCanonical(into bytes: inout [UInt8], numberingInOrder: Bool) -> Bool {
        let n = count
        // Ids below 256 are looked up in a table by id instead of searched for: the encoding
        // looks up every id it meets. Ids are sorted, so the last is the largest.
        let largest = n > 0 ? Int(id(at: n - 1).index) : -1
        var table = largest >= 0 && largest < 256 ? largest + 1 : 0
        // One buffer: canonical number by position, positions in canonical order, the stack of
        // the preorder walk (every push is an id in some list, plus the root), the id table.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * n + words.count + 1 + table) { buffer in
            guard let number = buffer.baseAddress else { return false }
            let order = number + n, pending = order + n, byID = pending + words.count + 1
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: CanonicalWriter.bound(self)) { out in
                guard let base = out.baseAddress else { return false }
                if numberingInOrder && largest == n - 1 {
                    // The children are sorted in `order`, which this path does not use.
                    var writer = CanonicalWriter(number: number, live: n, canonByID: IDLookup(table: byID, count: 0), scratch: order,
                                                 out: ByteSink(base, capacity: out.count))
                    if writer.writeNumberedInOrder(self, walk: pending) {
                        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: writer.out.count))
                        return true
                    }
                }
                numberByWalk(number, order: order, byID: byID, table: &table, scratch: pending)
                var writer = CanonicalWriter(number: number, live: n, canonByID: IDLookup(table: byID, count: table), scratch: pending,
                                             out: ByteSink(base, capacity: out.count))
                writer.write(self, order: order)
                bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: writer.out.count))
                return false
            }
        }
    }

    /// Pushes the ids below the coordinator at `i` (`forEachBelow`) onto a walk's stack, the
    /// first on top, so that the walk takes them in hosting order.
    @inline(__always)
    private func pushBelow(_ i: Int, onto pending: UnsafeMutablePointer<Int32>, top: inout Int) {
        let first = top
        forEachBelow(i) { pending[top] = $0.index; top += 1 }
        var lo = first, hi = top - 1
        while lo < hi { (pending[lo], pending[hi]) = (pending[hi], pending[lo]); lo += 1; hi -= 1 }
    }

    /// Numbers the coordinators in canonical order: `number` by position, `order` the
    /// positions in that order, and `byID` (of `table` entries) from ids to numbers; `table`
    /// becomes 0 when ids repeat (a broken state), which are then looked up instead.
    private func numberByWalk(_ number: UnsafeMutablePointer<Int32>, order: UnsafeMutablePointer<Int32>,
                        byID: UnsafeMutablePointer<Int32>, table: inout Int, scratch pending: UnsafeMutablePointer<Int32>) {
        let n = count
        for i in 0..<n { number[i] = -1 }
        for k in 0..<table { byID[k] = -1 }
        for i in 0..<n where table > 0 {
            let id = Int(words[base(i)])
            // A repeated id (a broken state) is left to `index(of:)`, which picks one of them.
            if id < 0 || byID[id] >= 0 { table = 0 } else { byID[id] = Int32(i) }
        }
        let lookup = IDLookup(table: byID, count: table)
        var visited = 0
        // Preorder without recursion: children are pushed in reverse, and a coordinator
        // met again is skipped when popped, so the numbering is that of a recursive walk.
        func walk(from start: Int) {
            var i = start, top = 0
            while true {
                number[i] = Int32(visited)
                order[visited] = Int32(i)
                visited += 1
                pushBelow(i, onto: pending, top: &top)
                var next = -1
                while next < 0 && top > 0 {
                    top -= 1
                    if let j = lookup.position(of: CoordinatorID(Int(pending[top])), in: self), number[j] < 0 { next = j }
                }
                guard next >= 0 else { return }
                i = next
            }
        }
        if let r = lookup.position(of: root, in: self) { walk(from: r) }
        // By position, not id, so that every coordinator is numbered: with a repeated id (a
        // broken state) a lookup finds only one of them.
        for i in 0..<n where number[i] < 0 { walk(from: i) }
        // From here on the table maps an id straight to its canonical number.
        for k in 0..<table where byID[k] >= 0 { byID[k] = number[Int(byID[k])] }
    }

    @_spi(Engine) public func canonicalEncoding() -> [UInt8] {
        var b: [UInt8] = []
        encodeCanonical(into: &b)
        return b
    }

    /// Decodes a canonical encoding. Nil when the bytes are not one. Written straight into
    /// the flat layout, whose lists follow the encoding's order: exploration decodes every
    /// state it expands.
    @_spi(Engine) public init?(canonicalEncoding bytes: [UInt8]) {
        self.init(canonicalEncoding: bytes[...])
    }

    /// The same from a part of a buffer, as exploration keeps its levels.
    @_spi(Engine) public init?(canonicalEncoding bytes: ArraySlice<UInt8>) {
        // Read through a pointer: a slice checks its bounds and storage on every byte.
        guard let state = bytes.withUnsafeBufferPointer({ State.decoding($0) }) else { return nil }
        self = state
    }

    private static func decoding(_ bytes: UnsafeBufferPointer<UInt8>) -> State? {
        var r = ByteReader(bytes: bytes)
        // A coordinator takes at least eight bytes, which bounds what is reserved.
        guard let count = r.int(), count <= bytes.count / 8, let root = r.int() else { return nil }
        // Every word past the offsets and headers takes at least one byte: written through a
        // pointer into storage of that size (zeros), then cut to what was written.
        let capacity = 1 + count + count * Field.header + bytes.count
        var words = Words(capacity: capacity)
        words.resize(to: capacity)
        let written = words.withUnsafeMutableBufferPointer { buffer -> Int? in
            var words = WordSink(buffer)
            words.count = 1 + count
            words[0] = Int64(count)
            var last = -1
            for i in 0..<count {
                // Canonical ids are the positions: 0, 1, 2, …
                guard let id = r.int(), id == last + 1, let kindRaw = r.byte(), let kind = Kind(rawValue: kindRaw & 0x7F),
                      let parentPlus = r.int(), let initial = r.byte(), let stackCount = r.int(), stackCount <= bytes.count else { return nil }
                last = id
                let b = words.count
                words[1 + i] = Int64(b)
                words.append(Int64(id))
                words.append(parentPlus == 0 ? State.noParent : Int64(parentPlus - 1))
                words.count = b + Field.header
                words[b + List.stack.rawValue] = Int64(stackCount)
                for _ in 0..<stackCount { guard let e = r.entry() else { return nil }; words.append(State.word(e)) }
                guard let modalCount = r.int(), modalCount <= bytes.count else { return nil }
                words[b + List.modals.rawValue] = Int64(modalCount)
                for _ in 0..<modalCount {
                    guard let raw = r.byte(), let style = Style(rawValue: raw), let e = r.entry() else { return nil }
                    words.append(Int64(style.rawValue)); words.append(State.word(e))
                }
                guard let hasTab = r.byte() else { return nil }
                var current = Page(0)
                if hasTab == 1 {
                    guard let pageCount = r.int(), pageCount <= bytes.count else { return nil }
                    words[b + List.pages.rawValue] = Int64(pageCount)
                    for _ in 0..<pageCount { guard let p = r.byte() else { return nil }; words.append(Int64(p)) }
                    guard let c = r.byte(), let badgeCount = r.int(), badgeCount <= bytes.count else { return nil }
                    current = Page(Int(c))
                    words[b + List.badges.rawValue] = Int64(badgeCount)
                    for _ in 0..<badgeCount {
                        guard let p = r.byte(), let v = r.varint() else { return nil }
                        words.append(Int64(p)); words.append(Int64(unzigzag(v)))
                    }
                    guard let pcCount = r.int(), pcCount <= bytes.count else { return nil }
                    words[b + List.pageCoordinators.rawValue] = Int64(pcCount)
                    for _ in 0..<pcCount { guard let pc = r.int() else { return nil }; words.append(Int64(pc)) }
                }
                words[b + Field.info] = State.info(kind: kind, initialRoute: Route(Int(initial)), hasTab: hasTab == 1, current: current,
                                                   sharesRouter: kindRaw & 0x80 != 0)
                guard let childCount = r.int(), childCount <= bytes.count else { return nil }
                words[b + List.children.rawValue] = Int64(childCount)
                for _ in 0..<childCount { guard let ch = r.int() else { return nil }; words.append(Int64(ch)) }
            }
            return r.atEnd ? words.count : nil
        }
        guard let written else { return nil }
        words.resize(to: written)
        return State(words: words, root: CoordinatorID(root), nextID: Int32(count))
    }

    /// Equal exactly when the two states are the same state (docs/SEMANTICS.md §2).
    @_spi(Engine) public func isSameState(as other: State) -> Bool {
        canonicalEncoding() == other.canonicalEncoding()
    }
}

private func unzigzag(_ u: UInt64) -> Int { Int(Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1)))) }

extension [UInt8] {
    mutating func appendVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 { append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        append(UInt8(v))
    }
    mutating func appendEntry(_ e: Entry) {
        switch e {
        case .screen(let r): appendVarint(UInt64(r.index) << 1)
        case .child(let c): appendVarint(UInt64(c.index) << 1 | 1)
        }
    }
}
