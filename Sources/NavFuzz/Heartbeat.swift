import Foundation

/// When standard error is not a terminal (a CI log), a line at least every 10 seconds saying
/// what is still running, so that a log shows progress and a stuck job is told from a slow one.
/// `NAVFUZZ_HEARTBEAT=SECONDS` sets another interval (0: none). On a terminal, the progress
/// lines do this.
final class Heartbeat: @unchecked Sendable {
    static let shared = Heartbeat()
    private let lock = NSLock()
    private var timer: DispatchSourceTimer?
    private var activity: String?
    private var since = Date()

    /// Starts beating, unless on a terminal.
    func start(terminal: Terminal, environment: [String: String]) {
        let seconds = environment["NAVFUZZ_HEARTBEAT"].flatMap(Double.init) ?? 10
        guard !terminal.isInteractive, seconds > 0 else { return }
        lock.withLock {
            guard timer == nil else { return }
            let t = DispatchSource.makeTimerSource(queue: .global())
            t.schedule(deadline: .now() + seconds, repeating: seconds)
            t.setEventHandler { [weak self] in
                guard let self, let (name, started) = self.lock.withLock({ self.activity.map { ($0, self.since) } }) else { return }
                terminal.err("NavFuzz: \(name) still running, \(Int(Date().timeIntervalSince(started))) s so far")
            }
            t.resume()
            timer = t
        }
    }

    /// What the run is doing now.
    func doing(_ name: String) { lock.withLock { activity = name; since = Date() } }
}
