/// A tab page name from the configured page universe (`p0`, `p1`, …).
public struct Page: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number after `p`.
    public var index: UInt8
    /// The page `p<index>`.
    public init(_ index: Int) { self.index = UInt8(truncatingIfNeeded: index) }
    /// Orders pages by number.
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
    /// `p<index>`, as in the text form.
    public var description: String { "p\(index)" }
}
