import Foundation
@_spi(Engine) import CoordinatorModel
import NavFuzzKit

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
