import Dispatch
import Foundation

/// One slot per chunk, each written by exactly one worker.
final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    init(count: Int) { slots = [T?](repeating: nil, count: count) }
    subscript(i: Int) -> T? {
        get { slots[i] }
        set { slots.withUnsafeMutableBufferPointer { $0[i] = newValue } }
    }
    var values: [T?] { slots }
}
