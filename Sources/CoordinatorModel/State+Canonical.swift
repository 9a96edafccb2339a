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

    /// The most bytes the canonical encoding of `state` can take: what the encoder's memory is
    /// sized by.
    static func canonicalBound(_ state: State) -> Int { CanonicalWriter.bound(state) }

    /// Equal exactly when the two states are the same state (docs/SEMANTICS.md §2).
    @_spi(Engine) public func isSameState(as other: State) -> Bool {
        canonicalEncoding() == other.canonicalEncoding()
    }
}

/// Writes the canonical encoding once the canonical numbers are known.
private struct CanonicalWriter {
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

/// A table by id for ids below `count`: positions while the walk numbers the coordinators
/// (`position(of:in:)` looks other ids up), canonical numbers once it has.
private struct IDLookup {
    let table: UnsafeMutablePointer<Int32>
    let count: Int
    @inline(__always) func position(of id: CoordinatorID, in s: State) -> Int? {
        let x = Int(id.index)
        guard x >= 0 && x < count else { return s.index(of: id) }
        return table[x] >= 0 ? Int(table[x]) : nil
    }
}

/// Words written to memory the caller sized and zeroed (the decoder's): a write checks only
/// that it stays inside.
private struct WordSink {
    let base: UnsafeMutableBufferPointer<Int64>
    /// The words written so far; moved forward over zeros to skip them.
    var count = 0 {
        willSet { precondition(newValue >= 0 && newValue <= base.count) }
    }
    init(_ base: UnsafeMutableBufferPointer<Int64>) { self.base = base }
    mutating func append(_ w: Int64) {
        precondition(count < base.count)
        base[count] = w; count += 1
    }
    subscript(k: Int) -> Int64 {
        get { base[k] }
        nonmutating set { precondition(k >= 0 && k < base.count); base[k] = newValue }
    }
}

/// Bytes written to memory the caller sized (see `CanonicalWriter.bound`): appending to an
/// array checks its capacity and uniqueness on every byte.
private struct ByteSink {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var count = 0
    init(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) { self.base = base; self.capacity = capacity }
    mutating func append(_ b: UInt8) {
        assert(count < capacity, "CanonicalWriter.bound is too small")
        base[count] = b; count += 1
    }
    /// Inlined for a number below 128, as nearly every number of a state is.
    @inline(__always) mutating func appendVarint(_ value: UInt64) {
        if value < 0x80 { append(UInt8(value)) } else { appendLongVarint(value) }
    }
    private mutating func appendLongVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 { append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        append(UInt8(v))
    }
}

private func zigzag(_ v: Int) -> UInt64 { UInt64(bitPattern: Int64((v << 1) ^ (v >> 63))) }
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

private struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0
    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    var atEnd: Bool { at == bytes.count }
    @inline(__always) mutating func byte() -> UInt8? {
        guard at < bytes.count else { return nil }
        defer { at += 1 }
        return bytes[at]
    }
    /// Inlined, with a byte below 128 read first: nearly every number of a state is one, and
    /// the decoder reads every state exploration expands.
    @inline(__always) mutating func varint() -> UInt64? {
        if at < bytes.count, bytes[at] < 0x80 {
            at += 1
            return UInt64(bytes[at - 1])
        }
        return longVarint()
    }
    private mutating func longVarint() -> UInt64? {
        var v: UInt64 = 0, shift: UInt64 = 0
        while let b = byte() {
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return v }
            shift += 7
            if shift > 63 { return nil }
        }
        return nil
    }
    @inline(__always) mutating func int() -> Int? {
        guard let v = varint(), v <= UInt64(Int32.max) else { return nil }
        return Int(v)
    }
    mutating func entry() -> Entry? {
        guard let v = varint(), v >> 1 <= UInt64(Int32.max) else { return nil }
        return v & 1 == 0 ? (v >> 1 <= 255 ? .screen(Route(Int(v >> 1))) : nil) : .child(CoordinatorID(Int(v >> 1)))
    }
}
