@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves an adapter as a driver (docs/DRIVER-PROTOCOL.md §6): a small executable that calls
/// `serve` becomes a program `NavFuzz verify` checks in CI, over standard input and output, or
/// over a TCP connection on the loopback for an adapter in a process NavFuzz cannot start (an
/// app in a simulator). It uses nothing iOS lacks: no processes, no Foundation networking.
public enum DriverServer {
    /// How a driver talks to NavFuzz.
    public enum Transport: Sendable, Hashable {
        /// Standard input and output: NavFuzz started the driver (`--driver 'COMMAND'`).
        case standardIO
        /// One TCP connection on 127.0.0.1: the driver listens on `port` (0: any free port,
        /// printed on standard error) and serves the first connection NavFuzz makes
        /// (`--connect PORT`).
        case loopback(port: UInt16)
    }

    /// Serves a synchronous adapter until NavFuzz closes the connection; returns the exit
    /// status for the driver program (0, or 1 when the transport could not be set up).
    public static func serve(_ system: some NavigationSystem, over transport: Transport = .standardIO) -> Int32 {
        let driven = InProcessSystem(system)
        return serve(DriverSession(name: driven.name, system: driven), over: transport)
    }

    /// Serves a main-actor adapter: the protocol is read on a thread of its own, and each call
    /// is awaited on the main actor, which stays free for the library's tasks. Call it from the
    /// driver's top-level code (`exit(await DriverServer.serve(MyAdapter()))`).
    @MainActor
    public static func serve(_ system: some AsyncNavigationSystem, over transport: Transport = .standardIO,
                             timeout: Double = 20) async -> Int32 {
        let bridge = MainActorSystem(system, timeout: timeout)
        let session = DriverSession(name: bridge.name, system: bridge)
        return await Verifier.onOwnThread { serve(session, over: transport) }
    }

    package static func serve(_ session: DriverSession, over transport: Transport) -> Int32 {
        switch transport {
        case .standardIO:
            return session.run()
        case .loopback(let port):
            guard let connection = LoopbackListener.acceptOne(port: port) else { return 1 }
            defer { close(connection) }
            return session.run(input: connection, output: connection)
        }
    }
}

/// The listening side of `.loopback`: binds 127.0.0.1 only, accepts one connection.
private enum LoopbackListener {
    static func acceptOne(port: UInt16) -> Int32? {
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { return fail("socket") }
        defer { close(listener) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) } }
        guard bound == 0 else { return fail("bind 127.0.0.1:\(port)") }
        guard listen(listener, 1) == 0 else { return fail("listen") }
        var actual = sockaddr_in()
        var length = size
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        say("NavFuzz driver: listening on 127.0.0.1:\(UInt16(bigEndian: actual.sin_port))")
        while true {
            let connection = accept(listener, nil, nil)
            if connection >= 0 {
                var one: Int32 = 1
                setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return connection
            }
            if errno != EINTR { return fail("accept") }
        }
    }

    private static func fail(_ what: String) -> Int32? {
        say("NavFuzz driver: \(what): \(String(cString: strerror(errno)))")
        return nil
    }

    private static func say(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
