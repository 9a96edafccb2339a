import Foundation

/// A state a shard expanded, by number, and its transitions.
struct Expansion: Sendable {
    var state: Int
    var transitions: UInt32
    var refused: UInt32
}
