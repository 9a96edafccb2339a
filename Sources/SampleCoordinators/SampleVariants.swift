import Foundation
@_spi(Engine) import CoordinatorModel
import NavFuzzKit

// Variants of the sample behind adapters that do what real adapters do, for NavFuzz's own tests
// and `SampleDriver`'s options: ids out of creation order, calls not offered, a log of calls.

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

/// The sample library behind an adapter that does not make a `push` under a modal.
public final class TopLayerPushes: NavigationSystem {
    public let inner: SampleSystem
    public let capabilities: Capabilities
    let claimsEverywhere: Bool

    /// `declared`: says so in `offeredOnlyOnTopLayer`; `claimsEverywhere`: answers `.notOffered` to every `push`.
    public init(_ inner: SampleSystem = SampleSystem(), declared: Bool, claimsEverywhere: Bool = false) {
        self.inner = inner
        var c = Capabilities()
        if declared { c.offeredOnlyOnTopLayer = [.push] }
        capabilities = c
        self.claimsEverywhere = claimsEverywhere
    }

    public func reset(configuration: Configuration) { inner.reset(configuration: configuration) }
    public func observedState() -> State { inner.observedState() }
    public var name: String { inner.name }

    public func apply(_ action: Action) -> SystemStep {
        if case .push(let c, _) = action {
            let s = inner.observedState()
            if claimsEverywhere || (s.index(of: c).map { s.modalCount(at: $0) > 0 } ?? false) { return .notOffered }
        }
        return inner.apply(action)
    }
}

/// The sample library behind an adapter that declares launches (`Capabilities.launches`)
/// and builds the root alone: its first state differs wherever a launch is asked for.
public final class LaunchIgnoring: NavigationSystem {
    public let inner: SampleSystem

    public init(_ inner: SampleSystem = SampleSystem()) { self.inner = inner }

    public var capabilities: Capabilities { var c = inner.capabilities; c.launches = true; return c }
    public var name: String { inner.name }
    public func reset(configuration: Configuration) { inner.reset(configuration: configuration) }
    public func apply(_ action: Action) -> SystemStep { inner.apply(action) }
    public func observedState() -> State { inner.observedState() }
}

/// The sample, writing every call it receives to a file, one line each, as it receives it:
/// two runs with one seed must write the same bytes (`SampleDriver --log FILE`).
public final class CallLogging: StateSavingSystem {
    public let inner: any NavigationSystem
    private let file: FileHandle?

    /// Appends to the file at `path`, made when missing: a log, line by line as the calls come,
    /// not a file anything reads while it is written.
    public init(_ inner: any NavigationSystem, path: String) {
        self.inner = inner
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        file = fd < 0 ? nil : FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    private func log(_ line: String) { file?.write(Data((line + "\n").utf8)) }

    public var capabilities: Capabilities { inner.capabilities }
    public var name: String { inner.name }
    public func reset(configuration: Configuration) throws(SystemFailure) {
        log("reset \(configuration)")
        try inner.reset(configuration: configuration)
    }
    public func apply(_ action: Action) throws(SystemFailure) -> SystemStep {
        log("\(action)")
        return try inner.apply(action)
    }
    public func observedState() throws(SystemFailure) -> State { try inner.observedState() }
    public func coordinatorObject(id: Int) -> AnyObject? { inner.coordinatorObject(id: id) }
    public func saveState(as id: Int) throws(SystemFailure) {
        log("save \(id)")
        try (inner as? any StateSavingSystem)?.saveState(as: id)
    }
    public func restoreState(_ id: Int) throws(SystemFailure) -> Bool {
        log("restore \(id)")
        return try (inner as? any StateSavingSystem)?.restoreState(id) ?? false
    }
    public func forgetSavedStates() { (inner as? any StateSavingSystem)?.forgetSavedStates() }
}
