/// A screen name from the configured route alphabet (`r0`, `r1`, …).
public struct Route: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number after `r`.
    public var index: UInt8
    /// The route `r<index>`.
    public init(_ index: Int) { self.index = UInt8(truncatingIfNeeded: index) }
    /// Orders routes by number.
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
    /// `r<index>`, as in the text form.
    public var description: String { "r\(index)" }
}
