import CAtomics

/// A counter the engine's workers share: relaxed fetch-and-add on a word of its own.
final class AtomicCounter: @unchecked Sendable {
    private let word: UnsafeMutablePointer<Int>

    init(_ value: Int) {
        word = .allocate(capacity: 1)
        word.initialize(to: value)
    }

    deinit { word.deallocate() }

    /// Adds `n` and returns the value before.
    func add(_ n: Int) -> Int { navfuzz_fetch_add(word, n) }
}
