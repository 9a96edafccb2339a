@_spi(Engine) import CoordinatorModel
import Dispatch
import Foundation

/// Saved states for a main-actor adapter, optional (see `StateSavingSystem`).
@MainActor
public protocol AsyncStateSavingSystem: AsyncNavigationSystem {
    /// Keeps the current state under `id` until `forgetSavedStates()`.
    func saveState(as id: Int) async throws(SystemFailure)
    /// Brings back the state saved under `id` exactly; false when it is no longer there.
    func restoreState(_ id: Int) async throws(SystemFailure) -> Bool
    /// Drops every saved state.
    func forgetSavedStates() async
}
