/// Structure bounds of docs/SEMANTICS.md §6: a state is within bounds when it has at most
/// `maxCoordinators` live coordinators (tab pages included), every stack at most `maxStack`
/// entries and every modal list at most `maxModals`.
package struct Bounds: Hashable, Sendable, CustomStringConvertible {
    package var maxCoordinators: Int
    package var maxStack: Int
    package var maxModals: Int

    package init(maxCoordinators: Int, maxStack: Int, maxModals: Int) {
        self.maxCoordinators = maxCoordinators; self.maxStack = maxStack; self.maxModals = maxModals
    }

    package static let unbounded = Bounds(maxCoordinators: .max, maxStack: .max, maxModals: .max)

    package func contains(_ state: State) -> Bool {
        if state.count > maxCoordinators { return false }
        for i in state.positions where state.stackCount(at: i) > maxStack || state.modalCount(at: i) > maxModals {
            return false
        }
        return true
    }

    package var description: String { "\(maxCoordinators)/\(maxStack)/\(maxModals)" }
}
