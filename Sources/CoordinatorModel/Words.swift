/// The buffer of a flat `State`: words in one storage object, copied on write like an array's.
/// Not an `Array`: every array operation that grows, shrinks or refills costs about a hundred
/// instructions of fixed overhead, and its copy on write always allocates. A uniquely held
/// `Words` takes another's words in place (`assign`), so exploration steps every successor into
/// the storage of the one before (`Model.step(_:_:into:)`) and allocates nothing per step.
///
/// The count and the address of the words are kept in the value, beside the storage that keeps
/// them alive: a read is a load, with no call into the storage object and no reference count.
struct Words: Hashable, CustomStringConvertible, @unchecked Sendable {
    // Sendable as an array is: storage is written only while uniquely referenced.
    private var storage: Storage
    private var base: UnsafeMutablePointer<Int64>
    private(set) var count: Int
    private(set) var capacity: Int

    final class Storage: ManagedBuffer<Void, Int64> {}

    /// No words, room for `capacity`.
    init(capacity: Int) {
        let capacity = max(capacity, 1)
        storage = unsafeDowncast(Storage.create(minimumCapacity: capacity) { _ in }, to: Storage.self)
        base = storage.withUnsafeMutablePointerToElements { $0 }
        count = 0
        self.capacity = capacity
    }

    init(_ words: [Int64]) {
        self.init(capacity: words.count)
        for w in words { append(w) }
    }

    var description: String { withUnsafeBufferPointer { Array($0) }.description }

    /// An unchecked read: the state's reads are at positions its own structure gives.
    @inline(__always) subscript(k: Int) -> Int64 {
        get {
            assert(k >= 0 && k < count)
            return base[k]
        }
        set {
            precondition(k >= 0 && k < count)
            makeUnique(capacity: count)
            base[k] = newValue
        }
    }

    @inline(__always) func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Int64>) throws -> R) rethrows -> R {
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The words, writable in place: copied first if shared.
    @inline(__always) mutating func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Int64>) throws -> R) rethrows -> R {
        makeUnique(capacity: count)
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeMutableBufferPointer(start: base, count: count))
    }

    /// Held uniquely, with room for `capacity` words: copied (with room to grow) otherwise.
    @inline(__always) mutating func makeUnique(capacity needed: Int) {
        if capacity < needed || !isKnownUniquelyReferenced(&storage) { copy(capacity: needed) }
    }

    private mutating func copy(capacity needed: Int) {
        var fresh = Words(capacity: Swift.max(needed, count + count / 2 + 8))
        fresh.base.initialize(from: base, count: count)
        fresh.count = count
        withExtendedLifetime(storage) { self = fresh }
    }

    /// Sets the count to `n`; words added are zero.
    mutating func resize(to n: Int) {
        precondition(n >= 0)
        makeUnique(capacity: n)
        if n > count { (base + count).initialize(repeating: 0, count: n - count) }
        count = n
    }

    mutating func append(_ w: Int64) {
        makeUnique(capacity: count + 1)
        (base + count).initialize(to: w)
        count += 1
    }

    /// Becomes `other`'s words: copied into this storage when it is held uniquely and has room,
    /// so that no allocation is made; shared with `other` otherwise.
    mutating func assign(_ other: Words) {
        guard storage !== other.storage, capacity >= other.count, isKnownUniquelyReferenced(&storage) else {
            self = other
            return
        }
        base.update(from: other.base, count: other.count)
        withExtendedLifetime(other.storage) {}
        count = other.count
    }

    /// Moves `count` words at `from` to `to` in the buffer at `w`; the two may overlap.
    @inline(__always) static func move(in w: UnsafeMutablePointer<Int64>, from: Int, to: Int, count: Int) {
        guard count > 0 else { return }
        UnsafeMutableRawPointer(w + to).copyMemory(from: w + from, byteCount: count * MemoryLayout<Int64>.stride)
    }

    static func == (a: Words, b: Words) -> Bool {
        let n = a.count
        guard n == b.count else { return false }
        if a.base == b.base { return true }
        defer { withExtendedLifetime((a.storage, b.storage)) {} }
        // Every word, with no early exit: the compiler makes this loop vector code, several
        // times faster than stopping at the first difference (exploration compares each
        // successor with its state).
        var differ: Int64 = 0
        for k in 0..<n { differ |= a.base[k] ^ b.base[k] }
        return differ == 0
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
