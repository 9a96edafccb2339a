struct ByteReader {
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
