/// SplitMix64 (Steele, Lea, Flood 2014): turns any 64-bit seed, even 0 or 1, into well-mixed
/// words. Used only to seed `Xoshiro` and to derive per-walk seeds.
@_spi(Engine) public struct SplitMix64: Sendable {
    @_spi(Engine) public var state: UInt64

    @_spi(Engine) public init(seed: UInt64) { state = seed }

    @inline(__always)
    @_spi(Engine) public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
