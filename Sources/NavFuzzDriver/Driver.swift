/// Where NavFuzz finds a driver (docs/DRIVER-PROTOCOL.md).
public enum Driver: Sendable, Hashable {
    /// A program NavFuzz starts with `/bin/sh -c COMMAND` and talks to over its standard input
    /// and output; it is started again after a crash or a hang.
    case command(String)
    /// A driver already running that serves one connection on 127.0.0.1:`port`
    /// (`DriverServer.Transport.loopback`): an adapter in a process NavFuzz cannot start, such
    /// as an app in a simulator. NavFuzz connects again after a crash, within the start-up
    /// timeout.
    case loopback(port: UInt16)

    /// How reports and errors name it.
    package var text: String {
        switch self {
        case .command(let command): command
        case .loopback(let port): "127.0.0.1:\(port)"
        }
    }
}
