@_exported import CoordinatorModel
@_spi(Engine) import CoordinatorModel

/// Saved states, optional: exploration then extends a state by one step instead of replaying
/// the path to it from `reset`, with the same results, faster (docs/VERIFY.md §2.2).
public protocol StateSavingSystem: NavigationSystem {
    /// Keeps the current state under `id` until `forgetSavedStates()`.
    func saveState(as id: Int) throws(SystemFailure)
    /// Brings back the state saved under `id`, exactly: the same coordinators with the same ids.
    /// False when it is no longer there.
    func restoreState(_ id: Int) throws(SystemFailure) -> Bool
    /// Drops every saved state.
    func forgetSavedStates()
}
