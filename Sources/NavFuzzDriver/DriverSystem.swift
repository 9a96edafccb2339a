@_spi(Engine) import CoordinatorModel
import Dispatch
import Foundation
import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An implementation under test in another process: a driver program that speaks the JSON Lines
/// protocol of docs/DRIVER-PROTOCOL.md on its standard input and output. Runs
/// `/bin/sh -c COMMAND`, waits for every reply with `poll()` and a deadline (no threads), and
/// keeps the tail of the driver's standard error for reports.
///
/// A driver that does not answer in time is killed (`no-hang`); one that dies is noted
/// (`no-crash`); either way the next `reset` starts a fresh process. A reply that does not
/// follow the protocol throws a `protocolError` naming the reply's line number.
package final class DriverSystem: DrivenSystem {
    package let driver: Driver
    /// How errors name the driver: its command, or its address.
    package var command: String { driver.text }
    /// Seconds a reset, step or snapshot may take.
    package let timeout: Double
    /// Seconds the driver may take to start and answer the handshake.
    package let startupTimeout: Double
    /// The name the driver gave in its handshake.
    package private(set) var name = ""
    /// What the driver offers, from its handshake.
    package private(set) var capabilities = Capabilities(actions: [])
    /// How many times the driver was started again after a crash or a hang.
    package private(set) var restarts = 0
    /// Whether the driver saves and restores states (the handshake's `restore` field).
    package private(set) var canSaveState = false
    /// Bytes of standard error kept for reports.
    package static let stderrLimit = 8192
    /// The longest reply line read (a snapshot of thousands of coordinators is a few MB): a
    /// driver that writes without end is a protocol error, not a NavFuzz out of memory.
    package static let replyLimit = 64 << 20

    private var process: DriverProcess?
    private var input: Int32 = -1
    private var output: Int32 = -1
    private var errors: Int32 = -1
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// Step replies read before, by their bytes: exploration meets the same states again and
    /// again, and a state read once shares its storage from then on.
    private var readSteps: [UInt64: (line: [UInt8], step: SystemStep)] = [:]
    private static let readStepsLimit = 1 << 16
    /// Reused by every read, so that reading allocates nothing.
    private var readBuffer = [UInt8](repeating: 0, count: 16384)
    private var stderrTail: [UInt8] = []
    /// Bytes of standard error read so far, over all runs of the driver.
    private(set) var stderrTotal = 0
    /// `stderrTotal` when the current process started.
    private var stderrAtStart = 0
    /// Lines read from the current process, for "driver reply N" in errors.
    private var replies = 0
    private var started = 0
    /// The state the last reply carried, until the next request.
    private var lastState: State?
    /// Requests sent with the next one, whose replies are only checked: a reset before a
    /// replay, replayed steps, saves and restores. Nothing is chosen by their replies, so they
    /// need not cost a round trip each.
    private var queued: [DriverRequest] = []
    /// The ids saved by the driver process running now.
    private var savedIDs: Set<Int> = []
    /// Requests written before they were asked for (`announce`), oldest first; the calls that
    /// make them take their replies.
    private var ahead: [DriverRequest] = []
    /// Where the untaken announced requests start in `ahead`: taking one moves no others.
    private var aheadStart = 0
    /// Announced requests whose replies were read and thrown away, because another call came.
    package private(set) var aheadDropped = 0
    /// Announced requests whose replies the calls they were announced for took.
    package private(set) var aheadTaken = 0
    /// How the driver died while announced requests were written: the next call says so.
    private var deferredFailure: SystemFailure?
    /// `replies` when the current exchange began, and the seconds it gives each reply.
    private var exchangeStart = 0
    private var waited = 0.0
    private var restartingAfterDeath = false

    /// Starts the driver and performs the handshake. Throws when the command cannot be started,
    /// dies, hangs, or does not answer the handshake as the protocol says.
    package init(driver: Driver, timeout: Double = 5, startupTimeout: Double = 30) throws(SystemFailure) {
        self.driver = driver
        self.timeout = max(timeout, 0.001)
        self.startupTimeout = max(startupTimeout, self.timeout)
        do { try start() } catch {
            var failure = error
            failure.diagnostics = diagnostics
            stop()
            throw failure
        }
    }

    package convenience init(command: String, timeout: Double = 5, startupTimeout: Double = 30) throws(SystemFailure) {
        try self.init(driver: .command(command), timeout: timeout, startupTimeout: startupTimeout)
    }

    deinit { stop() }

    // MARK: - DrivenSystem

    /// Queues the reset: it goes with the next request, which follows it anyway.
    package func reset(configuration: Configuration) throws(SystemFailure) {
        if process == nil {
            restarts += 1
            try start()
        }
        lastState = nil
        queued.append(.reset(configuration))
    }

    /// Queues every step but the last, without snapshots, and sends them with the last.
    package func replay(_ actions: [Action]) throws(SystemFailure) -> State {
        guard let last = actions.last else { return try observedState() }
        for a in actions.dropLast() { queued.append(.step(a, snapshot: false)) }
        let step = try apply(last)
        if let state = step.state { return state }
        return try observedState()
    }

    package func saveState(as id: Int) throws(SystemFailure) {
        guard canSaveState else { return }
        queued.append(.save(id))
        savedIDs.insert(id)
    }

    /// Queues the restore when this driver process saved `id`; false (nothing sent) when it
    /// did not, after a restart.
    package func restoreState(_ id: Int) throws(SystemFailure) -> Bool {
        guard canSaveState, process != nil, savedIDs.contains(id) else { return false }
        lastState = nil
        queued.append(.restore(id))
        return true
    }

    package func forgetSavedStates() {
        guard canSaveState, process != nil, !savedIDs.isEmpty else { return }
        savedIDs.removeAll()
        queued.append(.forget)
    }

    package var takesAnnouncements: Bool { true }

    /// Whether the driver runs `overlap` requests (the handshake's `overlaps: true`).
    package private(set) var runsOverlaps = false
    /// What the handshake said of overlapping calls: nil when it did not say.
    private var saysOverlaps: Bool?

    /// A driver whose handshake does not say whether its calls overlap may have calls that do.
    package var overlapsNotRun: String? {
        saysOverlaps == nil
            ? "not run: the driver's handshake does not say whether its calls overlap (field 'overlaps'), so calls that overlap in the implementation were not checked"
            : nil
    }

    /// Sends the reset, the path and the calls in one request; the driver runs them with its
    /// own scheduler, which holds the adapter's suspension points. The reply may take a
    /// timeout per step of the path and two for the calls (the driver's watchdog).
    package func overlap(configuration: Configuration, path: [Action], _ request: OverlapRequest) throws(SystemFailure) -> OverlapResult {
        if process == nil {
            restarts += 1
            try start()
        }
        // The request resets the driver itself.
        if let last = queued.last, case .reset = last { queued.removeLast() }
        var request = request
        request.timeout = timeout
        let wanted = DriverRequest.overlap(configuration, path, request)
        let (reply, n) = try self.request(wanted, seconds: timeout * Double(path.count + 3))
        do {
            return try DriverMessages.overlapResult(from: reply, calls: request.calls.count)
        } catch {
            throw protocolError(n, error.description)
        }
    }

    /// Writes the announced calls' requests now; the calls then match them by value.
    package func announce(_ calls: [AnnouncedCall]) {
        guard process != nil, !calls.isEmpty else { return }
        var bytes: [UInt8] = []
        if aheadStart == ahead.count { ahead.removeAll(keepingCapacity: true); aheadStart = 0 }
        let first = ahead.count
        for call in calls {
            let request: DriverRequest
            switch call {
            case .reset(let c): request = .reset(c)
            case .restore(let id): request = .restore(id)
            case .save(let id): request = .save(id)
            case .step(let a, let snapshot): request = .step(a, snapshot: snapshot)
            }
            request.write(into: &bytes)
            ahead.append(request)
        }
        waited = timeout
        do { try send(bytes, what: ahead[first].what, deadline: now() + timeout) } catch {
            var failure = error
            failure.uncertain = failure.kind != .protocolError
            deferredFailure = failure
        }
    }

    /// Reads and drops the replies of announced requests no call took.
    private func dropAhead() throws(SystemFailure) {
        while aheadStart < ahead.count {
            _ = try readLine(what: ahead[aheadStart].what, deadline: now() + timeout)
            replies += 1
            aheadStart += 1
            aheadDropped += 1
        }
        ahead.removeAll(keepingCapacity: true)
        aheadStart = 0
    }

    package func apply(_ action: Action) throws(SystemFailure) -> SystemStep {
        let request = DriverRequest.step(action, snapshot: true)
        let (line, n) = try exchange(request, seconds: nil)
        let key = Fingerprint.of(line)
        if let known = readSteps[key], known.line == line {
            lastState = known.step.state
            return known.step
        }
        if let step = DriverReplyReader.step(line[...]) {
            if readSteps.count == Self.readStepsLimit { readSteps.removeAll(keepingCapacity: true) }
            readSteps[key] = (line, step)
            lastState = step.state
            return step
        }
        let reply = try parse(line[...], n, what: request.what)
        do {
            let (outcome, events) = try DriverMessages.outcomeAndEvents(from: reply)
            let leaked = try DriverMessages.leaked(from: reply)
            var state: State?
            if let snapshot = reply["snapshot"], !snapshot.isNull { state = try self.state(from: snapshot, reply: n) }
            lastState = state
            func answer(_ field: String) throws -> Int? {
                guard let t = reply[field], !t.isNull else { return nil }
                guard let id = t.int else { throw protocolError(n, "field '\(field)': expected a coordinator id, found \(t.text)") }
                return id
            }
            return SystemStep(outcome: outcome, events: events, state: state, leaked: leaked,
                              unchanged: reply["unchanged"] == .bool(true), notOffered: DriverMessages.isNotOffered(reply),
                              top: try answer("top"), selected: try answer("selected"))
        } catch let e as DriverFieldError {
            throw protocolError(n, e.description)
        } catch let e as SystemFailure {
            throw e
        } catch {
            throw protocolError(n, "\(error)")
        }
    }

    /// The state the last reset or step reply carried, else asks for a snapshot.
    package func observedState() throws(SystemFailure) -> State {
        if let lastState { return lastState }
        // A reset's reply should carry the snapshot: send the reset alone and read it there.
        if let last = queued.last, case .reset = last {
            queued.removeLast()
            let (reply, n) = try request(last)
            if let json = reply["snapshot"], !json.isNull { return try state(from: json, reply: n) }
        }
        let (reply, n) = try request(.snapshot)
        guard let json = reply["snapshot"] else { throw protocolError(n, "expected field 'snapshot'") }
        return try state(from: json, reply: n)
    }

    /// The last few KB the driver wrote to standard error.
    package var diagnostics: String {
        drainStandardError()
        return String(decoding: stderrTail, as: UTF8.self)
    }

    package var diagnosticsMark: Int { stderrTotal }

    /// What the driver wrote to standard error after `stderrTotal` was `mark` (as much of it as
    /// is kept).
    package func diagnostics(since mark: Int) -> String {
        drainStandardError()
        let fresh = min(stderrTotal - mark, stderrTail.count)
        return String(decoding: stderrTail.suffix(max(fresh, 0)), as: UTF8.self)
    }

    // MARK: - Process

    private func start() throws(SystemFailure) {
        #if canImport(Glibc) || canImport(Darwin)
        signal(SIGPIPE, SIG_IGN)
        #endif
        let p: DriverProcess
        switch driver {
        case .command(let command): p = try DriverProcess(command: command)
        case .loopback(let port): p = try DriverProcess(connectingTo: port, within: startupTimeout)
        }
        process = p
        input = p.input
        output = p.output
        errors = p.errors
        pending = []
        pendingStart = 0
        replies = 0
        started += 1
        stderrAtStart = stderrTotal
        queued = []
        ahead = []; aheadStart = 0
        savedIDs = []
        deferredFailure = nil

        let reply: DriverJSON, n: Int
        do { (reply, n) = try request(.hello, seconds: startupTimeout) } catch {
            var failure = error
            if failure.kind == .hang { failure.message += " (a slow start needs a longer startupTimeout: --startup-timeout of verify)" }
            throw failure
        }
        guard let version = reply["navfuzz"] else {
            throw protocolError(n, "expected field 'navfuzz' in the handshake reply (a driver answers {\"navfuzz\":1,...} first)")
        }
        guard version.int == DriverMessages.version else {
            throw protocolError(n, "the driver speaks protocol version \(version.text); this NavFuzz speaks \(DriverMessages.version)")
        }
        guard reply["actions"] != nil else { throw protocolError(n, "expected field 'actions' in the handshake reply") }
        capabilities = try offered(in: reply, reply: n)
        name = reply["name"]?.string ?? command
        // A version of save and restore this NavFuzz does not speak is left unused.
        canSaveState = reply["restore"]?.int == DriverMessages.restoreVersion
        saysOverlaps = try flag("overlaps", in: reply, reply: n)
        runsOverlaps = saysOverlaps == true
    }

    /// What the handshake reply `n` says the library offers.
    private func offered(in reply: DriverJSON, reply n: Int) throws(SystemFailure) -> Capabilities {
        /// An optional list of names; nil when absent.
        func names<T>(_ field: String, _ expected: String, _ parse: (String) -> T?) throws(SystemFailure) -> Set<T>? {
            guard let list = reply[field], !list.isNull else { return nil }
            guard let items = list.array else { throw protocolError(n, "field '\(field)': expected an array of names, found \(list.typeName)") }
            var set = Set<T>()
            for (i, item) in items.enumerated() {
                guard let name = item.string, let value = parse(name) else {
                    throw protocolError(n, "field '\(field)[\(i)]': expected \(expected), found \(item.text)")
                }
                set.insert(value)
            }
            return set
        }
        var offered = Capabilities()
        offered.actions = try names("actions", "an action name (push, pop, …)", ActionName.init(rawValue:)) ?? []
        let style = { (name: String) in Style.allCases.first { $0.description == name } }
        let kind = { (name: String) in Kind.allCases.first { $0.description == name } }
        if let styles = try names("styles", "a style (sheet, detents, fullScreen, overlay, custom)", style) { offered.styles = styles }
        if let kinds = try names("rootKinds", "a root kind (navigation, tab, redirection)", kind) {
            offered.rootKinds = kinds
        }
        if let kinds = try names("kinds", "a coordinator kind (navigation, tab, redirection)", kind) { offered.kinds = kinds }
        if let b = try flag("invalidCalls", in: reply, reply: n) { offered.receivesInvalidCalls = b }
        if let kinds = try names("onlyOnTopLayer", "an action name (push, pop, …)", ActionName.init(rawValue:)) {
            offered.offeredOnlyOnTopLayer = kinds
        }
        if let b = try flag("trapsOnRefusals", in: reply, reply: n) { offered.trapsOnRefusedCalls = b }
        if let b = try flag("launches", in: reply, reply: n) { offered.launches = b }
        if let b = try flag("startPage", in: reply, reply: n) { offered.startPage = b }
        let option = { (name: String) in Dialect.named.first { $0.name == name }?.option }
        if let options = try names("dialect", "a dialect option (\(Dialect.named.map(\.name).joined(separator: ", ")))", option) {
            offered.dialect = options.reduce(.strict) { $0.union($1) }
        }
        return offered
    }

    /// An optional true or false of reply `n`; nil when absent.
    private func flag(_ field: String, in reply: DriverJSON, reply n: Int) throws(SystemFailure) -> Bool? {
        guard let value = reply[field], !value.isNull else { return nil }
        guard case .bool(let b) = value else { throw protocolError(n, "field '\(field)': expected true or false, found \(value.text)") }
        return b
    }

    /// Closes the driver's input, gives it a moment to exit, then kills its group.
    package func stop() {
        guard let p = process else { return }
        process = nil
        drainStandardError()
        p.closeInput()
        input = -1
        p.end(within: 0.5)
        output = -1; errors = -1
    }

    /// The process died or hung: reap it, keep its standard error, and describe how it ended.
    private func died(_ what: @autoclosure () -> String, hang: Bool) -> SystemFailure {
        guard let p = process else { return SystemFailure(.crash, "the driver is not running") }
        process = nil
        drainStandardError()
        // A driver that died may still be writing its last words; one that hung is killed now.
        if !hang {
            for _ in 0..<2000 where p.isRunning {
                drainStandardError()
                usleep(1000)
            }
        }
        drainStandardError()
        let ending = p.end(within: 0)
        input = -1; output = -1; errors = -1
        if hang {
            return SystemFailure(.hang, "the driver did not answer \(what()) within \(seconds(waited)); it was killed")
        }
        let how: String
        switch ending {
        case _ where p.isConnection:
            how = "closed the connection"
        case .signalled(let signal):
            how = "was killed by signal \(signal)\(signalName(signal).map { " (\($0))" } ?? "")"
        case .exited(let status) where status > 128 && signalName(status - 128) != nil:
            how = "exited with status \(status) (the shell's way of saying signal \(status - 128), \(signalName(status - 128)!))"
        case .exited(let status):
            how = "exited with status \(status)"
        }
        return SystemFailure(.crash, "the driver \(how) during \(what())" + (trapMessage().map { ": \($0)" } ?? ""))
    }

    /// The Swift runtime's last words, when the driver trapped: `Fatal error: …` (or an
    /// assertion's or precondition's) from what this process wrote to standard error. The
    /// stack trace that follows it would push it out of the report's tail.
    private func trapMessage() -> String? {
        let written = String(decoding: stderrTail.suffix(max(min(stderrTotal - stderrAtStart, stderrTail.count), 0)), as: UTF8.self)
        let markers = ["Fatal error", "Assertion failed", "Precondition failed", "Unexpectedly found nil"]
        guard let line = written.split(whereSeparator: \.isNewline).last(where: { l in markers.contains { l.contains($0) } }) else { return nil }
        let text = line.trimmingCharacters(in: .whitespaces)
        return text.count > 300 ? String(text.prefix(300)) + "…" : text
    }

    // MARK: - Requests and replies

    /// Sends the queued requests and one more in one write, reads their replies, and returns
    /// the last: the parsed reply and its line number. Each reply has one timeout from the one
    /// before it.
    private func request(_ request: DriverRequest, seconds limit: Double? = nil) throws(SystemFailure) -> (DriverJSON, Int) {
        let (line, n) = try exchange(request, seconds: limit)
        return (try parse(line[...], n, what: request.what), n)
    }

    /// Sends the queued requests and one more in one write (or takes them from those announced),
    /// checks the replies of the queued ones, and returns the last reply line and its number.
    /// Each reply has one timeout from the one before it.
    private func exchange(_ request: DriverRequest, seconds limit: Double?) throws(SystemFailure) -> ([UInt8], Int) {
        let wanted = queued + [request]
        if var failure = deferredFailure {
            deferredFailure = nil; queued = []; ahead = []; aheadStart = 0
            if try startOverAfterDeath(failure, wanted) { return try exchange(request, seconds: limit) }
            failure.uncertain = failure.kind != .protocolError
            throw failure
        }
        guard process != nil else { queued = []; ahead = []; aheadStart = 0; throw SystemFailure(.crash, "the driver is not running") }
        lastState = nil
        queued = []
        exchangeStart = replies
        let seconds = limit ?? timeout
        waited = seconds
        // A driver may buffer its replies: when it dies in a batch, or while announced replies
        // are read, which request it died on is not known, only that it was one of them.
        let batch = wanted.count > 1 || aheadStart < ahead.count
        do {
            if ahead.count - aheadStart >= wanted.count && zip(ahead[aheadStart...], wanted).allSatisfy({ $0 == $1 }) {
                aheadStart += wanted.count
                aheadTaken += wanted.count
            } else {
                try dropAhead()
                var bytes: [UInt8] = []
                for w in wanted { w.write(into: &bytes) }
                try send(bytes, what: request.what, deadline: now() + seconds)
            }
            for w in wanted.dropLast() {
                let line = try readLine(what: w.what, deadline: now() + seconds)
                replies += 1
                _ = try parse(line, replies, what: w.what)
            }
            let line = try readLine(what: request.what, deadline: now() + seconds)
            replies += 1
            return (Array(line), replies)
        } catch {
            var failure = error
            if replies == exchangeStart, try startOverAfterDeath(failure, wanted) {
                return try exchange(request, seconds: limit)
            }
            failure.uncertain = batch && failure.kind != .protocolError
            throw failure
        }
    }

    /// A driver found dead by the reset that starts a new path, before it answered it, exited
    /// after its last reply: the reset is not what killed it. It is started once more and the
    /// requests sent again (true); the path that kills it fails at its own next step. A fresh
    /// driver that dies there is a crash of its own (false), and so is a death found by a
    /// restore, which a new process could not do.
    private func startOverAfterDeath(_ failure: SystemFailure, _ wanted: [DriverRequest]) throws(SystemFailure) -> Bool {
        guard failure.kind == .crash, !restartingAfterDeath, replies > 1, case .reset? = wanted.first else { return false }
        restartingAfterDeath = true
        defer { restartingAfterDeath = false }
        process?.end(within: 0)
        process = nil
        restarts += 1
        try start()
        queued = Array(wanted.dropLast())
        return true
    }

    /// One reply line as JSON: an object, with no `error` and nothing lost.
    private func parse(_ line: ArraySlice<UInt8>, _ n: Int, what: @autoclosure () -> String) throws(SystemFailure) -> DriverJSON {
        let reply: DriverJSON
        do { reply = try DriverJSON(parsing: line) } catch {
            throw protocolError(n, "not JSON: \(error) in \(quoted(line))")
        }
        guard case .object = reply else { throw protocolError(n, "expected a JSON object, found \(reply.typeName)") }
        if let message = reply["error"], !message.isNull {
            throw protocolError(n, "the driver reports an error for \(what()): \(message.string ?? message.text)")
        }
        if reply["restored"] == .bool(false) {
            throw protocolError(n, "the driver no longer has the state it saved for \(what())")
        }
        return reply
    }

    private func send(_ bytes: [UInt8], what: @autoclosure () -> String, deadline: Double) throws(SystemFailure) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buf in buf.baseAddress.map { write(input, $0 + offset, buf.count - offset) } ?? 0 }
            if n > 0 { offset += n; continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                let left = deadline - now()
                if left <= 0 { throw died(what(), hang: true) }
                // Read replies meanwhile: a driver blocked on a full output pipe reads no more.
                var fds = [pollfd(fd: input, events: Int16(POLLOUT), revents: 0), pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
                _ = poll(&fds, 2, Int32(min(left * 1000 + 1, 1000)))
                if fds[1].revents != 0, readAvailable(output, { pending.append(contentsOf: $0) }) { throw died(what(), hang: false) }
                continue
            }
            throw died(what(), hang: false)
        }
    }

    /// Reads up to the next newline, draining standard error meanwhile.
    private func readLine(what: @autoclosure () -> String, deadline: Double) throws(SystemFailure) -> ArraySlice<UInt8> {
        var scanned = pendingStart
        while true {
            if let nl = newline(from: scanned) {
                let line = pending[pendingStart..<nl]
                pendingStart = nl + 1
                if pendingStart == pending.count { pending.removeAll(keepingCapacity: true); pendingStart = 0 }
                else if pendingStart > 65536 { pending.removeSubrange(0..<pendingStart); pendingStart = 0 }
                return line.last == 13 ? line.dropLast() : line
            }
            scanned = pending.count
            if pending.count - pendingStart > Self.replyLimit {
                throw SystemFailure(.protocolError, "driver reply \(replies + 1) (\(what())) is longer than \(Self.replyLimit) bytes without a newline")
            }
            let left = deadline - now()
            if left <= 0 {
                // The deadline is decided on what is in the pipe, not on how late we looked: a
                // loaded machine may come back to a reply that arrived in time.
                let eof = readAvailable(output) { pending.append(contentsOf: $0) }
                if newline(from: scanned) != nil { continue }
                throw died(what(), hang: !eof)
            }
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            if errors >= 0 { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(left * 1000 + 1, 1000)))
            if ready <= 0 { continue }
            if fds.count > 1 && fds[1].revents != 0 { drainStandardError() }
            if fds[0].revents != 0 {
                let eof = readAvailable(output) { pending.append(contentsOf: $0) }
                // A reply that came with the end of the output is a reply: the end shows at
                // the next read, and belongs to the request after it.
                if eof && newline(from: scanned) == nil { throw died(what(), hang: false) }
            }
        }
    }

    /// The index of the first newline in `pending` at or after `start` (memchr: a 64 MB reply
    /// is scanned in milliseconds, also in a debug build).
    private func newline(from start: Int) -> Int? {
        pending.withUnsafeBufferPointer { buffer in
            guard start < buffer.count, let base = buffer.baseAddress,
                  let hit = memchr(base + start, 10, buffer.count - start) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Reads what is there without blocking; true at end of file.
    private func readAvailable(_ fd: Int32, _ sink: (UnsafeRawBufferPointer) -> Void) -> Bool {
        var buffer = readBuffer
        readBuffer = []
        defer { readBuffer = buffer }
        while true {
            let n = buffer.withUnsafeMutableBytes { buf in buf.baseAddress.map { read(fd, $0, buf.count) } ?? 0 }
            if n > 0 {
                buffer.withUnsafeBytes { sink(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
                if n < buffer.count { return false }
                continue
            }
            if n == 0 { return true }
            if errno == EINTR { continue }
            return errno != EAGAIN && errno != EWOULDBLOCK
        }
    }

    private func drainStandardError() {
        guard errors >= 0 else { return }
        let eof = readAvailable(errors) { chunk in
            stderrTotal += chunk.count
            stderrTail.append(contentsOf: chunk)
            if stderrTail.count > 2 * Self.stderrLimit { stderrTail.removeFirst(stderrTail.count - Self.stderrLimit) }
        }
        if stderrTail.count > Self.stderrLimit { stderrTail.removeFirst(stderrTail.count - Self.stderrLimit) }
        if eof { errors = -1 }
    }

    // MARK: - Helpers

    private func state(from json: DriverJSON, reply n: Int) throws(SystemFailure) -> State {
        do { return try DriverMessages.state(from: json) } catch { throw protocolError(n, error.description) }
    }

    private func protocolError(_ n: Int, _ message: String) -> SystemFailure {
        let run = started > 1 ? " (driver run \(started))" : ""
        return SystemFailure(.protocolError, "driver reply \(n)\(run): \(message)")
    }

    private func quoted(_ line: ArraySlice<UInt8>) -> String {
        let text = String(decoding: line.prefix(200), as: UTF8.self)
        return "'\(text)\(line.count > 200 ? "…" : "")'"
    }

    private func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private func seconds(_ s: Double) -> String { s < 1 ? "\(Int((s * 1000).rounded())) ms" : "\(s) s" }

    private func signalName(_ n: Int32) -> String? {
        switch n {
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        default: nil
        }
    }
}

/// One request of the protocol, as NavFuzz sends it: compared by value to take the reply of
/// one sent ahead, written to bytes only when sent, and described only in an error.
private enum DriverRequest: Hashable {
    case hello
    case reset(Configuration)
    case step(Action, snapshot: Bool)
    case snapshot
    case save(Int)
    case restore(Int)
    case forget
    case overlap(Configuration, [Action], OverlapRequest)

    /// How errors name it.
    var what: String {
        switch self {
        case .hello: "the handshake"
        case .reset: "reset"
        case .step(let a, let snapshot): snapshot ? "step '\(a)'" : "replaying step '\(a)'"
        case .snapshot: "snapshot"
        case .save(let id): "save \(id)"
        case .restore(let id): "restore \(id)"
        case .forget: "forget"
        case .overlap(_, _, let r): "overlapping " + r.calls.map { "'\($0)'" }.joined(separator: " and ")
        }
    }

    /// The request's line, newline included. A step is written straight from the action.
    func write(into out: inout [UInt8]) {
        switch self {
        case .step(let a, let snapshot):
            out.append(contentsOf: #"{"cmd":"step","action":""#.utf8)
            a.writeText(into: &out)
            out.append(contentsOf: (snapshot ? "\"}" : "\",\"snapshot\":false}").utf8)
        case .hello: DriverMessages.hello().write(into: &out)
        case .reset(let c): DriverMessages.reset(c).write(into: &out)
        case .snapshot: DriverMessages.snapshotRequest().write(into: &out)
        case .save(let id): DriverMessages.save(id).write(into: &out)
        case .restore(let id): DriverMessages.restore(id).write(into: &out)
        case .forget: DriverMessages.forget().write(into: &out)
        case .overlap(let c, let path, let r): DriverMessages.overlap(configuration: c, path: path, r).write(into: &out)
        }
        out.append(10)
    }
}
