/// A stable 64-bit fingerprint of a byte string: the same on every run and platform (never
/// Swift's randomly seeded `Hasher`). Eight bytes at a time, multiply-xorshift mixing, and the
/// SplitMix64 finalizer.
@_spi(Engine) public enum Fingerprint {
    @_spi(Engine) public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var i = 0
        let n = bytes.count
        while i + 8 <= n {
            let w = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            h = (h ^ mix(w)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < n {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ mix(tail ^ 0xA5)) &* 0x94D0_49BB_1331_11EB
        return mix(h)
    }

    @_spi(Engine) public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    @_spi(Engine) public static func of(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    /// SplitMix64's finalizer: a bijection that spreads every input bit over the output.
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
