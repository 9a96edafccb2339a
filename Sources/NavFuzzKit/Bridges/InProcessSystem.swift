@_exported import CoordinatorModel
@_spi(Engine) import CoordinatorModel

/// An in-process synchronous adapter as the engine drives it.
package final class InProcessSystem: DrivenSystem {
    let system: any NavigationSystem
    private let saving: (any StateSavingSystem)?
    package let capabilities: Capabilities
    package let name: String

    package init(_ system: any NavigationSystem) {
        self.system = system
        saving = system as? any StateSavingSystem
        capabilities = system.capabilities
        name = system.name
    }

    package func reset(configuration: Configuration) throws(SystemFailure) { try system.reset(configuration: configuration) }
    package func apply(_ action: Action) throws(SystemFailure) -> SystemStep { try system.apply(action) }
    package func observedState() throws(SystemFailure) -> State { try system.observedState() }
    package func coordinatorObject(id: Int) -> AnyObject? { system.coordinatorObject(id: id) }

    package var canSaveState: Bool { saving != nil }
    package func saveState(as id: Int) throws(SystemFailure) { try saving?.saveState(as: id) }
    package func restoreState(_ id: Int) throws(SystemFailure) -> Bool { try saving?.restoreState(id) ?? false }
    package func forgetSavedStates() { saving?.forgetSavedStates() }
}
