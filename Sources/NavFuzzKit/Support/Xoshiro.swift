/// The engine's own pseudo-random numbers. Swift's `SystemRandomNumberGenerator` and the
/// stdlib's `random(in:using:)` algorithms are not promised to stay the same across releases,
/// and a fuzz run must be replayable from its seed on any toolchain, so every random choice the
/// fuzzer makes goes through two small, fixed algorithms: this one, seeded by `SplitMix64`.
///
/// xoshiro256** (Blackman, Vigna 2018): the generator of every walk. Small (32 bytes), fast,
/// and good enough for testing; its state is seeded through SplitMix64 so that it never starts
/// all-zero.
@_spi(Engine) public struct Xoshiro: Sendable {
    var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    @_spi(Engine) public init(seed: UInt64) {
        var sm = SplitMix64(seed: seed)
        s0 = sm.next(); s1 = sm.next(); s2 = sm.next(); s3 = sm.next()
    }

    @inline(__always)
    @_spi(Engine) public mutating func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    @inline(__always)
    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 &- k)) }

    /// A number in `0 ..< n` (0 when `n <= 0`), without modulo bias (Lemire's multiply-shift
    /// with rejection).
    @inline(__always)
    @_spi(Engine) public mutating func below(_ n: Int) -> Int {
        guard n > 1 else { return 0 }
        let bound = UInt64(n)
        var m = next().multipliedFullWidth(by: bound)
        if m.low < bound {
            let threshold = (0 &- bound) % bound
            while m.low < threshold { m = next().multipliedFullWidth(by: bound) }
        }
        return Int(m.high)
    }

    /// True with probability 1/2.
    @inline(__always)
    @_spi(Engine) public mutating func coin() -> Bool { next() >> 63 == 1 }

    /// True with probability `numerator / denominator`.
    @inline(__always)
    @_spi(Engine) public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { below(denominator) < numerator }

    /// A uniformly chosen element, or nil when the collection is empty.
    @inline(__always)
    @_spi(Engine) public mutating func element<C: RandomAccessCollection>(of c: C) -> C.Element? where C.Index == Int {
        c.isEmpty ? nil : c[c.startIndex + below(c.count)]
    }

    /// The seed of walk `index` of a run seeded with `seed`: it depends on nothing else, so a
    /// walk is the same whichever worker runs it and however many walks run before it.
    @_spi(Engine) public static func walkSeed(_ seed: UInt64, walk index: Int) -> UInt64 {
        var sm = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD605_BBB5_8C8A_BBA5))
        _ = sm.next()
        return sm.next()
    }
}
