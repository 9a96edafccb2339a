import CAtomics

/// A counter the engine's workers share: relaxed fetch-and-add on a word of its own. A struct
/// around a pointer, so that closures capture it without reference counting (a class here cost
/// the exploration loop a retain and release per transition); whoever makes one frees it.
struct AtomicCounter: @unchecked Sendable {
    private let word: UnsafeMutablePointer<Int>

    init(_ value: Int) {
        word = .allocate(capacity: 1)
        word.initialize(to: value)
    }

    /// Adds `n` and returns the value before.
    func add(_ n: Int) -> Int { navfuzz_fetch_add(word, n) }

    func free() { word.deallocate() }
}
