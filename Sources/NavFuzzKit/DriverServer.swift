import CoordinatorModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The driver side of the protocol for Swift implementations: serves a `NavigationSystem` on
/// standard input and output, so that an adapter becomes a driver program in a few lines
/// (see Sources/SampleDriver/main.swift). Step replies carry the snapshot, saving a round trip,
/// and the ids of ended coordinators whose objects are still alive (`leaked`), which only the
/// driver's process can see.
public final class DriverServer {
    public let name: String
    public let system: NavigationSystem
    private let leaks = LeakTracker()
    /// The state after the last reset or step, for the leak check of the next step.
    private var current: State?

    public init(name: String, system: NavigationSystem) {
        self.name = name
        self.system = system
    }

    /// Serves requests until standard input closes. Returns the exit status (0).
    public func run() -> Int32 {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        while let line = readLine(strippingNewline: true) {
            out.removeAll(keepingCapacity: true)
            respond(to: line, into: &out)
            out.append(10)
            if !writeAll(out) { return 0 }
        }
        return 0
    }

    /// Appends the reply to one request line (without the newline). Resets and steps write
    /// their replies directly from the state (the hot path); the rest goes through `DriverJSON`.
    public func respond(to line: String, into out: inout [UInt8]) {
        if let written = handleFast(line, leaks: leaks, current: &current, into: &out), written { return }
        handle(line, leaks: leaks, current: &current).write(into: &out)
    }

    /// Steps and resets; nil or false to let `handle` answer (errors, handshakes, snapshots).
    private func handleFast(_ line: String, leaks: LeakTracker, current: inout State?, into out: inout [UInt8]) -> Bool? {
        guard let request = try? DriverJSON(parsing: line) else { return nil }
        switch request["cmd"]?.string {
        case "step":
            guard let text = request["action"]?.string, let action = try? Action(parsing: text), let before = current else { return nil }
            do {
                let step = try system.apply(action)
                let after: State
                if let s = step.state { after = s } else { after = try system.observedState() }
                let leaked = step.leaked ?? leaks.leaked(before: before, after: after, system: system)
                current = after
                // A replayed step needs no snapshot, nor one that changed nothing.
                let brief = request["snapshot"] == .bool(false)
                let unchanged = !brief && after.sameCoordinators(as: before)
                DriverMessages.writeStepReply(outcome: step.outcome, events: step.events, state: brief || unchanged ? nil : after,
                                              leaked: leaked, unchanged: unchanged, into: &out)
                return true
            } catch {
                DriverMessages.errorReply(error.message).write(into: &out)
                return true
            }
        case "reset":
            guard let json = request["configuration"], let configuration = try? DriverMessages.configuration(from: json) else { return nil }
            do {
                try system.reset(configuration: configuration)
                let state = try system.observedState()
                leaks.reset(state, system: system)
                current = state
                DriverMessages.writeSnapshotReply(state, into: &out)
                return true
            } catch {
                DriverMessages.errorReply(error.message).write(into: &out)
                return true
            }
        default:
            return nil
        }
    }

    /// One request line → one reply.
    func handle(_ line: String, leaks: LeakTracker, current: inout State?) -> DriverJSON {
        let request: DriverJSON
        do { request = try DriverJSON(parsing: line) } catch {
            return DriverMessages.errorReply("request is not JSON: \(error)")
        }
        if request["navfuzz"] != nil {
            return DriverMessages.helloReply(name: name, actions: system.supportedActions, styles: system.supportedStyles,
                                             restores: system.canSaveState)
        }
        do {
            switch request["cmd"]?.string {
            case "reset":
                guard let json = request["configuration"] else { return DriverMessages.errorReply("reset: expected field 'configuration'") }
                let configuration = try DriverMessages.configuration(from: json)
                try system.reset(configuration: configuration)
                let state = try system.observedState()
                leaks.reset(state, system: system)
                current = state
                return DriverMessages.snapshotReply(Snapshot(state))
            case "step":
                guard let text = request["action"]?.string else { return DriverMessages.errorReply("step: expected field 'action' (a string)") }
                let action: Action
                do { action = try Action(parsing: text) } catch {
                    return DriverMessages.errorReply("step: cannot parse action '\(text)': \(error)")
                }
                guard let before = current else { return DriverMessages.errorReply("step before reset") }
                let step = try system.apply(action)
                let after: State
                if let s = step.state { after = s } else { after = try system.observedState() }
                let leaked = step.leaked ?? leaks.leaked(before: before, after: after, system: system)
                current = after
                return DriverMessages.stepReply(outcome: step.outcome, events: step.events, snapshot: Snapshot(after), leaked: leaked)
            case "snapshot":
                return DriverMessages.snapshotReply(try system.snapshot())
            case "save", "restore":
                guard system.canSaveState else { return DriverMessages.errorReply("this driver does not save states") }
                guard let id = request["id"]?.int else { return DriverMessages.errorReply("\(request["cmd"]?.string ?? ""): expected field 'id' (a whole number)") }
                if request["cmd"]?.string == "save" {
                    try system.saveState(as: id)
                    return .object([])
                }
                guard try system.restoreState(id) else { return .object([("restored", .bool(false))]) }
                let state = try system.observedState()
                leaks.reset(state, system: system)
                current = state
                return .object([("restored", .bool(true))])
            case "forget":
                system.forgetSavedStates()
                return .object([])
            default:
                return DriverMessages.errorReply("expected a handshake or field 'cmd' (reset, step, snapshot, save, restore or forget)")
            }
        } catch let e as DriverFieldError {
            return DriverMessages.errorReply(e.description)
        } catch let e as SystemFailure {
            return DriverMessages.errorReply(e.message)
        } catch {
            return DriverMessages.errorReply("\(error)")
        }
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buf in buf.baseAddress.map { write(1, $0 + offset, buf.count - offset) } ?? 0 }
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return false }
        }
        return true
    }
}
