/// The model's state (docs/SEMANTICS.md §2): the live coordinators and the root.

/// The state, flat: every coordinator and every list of it in one buffer of words (`Words`), so
/// that copying a state costs one reference count and changing it at most one allocation, none
/// when the change is written into storage of its own (`Model.step(_:_:into:)`). Exploration and
/// fuzzing copy and change a state on every applied step; a state of coordinators that each
/// own their lists cost a reference count per list on every copy, half the time of a step.
///
/// Layout of `words`: the number of coordinators `n`, then `n` offsets of their records, then
/// the records, sorted by id. A record is a fixed header (`Field`) followed by its lists:
/// stack entries, modals (style, entry), pages, badges (page, value), page coordinators,
/// children. Every change keeps the buffer compact, so equal states have equal words.
public struct State: Hashable, Sendable {
    var words: Words
    /// The root coordinator's id.
    public var root: CoordinatorID
    /// The id the next created coordinator takes. Not part of the canonical state.
    public var nextID: Int32

    /// The live coordinators, sorted by id. Read and written whole, through copies of each
    /// coordinator: for building and inspecting states, never for a hot path.
    public var coordinators: [Coordinator] {
        get { (0..<count).map(coordinator(at:)) }
        set { words = State.pack(newValue) }
    }

    /// A state of `coordinators` (in any order) and `root`; `nextID` defaults to one above the
    /// largest id.
    public init(coordinators: [Coordinator], root: CoordinatorID, nextID: Int32? = nil) {
        let sorted = coordinators.sorted { $0.id < $1.id }
        words = State.pack(sorted)
        self.root = root
        // Saturating: a driver may report the largest id there is.
        self.nextID = nextID ?? ((sorted.last?.id.index).map { $0 == .max ? .max : $0 + 1 } ?? 0)
    }

    /// No coordinators: a placeholder to move a state out of a value (the engine's lock-step
    /// machine holds one before its first reset).
    package static let empty = State(words: Words([0]), root: CoordinatorID(0), nextID: 0)
    init(words: Words, root: CoordinatorID, nextID: Int32) { self.words = words; self.root = root; self.nextID = nextID }

    // MARK: - Layout

    /// The header of a record: positions of its fields from the record's start.
    enum Field {
        static let id = 0, parent = 1, info = 2
        /// The counts of the lists, in the order the lists follow the header.
        static let counts = 3
        static let header = 9
    }

    /// A record's lists, by the position of their count in the header.
    enum List: Int {
        // The order of the canonical encoding, which the decoder then writes straight through.
        case stack = 3, modals, pages, badges, pageCoordinators, children
        /// Words per element.
        var width: Int { List.width(at: rawValue) }
        /// Words per element of the list whose count is at header position `l`.
        @inline(__always) static func width(at l: Int) -> Int { l == modals.rawValue || l == badges.rawValue ? 2 : 1 }
    }

    /// The parent word of a coordinator without a parent: no Int32 id equals it.
    static let noParent = Int64.max

    /// `info`: kind in bits 0-6, shares-router in bit 7, initial route in 8-15, has-tab in bit
    /// 16, current page in 24-31. The flag shares the kind's byte so that the canonical
    /// encoding, which writes that byte, carries it, and states without it encode as before.
    static func info(kind: Kind, initialRoute: Route, hasTab: Bool, current: Page, sharesRouter: Bool = false) -> Int64 {
        Int64(kind.rawValue) | (sharesRouter ? sharedBit : 0) | Int64(initialRoute.index) << 8 | (hasTab ? 1 << 16 : 0)
            | Int64(current.index) << 24
    }
    static let sharedBit: Int64 = 1 << 7

    static func word(_ e: Entry) -> Int64 {
        switch e {
        case .screen(let r): Int64(r.index) << 1
        case .child(let c): Int64(c.index) << 1 | 1
        }
    }

    static func entry(_ w: Int64) -> Entry {
        w & 1 == 0 ? .screen(Route(Int(w >> 1))) : .child(CoordinatorID(Int(w >> 1)))
    }

    /// Words for `coordinators`, in the order given.
    static func pack(_ coordinators: [Coordinator]) -> Words {
        let n = coordinators.count
        var size = 1 + n
        // By index: `for c in coordinators` copies each coordinator, retaining its lists.
        for i in coordinators.indices {
            size += Field.header + coordinators[i].stack.count + 2 * coordinators[i].modals.count + coordinators[i].children.count
            if let tab = coordinators[i].tab { size += tab.pages.count + 2 * tab.badges.count + tab.pageCoordinators.count }
        }
        var words = Words(capacity: size)
        words.resize(to: 1 + n)
        words[0] = Int64(n)
        for i in coordinators.indices {
            words[1 + i] = Int64(words.count)
            let tab = coordinators[i].tab
            words.append(Int64(coordinators[i].id.index))
            words.append(coordinators[i].parent.map { Int64($0.index) } ?? noParent)
            words.append(info(kind: coordinators[i].kind, initialRoute: coordinators[i].initialRoute, hasTab: tab != nil,
                              current: tab?.current ?? Page(0), sharesRouter: coordinators[i].sharesRouter))
            // The counts, in `List` order.
            words.append(Int64(coordinators[i].stack.count))
            words.append(Int64(coordinators[i].modals.count))
            words.append(Int64(tab?.pages.count ?? 0))
            words.append(Int64(tab?.badges.count ?? 0))
            words.append(Int64(tab?.pageCoordinators.count ?? 0))
            words.append(Int64(coordinators[i].children.count))
            for k in coordinators[i].stack.indices { words.append(word(coordinators[i].stack[k])) }
            for k in coordinators[i].modals.indices { words.append(Int64(coordinators[i].modals[k].style.rawValue)); words.append(word(coordinators[i].modals[k].entry)) }
            if let tab {
                for p in tab.pages { words.append(Int64(p.index)) }
                for b in tab.badges { words.append(Int64(b.page.index)); words.append(Int64(b.value)) }
                for pc in tab.pageCoordinators { words.append(Int64(pc.index)) }
            }
            for k in coordinators[i].children.indices { words.append(Int64(coordinators[i].children[k].index)) }
        }
        return words
    }

    /// The coordinator at position `i`, copied out of the buffer.
    public func coordinator(at i: Int) -> Coordinator {
        Coordinator(id: id(at: i), kind: kind(at: i), parent: parent(at: i),
                    children: (0..<childCount(at: i)).map { child(at: i, $0) },
                    initialRoute: initialRoute(at: i),
                    stack: (0..<stackCount(at: i)).map { stackEntry(at: i, $0) },
                    modals: (0..<modalCount(at: i)).map { modal(at: i, $0) }, tab: tab(at: i),
                    sharesRouter: sharesRouter(at: i))
    }

    /// The tab fields of the coordinator at position `i`, copied out of the buffer.
    public func tab(at i: Int) -> TabState? {
        guard hasTab(at: i) else { return nil }
        return TabState(pages: (0..<pageCount(at: i)).map { page(at: i, $0) }, current: currentPage(at: i),
                        badges: (0..<badgeCount(at: i)).map { badge(at: i, $0) },
                        pageCoordinators: (0..<pageCoordinatorCount(at: i)).map { pageCoordinator(at: i, $0) })
    }

    /// A read at an index the buffer's own structure gives (an offset, a count, an element
    /// below a count), so without a bounds check, which cost a tenth of exploration's time.
    /// Positions and list indices that callers give are checked where they enter: `base` and
    /// `element`.
    @inline(__always) func w(_ k: Int) -> Int64 {
        assert(k >= 0 && k < words.count)
        return words[k]
    }
    /// Where the record of the coordinator at position `i` starts.
    @inline(__always) func base(_ i: Int) -> Int {
        precondition(i >= 0 && i < count, "no coordinator at position \(i)")
        return Int(w(1 + i))
    }
    /// Where element `k` of `list` of the coordinator at `i` is.
    @inline(__always) func element(_ i: Int, _ list: List, _ k: Int) -> Int {
        precondition(k >= 0 && k < count(i, list), "no element \(k) in that list")
        return start(i, list) + k * list.width
    }
    @inline(__always) func count(_ i: Int, _ list: List) -> Int { Int(w(base(i) + list.rawValue)) }

    /// Where `list` of the coordinator at `i` starts in `words`.
    /// Each list's sum written out: callers name the list, so that it folds to a few loads.
    @inline(__always) func start(_ i: Int, _ list: List) -> Int {
        let b = base(i)
        func n(_ l: List) -> Int { Int(w(b + l.rawValue)) }
        let stack = b + Field.header
        if list == .stack { return stack }
        let modals = stack + n(.stack)
        if list == .modals { return modals }
        let pages = modals + 2 * n(.modals)
        if list == .pages { return pages }
        let badges = pages + n(.pages)
        if list == .badges { return badges }
        let pageCoordinators = badges + 2 * n(.badges)
        if list == .pageCoordinators { return pageCoordinators }
        return pageCoordinators + n(.pageCoordinators)
    }

    @inline(__always) func info(_ i: Int) -> Int64 { w(base(i) + Field.info) }

    // MARK: - Reading by position

    /// How many coordinators are live.
    public var count: Int { Int(w(0)) }
    /// The positions of the live coordinators, `0 ..< count`, in id order.
    public var positions: Range<Int> { 0..<count }

    /// The id of the coordinator at position `i`.
    public func id(at i: Int) -> CoordinatorID { CoordinatorID(Int(w(base(i)))) }
    /// The kind of the coordinator at position `i`.
    public func kind(at i: Int) -> Kind { Kind(rawValue: UInt8(truncatingIfNeeded: info(i)) & 0x7F) ?? .navigation }
    /// Whether the coordinator at position `i` pushes its screens on its parent's router.
    public func sharesRouter(at i: Int) -> Bool { info(i) & State.sharedBit != 0 }
    /// The parent of the coordinator at position `i`; nil when it has none.
    public func parent(at i: Int) -> CoordinatorID? {
        let p = w(base(i) + Field.parent)
        return p == State.noParent ? nil : CoordinatorID(Int(p))
    }
    /// The initial route of the coordinator at position `i`.
    public func initialRoute(at i: Int) -> Route { Route(Int(info(i) >> 8 & 0xFF)) }

    /// How many children the coordinator at position `i` has.
    public func childCount(at i: Int) -> Int { count(i, .children) }
    /// Child `k` of the coordinator at position `i`.
    public func child(at i: Int, _ k: Int) -> CoordinatorID { CoordinatorID(Int(w(element(i, .children, k)))) }
    /// How many stack entries the coordinator at position `i` has.
    public func stackCount(at i: Int) -> Int { count(i, .stack) }
    /// Stack entry `k` (0 is the bottom) of the coordinator at position `i`.
    public func stackEntry(at i: Int, _ k: Int) -> Entry { State.entry(w(element(i, .stack, k))) }
    /// Stack entry 0 as a word (nil for an empty stack): cheap to compare.
    @inline(__always) func rootWord(at i: Int) -> Int64? { stackCount(at: i) > 0 ? w(start(i, .stack)) : nil }
    /// How many modals the coordinator at position `i` has.
    public func modalCount(at i: Int) -> Int { count(i, .modals) }
    /// Modal `k` (0 is the bottom) of the coordinator at position `i`.
    public func modal(at i: Int, _ k: Int) -> Modal {
        let at = element(i, .modals, k)
        return Modal(Style(rawValue: UInt8(truncatingIfNeeded: w(at))) ?? .sheet, State.entry(w(at + 1)))
    }
    /// The style of modal `k` of the coordinator at position `i`.
    public func modalStyle(at i: Int, _ k: Int) -> Style {
        Style(rawValue: UInt8(truncatingIfNeeded: w(element(i, .modals, k)))) ?? .sheet
    }

    /// Whether the coordinator at position `i` has tab fields.
    public func hasTab(at i: Int) -> Bool { info(i) >> 16 & 1 == 1 }
    /// The selected page of the tab at position `i`.
    public func currentPage(at i: Int) -> Page { Page(Int(info(i) >> 24 & 0xFF)) }
    /// How many pages the tab at position `i` has.
    public func pageCount(at i: Int) -> Int { count(i, .pages) }
    /// Page `k` of the tab at position `i`.
    public func page(at i: Int, _ k: Int) -> Page { Page(Int(w(element(i, .pages, k)))) }
    /// How many page coordinators the tab at position `i` has.
    public func pageCoordinatorCount(at i: Int) -> Int { count(i, .pageCoordinators) }
    /// Page coordinator `k` of the tab at position `i`: the one hosting page `k`.
    public func pageCoordinator(at i: Int, _ k: Int) -> CoordinatorID {
        CoordinatorID(Int(w(element(i, .pageCoordinators, k))))
    }
    /// Whether the tab at position `i` has page `p`.
    public func hasPage(_ p: Page, at i: Int) -> Bool {
        let s = start(i, .pages)
        for k in 0..<pageCount(at: i) where w(s + k) == Int64(p.index) { return true }
        return false
    }
    /// The coordinator of `page` (`TabState.coordinator(for:)`).
    public func pageCoordinator(at i: Int, for p: Page) -> CoordinatorID? {
        let s = start(i, .pages)
        for k in 0..<pageCount(at: i) where w(s + k) == Int64(p.index) {
            return k < pageCoordinatorCount(at: i) ? pageCoordinator(at: i, k) : nil
        }
        return nil
    }
    /// How many badges the tab at position `i` has.
    public func badgeCount(at i: Int) -> Int { count(i, .badges) }
    /// Badge `k` of the tab at position `i`, in page order.
    public func badge(at i: Int, _ k: Int) -> TabState.Badge {
        let at = element(i, .badges, k)
        return TabState.Badge(page: Page(Int(w(at))), value: Int(w(at + 1)))
    }

    /// Whether `list` of this state at `i` and of `other` at `j` are the same.
    @inline(__always)
    func sameList(_ list: List, at i: Int, as other: State, at j: Int) -> Bool {
        let n = count(i, list)
        return n == other.count(j, list) && samePrefix(list, n, at: i, as: other, at: j)
    }

    /// Whether the first `n` elements of `list` of this state at `i` and of `other` at `j` are the same.
    @inline(__always)
    func samePrefix(_ list: List, _ n: Int, at i: Int, as other: State, at j: Int) -> Bool {
        guard n <= count(i, list), n <= other.count(j, list) else { return false }
        let a = start(i, list), b = other.start(j, list)
        for k in 0 ..< n * list.width where w(a + k) != other.w(b + k) { return false }
        return true
    }

    /// The word of stack entry or modal `k` (its entry, for a modal) of the coordinator at `i`;
    /// `k` below the list's count, as the model's own loops give it.
    @inline(__always) func entryWord(_ i: Int, _ list: List, _ k: Int) -> Int64 {
        assert(k >= 0 && k < count(i, list))
        return w(start(i, list) + k * list.width + (list == .modals ? 1 : 0))
    }

    /// Becomes `other`, in this state's own storage when no other copy of it lives and it has
    /// room: no allocation (`Model.step(_:_:into:)`).
    mutating func assign(_ other: State) {
        words.assign(other.words)
        root = other.root
        nextID = other.nextID
    }

    /// The same coordinators with the same ids and the same root; `nextID` aside.
    public func sameCoordinators(as other: State) -> Bool { root == other.root && words == other.words }

    // MARK: - Lookup

    /// The position of `id`, or nil when it is not live.
    public func index(of id: CoordinatorID) -> Int? {
        let key = Int64(id.index)
        var lo = 0, hi = count
        // Ids are unique, sorted and usually not negative, so `id` sits at most at position
        // `id.index`, and there when no coordinator below it has ended: look there first.
        let guess = min(Int(id.index), hi - 1)
        if guess >= 0 {
            let at = w(Int(w(1 + guess)))
            if at == key { return guess }
            if at > key { hi = guess } else { lo = guess + 1 }
        }
        while lo < hi {
            let mid = (lo + hi) >> 1
            let v = w(Int(w(1 + mid)))
            if v == key { return mid }
            if v < key { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// Coordinator `id`, copied out of the buffer; nil when it is not live.
    public subscript(id: CoordinatorID) -> Coordinator? {
        index(of: id).map { coordinator(at: $0) }
    }

    /// Whether `id` is a live coordinator.
    public func isLive(_ id: CoordinatorID) -> Bool { index(of: id) != nil }

    /// The parent of `id`, read in place; nil when `id` is not live or has no parent.
    public func parent(of id: CoordinatorID) -> CoordinatorID? { index(of: id).flatMap(parent(at:)) }

    /// Where `id` is hosted in its parent, or nil for the root and for orphans.
    public func hosting(of id: CoordinatorID) -> Hosting? {
        guard let c = index(of: id), let p = parent(at: c), let pi = index(of: p) else { return nil }
        let child = State.word(.child(id))
        let s = start(pi, .stack)
        for k in 0..<stackCount(at: pi) where words[s + k] == child { return .stack(index: k) }
        let m = start(pi, .modals)
        for k in 0..<modalCount(at: pi) where words[m + 2 * k + 1] == child { return .modal(index: k) }
        if hasTab(at: pi) {
            let pcs = start(pi, .pageCoordinators)
            for k in 0..<pageCoordinatorCount(at: pi) where words[pcs + k] == Int64(id.index) {
                return k < pageCount(at: pi) ? .page(page(at: pi, k)) : nil
            }
        }
        return nil
    }

    /// The ids of `id` and every coordinator below it, in canonical (hosting) preorder.
    public func subtree(of id: CoordinatorID) -> [CoordinatorID] {
        guard let start = index(of: id) else { return [] }
        var out: [CoordinatorID] = []
        preorder(from: start) { i in
            out.append(self.id(at: i))
            return true
        }
        return out
    }

    /// A preorder walk from position `start` in hosting order (`forEachBelow`): `enter` gets
    /// each position the walk comes to and has not yet gone below, and says whether to go below
    /// it. The walk keeps its own stack, so that a tree as deep as a driver cares to make cannot
    /// overflow the thread's, and keeps it with its marks in one temporary buffer, not arrays:
    /// invariants walk on every step. Only a position gone below pushes, once, at most its
    /// record's words, so the stack holds at most `words.count + 1`.
    public func preorder(from start: Int, _ enter: (Int) -> Bool) {
        let n = count
        guard start >= 0 && start < n else { return }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: n + words.count + 1) { buffer in
            guard let below = buffer.baseAddress else { return }
            let pending = below + n
            for i in 0..<n { below[i] = 0 }
            pending[0] = Int32(start)
            var top = 1
            while top > 0 {
                top -= 1
                let i = Int(pending[top])
                guard below[i] == 0, enter(i) else { continue }
                below[i] = 1
                // Pushed in hosting order, then turned round, so that the first is taken first.
                let first = top
                forEachBelow(i) { if let j = index(of: $0) { pending[top] = Int32(j); top += 1 } }
                var lo = first, hi = top - 1
                while lo < hi { (pending[lo], pending[hi]) = (pending[hi], pending[lo]); lo += 1; hi -= 1 }
            }
        }
    }

    /// The step of every preorder walk of the tree: `body` gets each coordinator that the
    /// coordinator at `i` hosts, in hosting order (tab pages, then stack entries, then modals,
    /// bottom-up), then each id of its children list.
    @inline(__always)
    func forEachBelow(_ i: Int, _ body: (CoordinatorID) -> Void) {
        forEachHosted(i, body)
        let c = start(i, .children)
        for k in 0..<childCount(at: i) { body(CoordinatorID(Int(w(c + k)))) }
    }

    /// What the coordinator at `i` hosts, in hosting order: its page coordinators, then the
    /// children on its stack, then those presented, bottom-up.
    @inline(__always)
    func forEachHosted(_ i: Int, _ body: (CoordinatorID) -> Void) {
        if hasTab(at: i) {
            let p = start(i, .pageCoordinators)
            for k in 0..<pageCoordinatorCount(at: i) { body(CoordinatorID(Int(w(p + k)))) }
        }
        let s = start(i, .stack)
        for k in 0..<stackCount(at: i) where w(s + k) & 1 == 1 { body(CoordinatorID(Int(w(s + k) >> 1))) }
        let m = start(i, .modals)
        for k in 0..<modalCount(at: i) where w(m + 2 * k + 1) & 1 == 1 { body(CoordinatorID(Int(w(m + 2 * k + 1) >> 1))) }
    }

    /// Whether `child` is in the children list of the coordinator at `i`.
    @inline(__always)
    func listsChild(_ child: CoordinatorID, at i: Int) -> Bool {
        let c = start(i, .children), key = Int64(child.index)
        for k in 0..<childCount(at: i) where w(c + k) == key { return true }
        return false
    }

    /// Whether `x` is `top` or below it: `subtree(of: top).contains(x)`, without building the list.
    public func isInSubtree(_ x: CoordinatorID, of top: CoordinatorID) -> Bool {
        guard let start = index(of: top) else { return false }
        var found = false
        preorder(from: start) { i in
            if !found && id(at: i) == x { found = true }
            return !found
        }
        return found
    }

    /// Children in hosting order: tab pages, then stack entries, then modals, bottom-up.
    public func hostedChildren(of c: Coordinator) -> [CoordinatorID] {
        var out: [CoordinatorID] = []
        if let tab = c.tab { out.append(contentsOf: tab.pageCoordinators) }
        for e in c.stack { if let id = e.child { out.append(id) } }
        for m in c.modals { if let id = m.entry.child { out.append(id) } }
        return out
    }

    // MARK: - Changing

    /// Replaces the elements `range` of `list` of the coordinator at `i` with `newCount`
    /// elements written by `write` (given the first word's address). One allocation at most:
    /// a shared buffer is copied once, with room to grow.
    mutating func replace(_ i: Int, _ list: List, _ range: Range<Int>, count newCount: Int,
                          _ write: (UnsafeMutablePointer<Int64>) -> Void = { _ in }) {
        let w = list.width
        let lo = start(i, list) + range.lowerBound * w
        let removed = range.count * w, added = newCount * w
        let delta = added - removed
        let countAt = base(i) + list.rawValue
        shift(from: lo + removed, by: delta) { b in
            b[countAt] += Int64(newCount - range.count)
            if delta != 0 { for j in i + 1 ..< Int(b[0]) { b[1 + j] += Int64(delta) } }
            if added > 0 { write(b + lo) }
        }
    }

    /// Adds `delta` to the record offsets of `positions`: one uniqueness check, not one a word.
    mutating func moveOffsets(_ positions: Range<Int>, by delta: Int64) {
        guard !positions.isEmpty else { return }
        precondition(positions.lowerBound >= 0 && positions.upperBound <= count)
        words.withUnsafeMutableBufferPointer { w in
            for j in positions { w[1 + j] += delta }
        }
    }

    /// Moves the words from `from` on by `delta`: a gap of `delta` words opens before them
    /// (what it holds is for the caller to overwrite), or the `-delta` words before `from` go.
    /// `then` gets the words' address in the same access, after the move: one uniqueness check
    /// for the whole change (the words grow first, or shrink last).
    mutating func shift(from: Int, by delta: Int, then: (UnsafeMutablePointer<Int64>) -> Void = { _ in }) {
        let old = words.count
        precondition(from >= 0 && from <= old && from + delta >= 0)
        if delta > 0 { words.resize(to: old + delta) }
        words.withUnsafeMutableBufferPointer { p in
            guard let b = p.baseAddress else { return }
            if delta != 0 { Words.move(in: b, from: from, to: from + delta, count: old - from) }
            then(b)
        }
        if delta < 0 { words.resize(to: old + delta) }
    }

    mutating func setInfo(_ i: Int, current: Page? = nil, hasTab: Bool? = nil) {
        words[base(i) + Field.info] = State.info(kind: kind(at: i), initialRoute: initialRoute(at: i),
                                                 hasTab: hasTab ?? self.hasTab(at: i), current: current ?? currentPage(at: i),
                                                 sharesRouter: sharesRouter(at: i))
    }

    /// Marks the coordinator at position `i` as pushing its screens on its parent's router.
    mutating func setSharesRouter(_ i: Int) {
        words[base(i) + Field.info] |= State.sharedBit
    }

    mutating func append(_ i: Int, stack e: Entry) {
        let n = stackCount(at: i)
        replace(i, .stack, n..<n, count: 1) { w in w[0] = State.word(e) }
    }

    mutating func append(_ i: Int, modal m: Modal) {
        let n = modalCount(at: i)
        replace(i, .modals, n..<n, count: 1) { w in w[0] = Int64(m.style.rawValue); w[1] = State.word(m.entry) }
    }

    mutating func append(_ i: Int, child c: CoordinatorID) {
        let n = childCount(at: i)
        replace(i, .children, n..<n, count: 1) { w in w[0] = Int64(c.index) }
    }

    mutating func setStackEntry(_ i: Int, _ k: Int, _ e: Entry) { words[start(i, .stack) + k] = State.word(e) }
    mutating func setModalEntry(_ i: Int, _ k: Int, _ e: Entry) { words[start(i, .modals) + 2 * k + 1] = State.word(e) }

    /// Sets the tab fields of the coordinator at `i`, or removes them.
    mutating func setTab(_ i: Int, _ tab: TabState?) {
        setInfo(i, current: tab?.current ?? Page(0), hasTab: tab != nil)
        let pages = tab?.pages ?? [], pcs = tab?.pageCoordinators ?? [], badges = tab?.badges ?? []
        replace(i, .pages, 0..<pageCount(at: i), count: pages.count) { w in
            for k in pages.indices { w[k] = Int64(pages[k].index) }
        }
        replace(i, .pageCoordinators, 0..<pageCoordinatorCount(at: i), count: pcs.count) { w in
            for k in pcs.indices { w[k] = Int64(pcs[k].index) }
        }
        setBadges(i, badges)
    }

    /// Gives the coordinator at `i` tab fields with no badges, straight from the given pages.
    mutating func setTab(_ i: Int, pages: Int, page: (Int) -> Page, current: Page, pageCoordinator: (Int) -> CoordinatorID) {
        setInfo(i, current: current, hasTab: true)
        replace(i, .pages, 0..<pageCount(at: i), count: pages) { w in
            for k in 0..<pages { w[k] = Int64(page(k).index) }
        }
        replace(i, .pageCoordinators, 0..<pageCoordinatorCount(at: i), count: pages) { w in
            for k in 0..<pages { w[k] = Int64(pageCoordinator(k).index) }
        }
        setBadges(i, [])
    }

    mutating func setBadges(_ i: Int, _ badges: [TabState.Badge]) {
        replace(i, .badges, 0..<badgeCount(at: i), count: badges.count) { w in
            for k in badges.indices { w[2 * k] = Int64(badges[k].page.index); w[2 * k + 1] = Int64(badges[k].value) }
        }
    }

    /// Adds a coordinator with empty lists at its place in id order; returns its position.
    mutating func insertCoordinator(id: CoordinatorID, kind: Kind, parent: CoordinatorID?, initialRoute: Route,
                                    stack: Entry? = nil) -> Int {
        let n = count
        var p = n
        while p > 0 && words[base(p - 1)] > Int64(id.index) { p -= 1 }
        let length = Field.header + (stack == nil ? 0 : 1)
        let recordAt = p < n ? base(p) : words.count
        // The record first, then its offset: the offsets of the records after it move by the
        // record, every offset by the offset word.
        shift(from: recordAt, by: length)
        shift(from: 1 + p, by: 1)
        words[0] += 1
        words[1 + p] = Int64(recordAt)
        moveOffsets(0 ..< p + 1, by: 1)
        moveOffsets(p + 1 ..< n + 1, by: Int64(1 + length))
        let at = recordAt + 1
        let parentWord = parent.map { Int64($0.index) } ?? State.noParent
        let info = State.info(kind: kind, initialRoute: initialRoute, hasTab: false, current: Page(0))
        words.withUnsafeMutableBufferPointer { w in
            precondition(at + length <= w.count)
            for k in at ..< at + length { w[k] = 0 }
            w[at + Field.id] = Int64(id.index)
            w[at + Field.parent] = parentWord
            w[at + Field.info] = info
            if let stack {
                w[at + List.stack.rawValue] = 1
                w[at + Field.header] = State.word(stack)
            }
        }
        return p
    }

    /// What `start` does, in one pass over the buffer instead of moving its tail once per
    /// change: the coordinator at `p` hosts a new coordinator (id `nextID`) on top of its
    /// stack, or as a modal of `style`, and gets it as a child. The new coordinator is set up
    /// as new: a stack of `route`, or for a tab the configured pages, hosted by page
    /// coordinators with the ids that follow. False, changing nothing, unless the new ids
    /// follow every live id, as the model's always do: the new records go last.
    /// The configuration is read through a pointer: passed by value, it was copied (and its
    /// page list retained) on every start.
    mutating func startChild(at p: Int, kind: Kind, route: Route, modal style: Style?,
                             _ configuration: UnsafePointer<Configuration>) -> Bool {
        let n = count
        let id = Int64(nextID)
        let pages = kind == .tab ? configuration.pointee.initialPageCount : 0
        let created = 1 + pages
        guard p >= 0 && p < n, n == 0 || id > Int64(self.id(at: n - 1).index), id + Int64(created) <= Int64(Int32.max) else { return false }
        let hostWidth = style == nil ? 1 : 2
        let hostList: List = style == nil ? .stack : .modals
        let hostAt = start(p, hostList) + count(p, hostList) * hostWidth
        let childAt = start(p, .children) + childCount(at: p)
        let parent = Int64(self.id(at: p).index)
        let initial = kind == .tab ? Route(0) : route
        let current = kind == .tab ? configuration.pointee.pageShownAtStart : Page(0)
        let old = words.count
        let total = old + created + hostWidth + 1 + Field.header + (kind == .tab ? 3 * pages : 1) + pages * (Field.header + 1)
        // Grown in place (the words added are zero), then the records moved up, the last part
        // first: each part moves further than the one before it.
        words.resize(to: total)
        let written = words.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let w = buffer.baseAddress else { return 0 }
            func move(_ from: Int, _ to: Int, _ count: Int) { Words.move(in: w, from: from, to: to, count: count) }
            move(childAt, childAt + created + hostWidth + 1, old - childAt)
            move(hostAt, hostAt + created + hostWidth, childAt - hostAt)
            move(1 + n, 1 + n + created, hostAt - (1 + n))
            w[0] = Int64(n + created)
            for i in 0..<n { w[1 + i] += Int64(created) + (i > p ? Int64(hostWidth + 1) : 0) }
            // The hosting entry and the child, inserted into `p`'s lists.
            var at = hostAt + created
            if let style { w[at] = Int64(style.rawValue); at += 1 }
            w[at] = id << 1 | 1
            w[childAt + created + hostWidth] = id
            let hostBase = Int(w[1 + p])
            w[hostBase + hostList.rawValue] += 1
            w[hostBase + List.children.rawValue] += 1
            // The new records, in id order: the new coordinator, then its page coordinators.
            at = old + created + hostWidth + 1
            for k in 0..<created {
                let b = at
                w[1 + n + k] = Int64(b)
                w[b + Field.id] = id + Int64(k)
                w[b + Field.parent] = k == 0 ? parent : id
                w[b + Field.info] = k == 0 ? State.info(kind: kind, initialRoute: initial, hasTab: kind == .tab, current: current)
                                           : State.info(kind: .navigation, initialRoute: Route(0), hasTab: false, current: Page(0))
                at += Field.header
                if k == 0 && kind == .tab {
                    w[b + List.pages.rawValue] = Int64(pages)
                    w[b + List.pageCoordinators.rawValue] = Int64(pages)
                    w[b + List.children.rawValue] = Int64(pages)
                    for j in 0..<pages { w[at + j] = Int64(configuration.pointee.initialPage(j).index) }
                    for j in 0..<pages { w[at + pages + j] = id + 1 + Int64(j); w[at + 2 * pages + j] = id + 1 + Int64(j) }
                    at += 3 * pages
                } else {
                    w[b + List.stack.rawValue] = 1
                    w[at] = State.word(.screen(k == 0 ? initial : Route(0))); at += 1
                }
            }
            return at
        }
        precondition(written == total, "startChild wrote \(written) words of \(total)")
        nextID += Int32(created)
        return true
    }

    /// The number of words of the record at `i`: children are its last list.
    func recordLength(_ i: Int) -> Int { start(i, .children) + count(i, .children) - base(i) }

    /// Drops the record at `p` and its offset in one pass: the words between them move down
    /// by one, the words after the record by one more than its length.
    mutating func removeCoordinator(at p: Int) {
        let n = count, b = base(p), length = recordLength(p), old = words.count
        words.withUnsafeMutableBufferPointer { buffer in
            guard let w = buffer.baseAddress else { return }
            func move(_ from: Int, _ to: Int, _ count: Int) { Words.move(in: w, from: from, to: to, count: count) }
            move(2 + p, 1 + p, b - (2 + p))
            move(b + length, b - 1, old - (b + length))
            w[0] = Int64(n - 1)
            for j in 0 ..< n - 1 { w[1 + j] -= j < p ? 1 : Int64(length + 1) }
        }
        words.resize(to: old - length - 1)
    }
}
