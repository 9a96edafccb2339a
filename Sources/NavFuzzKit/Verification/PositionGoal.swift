@_spi(Engine) import CoordinatorModel
import Foundation

/// An action kind taken with its target at one position (docs/VERIFY.md §1, Positions).
/// A flow on its parent's router (`startShared`) is a position of its own: its finish removes
/// its entry only, where another flow's takes the screens above it too.
struct PositionGoal: Hashable {
    let kind: ActionName
    let position: Position
    let shared: Bool

    var name: String { "\(kind.rawValue) at \(position.rawValue)" + (shared ? " (shared router)" : "") }
}
