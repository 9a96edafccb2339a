import Foundation
@_spi(Engine) import CoordinatorModel
import NavFuzzKit

/// The sample behind another numbering: exposed id = (own id XOR 5) + 10, which is not even
/// monotonic. Offers no `overlay` and records whether it was ever asked for one.
public final class RenumberingSystem: NavigationSystem {
    public let inner: SampleSystem
    public var initialSetRoot: Route?
    /// Whether an `overlay` was ever asked for.
    public private(set) var sawOverlay = false

    public init(_ inner: SampleSystem, initialSetRoot: Route? = nil) { self.inner = inner; self.initialSetRoot = initialSetRoot }

    public static func out(_ id: CoordinatorID) -> CoordinatorID { CoordinatorID(Int(id.index ^ 5) + 10) }
    public static func into(_ id: CoordinatorID) -> CoordinatorID { id.index >= 10 ? CoordinatorID(Int((id.index - 10) ^ 5)) : CoordinatorID(1_000_000) }

    public var capabilities: Capabilities {
        Capabilities(styles: Set(Style.allCases).subtracting([.overlay]), receivesInvalidCalls: true)
    }

    public func reset(configuration: Configuration) {
        inner.reset(configuration: configuration)
        if let r = initialSetRoot { _ = inner.apply(.setRoot(CoordinatorID(0), r)) }
    }

    public func apply(_ action: Action) -> SystemStep {
        if case .present(_, _, .overlay) = action { sawOverlay = true }
        var step = inner.apply(action.retargeted(Self.into))
        step.events = step.events.map { Completion(Self.out($0.coordinator), $0.result) }
        return step
    }

    public func observedState() -> State {
        let s = inner.observedState()
        func entry(_ e: Entry) -> Entry { e.child.map { .child(Self.out($0)) } ?? e }
        return State(coordinators: s.coordinators.map { c in
            var c = c
            c.id = Self.out(c.id)
            c.parent = c.parent.map(Self.out)
            c.children = c.children.map(Self.out)
            c.stack = c.stack.map(entry)
            c.modals = c.modals.map { Modal($0.style, entry($0.entry)) }
            if var tab = c.tab {
                tab.pageCoordinators = tab.pageCoordinators.map(Self.out)
                c.tab = tab
            }
            return c
        }, root: Self.out(s.root))
    }

    public func coordinatorObject(id: Int) -> AnyObject? { inner.coordinatorObject(id: Int(Self.into(CoordinatorID(id)).index)) }
}
