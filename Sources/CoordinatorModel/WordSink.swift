/// Words written to memory the caller sized and zeroed (the decoder's): a write checks only
/// that it stays inside.
struct WordSink {
    let base: UnsafeMutableBufferPointer<Int64>
    /// The words written so far; moved forward over zeros to skip them.
    var count = 0 {
        willSet { precondition(newValue >= 0 && newValue <= base.count) }
    }
    init(_ base: UnsafeMutableBufferPointer<Int64>) { self.base = base }
    mutating func append(_ w: Int64) {
        precondition(count < base.count)
        base[count] = w; count += 1
    }
    subscript(k: Int) -> Int64 {
        get { base[k] }
        nonmutating set { precondition(k >= 0 && k < base.count); base[k] = newValue }
    }
}
