/// Bytes written to memory the caller sized (see `CanonicalWriter.bound`): appending to an
/// array checks its capacity and uniqueness on every byte.
struct ByteSink {
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
