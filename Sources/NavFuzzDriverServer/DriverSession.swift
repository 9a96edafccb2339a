@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One conversation with NavFuzz: requests in, replies out. Step replies carry the state (or
/// say it is unchanged), saving a round trip, and the ids of ended coordinators whose objects
/// are still alive (`leaked`), which only the driver's process can see. A system that saves
/// states offers `save` and `restore` in the handshake. Sendable: it is handed to the thread
/// that serves it, and only that thread uses it.
package final class DriverSession: @unchecked Sendable {
    package let name: String
    package let system: DrivenSystem
    private let leaks = LeakTracker()
    /// The state after the last reset, step or restore, for the checks of the next step.
    private var current: State?
    /// The state each saved state was saved in, so that a restore needs no new look.
    private var savedStates: [Int: State] = [:]
    /// Actions by their text: exploration sends the same few again and again.
    private var parsed: [String: Action] = [:]
    private var outputFD: Int32 = 1

    package init(name: String, system: DrivenSystem) {
        self.name = name
        self.system = system
    }

    /// Serves requests until standard input closes. Returns the exit status (0). Requests that
    /// arrive together (NavFuzz sends the steps of a state at once) are answered a kilobyte of
    /// replies at a time: few writes, and NavFuzz reads replies while the rest are made.
    /// `input` and `output` are file descriptors: a test binary run again as a driver answers
    /// on another one than standard output, which its test framework writes to.
    package func run(input inputFD: Int32 = 0, output outputFD: Int32 = 1) -> Int32 {
        self.outputFD = outputFD
        var out: [UInt8] = []
        out.reserveCapacity(65536)
        var input = [UInt8](repeating: 0, count: 65536)
        var buffered: [UInt8] = []
        var start = 0
        while true {
            while let nl = buffered[start...].firstIndex(of: 10) {
                var end = nl
                if end > start && buffered[end - 1] == 13 { end -= 1 }
                respond(to: buffered[start ..< end], into: &out)
                out.append(10)
                start = nl + 1
                if out.count >= 1024 {
                    if !writeAll(out) { return 0 }
                    out.removeAll(keepingCapacity: true)
                }
            }
            if !out.isEmpty {
                if !writeAll(out) { return 0 }
                out.removeAll(keepingCapacity: true)
            }
            if start > 0 {
                buffered.removeSubrange(0 ..< start)
                start = 0
            }
            let n = input.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return 0 }
            buffered.append(contentsOf: input[0 ..< n])
        }
    }

    /// Appends the reply to one request line (without the newline).
    package func respond(to line: String, into out: inout [UInt8]) {
        var line = line
        line.withUTF8 { respond(to: $0[...], into: &out) }
    }

    /// Steps, restores and saves as NavFuzz writes them are read straight from the bytes (the
    /// hot path); everything else goes through `DriverJSON`.
    func respond<Bytes: BidirectionalCollection<UInt8>>(to line: Bytes, into out: inout [UInt8]) where Bytes.Index == Int {
        if let (text, brief) = Self.stepRequest(line), let action = action(text) {
            step(action, brief: brief, into: &out)
        } else if let id = Self.numbered(#"{"cmd":"restore","id":"#, line) {
            restore(id).write(into: &out)
        } else if let id = Self.numbered(#"{"cmd":"save","id":"#, line) {
            save(id).write(into: &out)
        } else {
            handle(String(decoding: line, as: UTF8.self)).write(into: &out)
        }
    }

    // MARK: - Requests

    private func step(_ action: Action, brief: Bool, into out: inout [UInt8]) {
        guard let before = current else { return DriverMessages.errorReply("step before reset").write(into: &out) }
        do {
            let step = try system.apply(action)
            let after: State
            if let s = step.state { after = s } else { after = try system.observedState() }
            let leaked = step.leaked ?? leaks.leaked(before: before, after: after, system: system)
            current = after
            // A replayed step needs no snapshot, nor one that changed nothing.
            let unchanged = !brief && after.sameCoordinators(as: before)
            WireForm.writeStep(outcome: step.outcome, events: step.events, state: brief || unchanged ? nil : after,
                                          leaked: leaked, unchanged: unchanged, notOffered: step.notOffered, top: step.top, selected: step.selected, into: &out)
        } catch {
            DriverMessages.errorReply(error.message).write(into: &out)
        }
    }

    private func reset(_ configuration: Configuration) throws(SystemFailure) -> State {
        try system.reset(configuration: configuration)
        let state = try system.observedState()
        leaks.reset(state, system: system)
        current = state
        return state
    }

    private func save(_ id: Int) -> DriverJSON {
        guard system.canSaveState else { return DriverMessages.errorReply("this driver does not save states") }
        guard let state = current else { return DriverMessages.errorReply("save before reset") }
        do { try system.saveState(as: id) } catch { return DriverMessages.errorReply(error.message) }
        savedStates[id] = state
        return .object([])
    }

    private func restore(_ id: Int) -> DriverJSON {
        guard system.canSaveState else { return DriverMessages.errorReply("this driver does not save states") }
        do {
            guard try system.restoreState(id), let state = savedStates[id] else { return .object([("restored", .bool(false))]) }
            leaks.reset(state, system: system)
            current = state
            return .object([("restored", .bool(true))])
        } catch {
            return DriverMessages.errorReply(error.message)
        }
    }

    private func action(_ text: String) -> Action? {
        if let known = parsed[text] { return known }
        guard let action = try? Action(parsing: text) else { return nil }
        if parsed.count < 100_000 { parsed[text] = action }
        return action
    }

    /// One request line → one reply: handshakes, resets, snapshots, forgets and anything the
    /// fast path did not take, with an error reply naming what is wrong.
    func handle(_ line: String) -> DriverJSON {
        let request: DriverJSON
        do { request = try DriverJSON(parsing: line) } catch {
            return DriverMessages.errorReply("request is not JSON: \(error)")
        }
        if request["navfuzz"] != nil {
            return DriverMessages.helloReply(name: name, capabilities: system.capabilities, restores: system.canSaveState,
                                             overlaps: system.runsOverlaps)
        }
        do {
            switch request["cmd"]?.string {
            case "reset":
                guard let json = request["configuration"] else { return DriverMessages.errorReply("reset: expected field 'configuration'") }
                return DriverMessages.snapshotReply(Snapshot(try reset(try DriverMessages.configuration(from: json))))
            case "step":
                guard let text = request["action"]?.string else { return DriverMessages.errorReply("step: expected field 'action' (a string)") }
                let action: Action
                do { action = try Action(parsing: text) } catch {
                    return DriverMessages.errorReply("step: cannot parse action '\(text)': \(error)")
                }
                var out: [UInt8] = []
                step(action, brief: request["snapshot"] == .bool(false), into: &out)
                return try DriverJSON(parsing: out[...])
            case "overlap":
                guard system.runsOverlaps else { return DriverMessages.errorReply("overlap: this driver's calls do not overlap (it hands over no suspension points)") }
                let (configuration, path, overlap) = try DriverMessages.overlapRequest(from: request)
                let result = try system.overlap(configuration: configuration, path: path, overlap)
                // The next request starts from a reset.
                current = nil
                return DriverMessages.overlapReply(result)
            case "snapshot":
                return DriverMessages.snapshotReply(Snapshot(try system.observedState()))
            case "save", "restore":
                guard let id = request["id"]?.int else { return DriverMessages.errorReply("\(request["cmd"]?.string ?? ""): expected field 'id' (a whole number)") }
                return request["cmd"]?.string == "save" ? save(id) : restore(id)
            case "forget":
                system.forgetSavedStates()
                savedStates.removeAll()
                return .object([])
            default:
                return DriverMessages.errorReply("expected a handshake or field 'cmd' (reset, step, snapshot, save, restore, forget or overlap)")
            }
        } catch let e as DriverFieldError {
            return DriverMessages.errorReply(e.description)
        } catch let e as SystemFailure {
            return DriverMessages.errorReply(e.message)
        } catch {
            return DriverMessages.errorReply("\(error)")
        }
    }

    // MARK: - The fast path

    /// The action text of `{"cmd":"step","action":"…"}`, with `,"snapshot":false` before the
    /// brace when the reply needs no snapshot, exactly as NavFuzz writes it.
    static func stepRequest<Bytes: Collection<UInt8>>(_ line: Bytes) -> (String, brief: Bool)? where Bytes.Index == Int {
        let head = #"{"cmd":"step","action":""#.utf8
        guard line.count > head.count + 2, line.starts(with: head) else { return nil }
        let from = line.startIndex + head.count
        guard let quote = line[from...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let text = line[from ..< quote]
        if text.contains(UInt8(ascii: "\\")) { return nil }
        let tail = line[(quote + 1)...]
        if tail.elementsEqual("}".utf8) { return (String(decoding: text, as: UTF8.self), false) }
        if tail.elementsEqual(#","snapshot":false}"#.utf8) { return (String(decoding: text, as: UTF8.self), true) }
        return nil
    }

    /// N of `PREFIX N}`.
    static func numbered<Bytes: BidirectionalCollection<UInt8>>(_ prefix: String, _ line: Bytes) -> Int? where Bytes.Index == Int {
        guard line.starts(with: prefix.utf8), line.last == UInt8(ascii: "}") else { return nil }
        let digits = line[(line.startIndex + prefix.utf8.count) ..< (line.endIndex - 1)]
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buf in buf.baseAddress.map { write(outputFD, $0 + offset, buf.count - offset) } ?? 0 }
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return false }
        }
        return true
    }
}
