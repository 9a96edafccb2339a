/// A coordinator's identity. In a trace ids are allocated in creation order (`c0` is the root)
/// and never reused; canonical states renumber them in hosting order.
public struct CoordinatorID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number after `c`.
    public var index: Int32
    /// The id `c<index>`.
    public init(_ index: Int) { self.index = Int32(truncatingIfNeeded: index) }
    /// Orders ids by number.
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
    /// `c<index>`, as in the text form.
    public var description: String { "c\(index)" }
}
