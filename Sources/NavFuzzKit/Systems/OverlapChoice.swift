/// What goes on next while calls overlap; calls are numbered from 0 in the order they start.
package enum OverlapChoice: Sendable, Hashable {
    /// Call `n` starts.
    case start(Int)
    /// Call `n` goes on from the point where it waits.
    case resume(Int)

    /// The call it moves.
    package var call: Int {
        switch self {
        case .start(let c), .resume(let c): c
        }
    }
}
