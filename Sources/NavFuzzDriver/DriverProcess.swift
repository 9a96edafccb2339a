import Foundation
import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A driver process: `/bin/sh -c COMMAND` in a process group of its own, so that a kill
/// reaches the shell, the driver it started and anything the driver forked. Every wait has a
/// bound. Live groups are listed so that `DriverProcess.endAll()` can end them when NavFuzz
/// itself is ended (the command line's handlers of SIGINT, SIGTERM and SIGHUP). Only that is
/// public.
package final class DriverProcess {
    let pid: pid_t
    /// Our ends of the driver's standard input, output and error (non-blocking); -1 once closed.
    private(set) var input: Int32, output: Int32, errors: Int32
    private var status: Int32?

    /// How the process ended.
    enum Ending {
        case exited(Int32)
        case signalled(Int32)
    }

    init(command: String) throws(SystemFailure) {
        var fds: [Int32] = []
        func pipeFDs() throws(SystemFailure) -> (read: Int32, write: Int32) {
            var p: [Int32] = [0, 0]
            guard pipe(&p) == 0 else {
                let why = String(cString: strerror(errno))
                for fd in fds { close(fd) }   // the pipes made before this one
                throw SystemFailure(.protocolError, "cannot start the driver '\(command)': \(why)")
            }
            for fd in p { _ = fcntl(fd, F_SETFD, FD_CLOEXEC); fds.append(fd) }
            return (p[0], p[1])
        }
        let stdin = try pipeFDs(), stdout = try pipeFDs(), stderr = try pipeFDs()

        let (code, child) = Self.spawn(command, stdin: stdin.read, stdout: stdout.write, stderr: stderr.write)
        close(stdin.read); close(stdout.write); close(stderr.write)
        guard code == 0 else {
            close(stdin.write); close(stdout.read); close(stderr.read)
            throw SystemFailure(.protocolError, "cannot start the driver '\(command)': \(String(cString: strerror(code)))")
        }
        pid = child
        input = stdin.write; output = stdout.read; errors = stderr.read
        for fd in [input, output, errors] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    /// Starts `/bin/sh -c command` with the three ends as its standard streams: in its own
    /// process group, the signals NavFuzz handles back to their defaults, listed in `live`.
    /// The result is `posix_spawn`'s (0 on success) and the child's pid.
    private static func spawn(_ command: String, stdin: Int32, stdout: Int32, stderr: Int32) -> (code: Int32, pid: pid_t) {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own group; the signals NavFuzz ignores or handles back to their defaults; no
        // blocked signals.
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, s) }
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let words: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        // The environment as Foundation sees it (`environ` is not spelled alike everywhere),
        // with Swift's backtracer off unless the user set it: its register dump takes seconds
        // and pushes the runtime's `file:line: Fatal error: …` out of the tail a report keeps.
        var environment = ProcessInfo.processInfo.environment
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for a in argv + envp { free(a) } }
        var child: pid_t = 0
        // Started and listed under the lock `endAll` takes: a NavFuzz being ended either lists
        // this driver before it kills them all, or never starts it. Listed after the start, a
        // driver started while NavFuzz was ending could outlive it.
        Self.lock.lock()
        if Self.ending {
            // NavFuzz exits next (`endAll`): start nothing, and wait here for the exit.
            Self.lock.unlock()
            while true { sleep(60) }
        }
        let code = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, envp)
        if code == 0 { Self.live.insert(child) }
        Self.lock.unlock()
        return (code, child)
    }

    /// A connection to a driver already listening on 127.0.0.1:`port` (`Driver.loopback`),
    /// tried again until `seconds` have passed while nothing listens there yet. No process:
    /// ending it closes the connection.
    init(connectingTo port: UInt16, within seconds: Double) throws(SystemFailure) {
        pid = 0
        errors = -1
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(seconds, 0) * 1e9)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        while true {
            #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            guard fd >= 0 else { throw SystemFailure(.protocolError, "cannot connect to the driver at 127.0.0.1:\(port): \(String(cString: strerror(errno)))") }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if connected == 0 {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                var one: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                output = fd
                input = dup(fd)
                _ = fcntl(input, F_SETFD, FD_CLOEXEC)
                for fd in [input, output] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
                return
            }
            let reason = errno
            close(fd)
            guard (reason == ECONNREFUSED || reason == EINTR) && DispatchTime.now().uptimeNanoseconds < deadline else {
                throw SystemFailure(.protocolError, "cannot connect to the driver at 127.0.0.1:\(port): \(String(cString: strerror(reason)))"
                                    + (reason == ECONNREFUSED ? " within \(seconds) s (is it serving? a slow start needs a longer startupTimeout)" : ""))
            }
            usleep(20_000)
        }
    }

    /// A connection rather than a process (`Driver.loopback`).
    var isConnection: Bool { pid == 0 }

    /// Whether the process has not ended yet (it is reaped when it has).
    var isRunning: Bool {
        guard !isConnection else { return false }
        guard status == nil else { return false }
        var s: Int32 = 0
        let r = waitpid(pid, &s, WNOHANG)
        if r == pid || (r < 0 && errno == ECHILD) { status = r == pid ? s : 0; return false }
        return true
    }

    /// Kills the whole group.
    func killGroup() {
        guard !isConnection else { return }
        kill(-pid, SIGKILL)
    }

    /// Closes the driver's standard input (end of file for it), once.
    func closeInput() {
        guard input >= 0 else { return }
        // The other descriptor of a connection keeps it open: say the end explicitly.
        if isConnection { shutdown(input, Int32(SHUT_WR)) }
        close(input); input = -1
    }

    /// Waits up to `seconds` for the process to end by itself, then kills its group; whatever
    /// the process left behind in its group is killed too. Returns how it ended.
    @discardableResult
    func end(within seconds: Double) -> Ending {
        if isConnection {
            for fd in [input, output] where fd >= 0 { close(fd) }
            input = -1; output = -1
            return .exited(0)
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(seconds, 0) * 1e9)
        while isRunning && DispatchTime.now().uptimeNanoseconds < deadline { usleep(1000) }
        killGroup()
        // SIGKILL cannot be ignored: the wait is short, but still bounded.
        for _ in 0..<2000 where isRunning { usleep(1000) }
        for fd in [input, output, errors] where fd >= 0 { close(fd) }
        input = -1; output = -1; errors = -1
        Self.unregister(pid)
        let s = status ?? (SIGKILL & 0x7f)
        return s & 0x7f == 0 ? .exited((s >> 8) & 0xff) : .signalled(s & 0x7f)
    }

    // MARK: - Every live driver

    nonisolated(unsafe) private static var live: Set<pid_t> = []
    private static let lock = NSLock()

    /// Set once NavFuzz is being ended: no driver starts after that (a restart racing the
    /// signal), so that none outlives NavFuzz.
    nonisolated(unsafe) private static var ending = false

    private static func unregister(_ pid: pid_t) { lock.lock(); live.remove(pid); lock.unlock() }

    /// Kills every driver's group: for a NavFuzz that is being ended and exits next. A thread
    /// that would start a driver after this waits for that exit instead.
    package static func endAll() {
        lock.lock()
        ending = true
        let pids = live
        lock.unlock()
        for pid in pids { kill(-pid, SIGKILL) }
        // NavFuzz exits next: it waits (a second at most) until every group is gone, so that
        // nothing it started is still there when it has ended.
        let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        var left = pids
        while !left.isEmpty && DispatchTime.now().uptimeNanoseconds < deadline {
            left = left.filter { pid in
                var s: Int32 = 0
                _ = waitpid(pid, &s, WNOHANG)
                return kill(-pid, 0) == 0 || errno != ESRCH
            }
            if !left.isEmpty { usleep(1000) }
        }
    }
}
