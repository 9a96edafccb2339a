/// Structure bounds of docs/SEMANTICS.md §6: a state is within bounds when it has at most
/// `maxCoordinators` live coordinators (tab pages included), every stack at most `maxStack`
/// entries and every modal list at most `maxModals`.
@_spi(Engine) public struct Bounds: Hashable, Sendable, CustomStringConvertible {
    @_spi(Engine) public var maxCoordinators: Int
    @_spi(Engine) public var maxStack: Int
    @_spi(Engine) public var maxModals: Int

    @_spi(Engine) public init(maxCoordinators: Int, maxStack: Int, maxModals: Int) {
        self.maxCoordinators = maxCoordinators; self.maxStack = maxStack; self.maxModals = maxModals
    }

    @_spi(Engine) public static let unbounded = Bounds(maxCoordinators: .max, maxStack: .max, maxModals: .max)

    @_spi(Engine) public func contains(_ state: State) -> Bool {
        if state.count > maxCoordinators { return false }
        for i in state.positions where state.stackCount(at: i) > maxStack || state.modalCount(at: i) > maxModals {
            return false
        }
        return true
    }

    @_spi(Engine) public var description: String { "\(maxCoordinators)/\(maxStack)/\(maxModals)" }
}
