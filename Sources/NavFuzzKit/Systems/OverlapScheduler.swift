@_spi(Engine) import CoordinatorModel

/// Lets one call at a time run on the main actor between the adapter's suspension points:
/// every other call in flight waits at one, so the order in which they go on is NavFuzz's.
/// A call is known to have stopped running when it waits at a point or returns; nothing
/// counts the main actor's turns. A call at a handed-over wait (`SuspensionPoints.wait(until:)`)
/// is not an option until what it waits for holds.
@MainActor
package final class OverlapScheduler {
    enum Signal {
        case parked(Int, SuspensionPoint)
        case returned(Int)
        case abandoned
    }

    /// Steps of a run whose order is explored; after them each step lets the call that waited
    /// longest go on, so that a call that waits for another by waiting at points again and
    /// again lets it finish.
    package nonisolated static let stepBound = 64
    /// Steps of a run at most: calls still waiting after them are a livelock.
    package nonisolated static let stepLimit = 2_000

    /// Which run of the system's overlapping calls this is.
    let number: Int
    /// The call allowed to run; a point reached is that call's.
    private var running: Int?
    private var parked: [Int: (resume: CheckedContinuation<Void, Never>, ready: (@MainActor () -> Bool)?)] = [:]
    private var waiter: CheckedContinuation<Signal, Never>?
    /// Calls that returned, and their answers.
    private(set) var returned: [Int: Result<SystemStep, SystemFailure>] = [:]
    private var abandoned = false

    init(number: Int) { self.number = number }

    /// Waits at `point` until the call is resumed (and, for a handed-over wait, `ready` holds
    /// by then); false, at once, when no call runs (a task a call left behind), when the
    /// running call already waits at a point (a task it started), or when the run was abandoned.
    func park(at point: SuspensionPoint, until ready: (@MainActor () -> Bool)? = nil) async -> Bool {
        guard let call = running, !abandoned, parked[call] == nil else { return false }
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            parked[call] = (c, ready)
            running = nil
            signal(.parked(call, point))
        }
        return true
    }

    /// Starts `call` and waits until it waits at a point or returns.
    func start(_ call: Int, _ body: @escaping @MainActor () async -> Result<SystemStep, SystemFailure>) async -> Signal {
        await run(call) {
            Task { @MainActor in
                let result = await body()
                self.didReturn(call, result)
            }
        }
    }

    /// Lets `call` go on from its point and waits until it waits again or returns.
    func resume(_ call: Int) async -> Signal {
        guard let c = parked.removeValue(forKey: call) else { return .abandoned }
        return await run(call) { c.resume.resume() }
    }

    /// Whether `call` waits at a point and may go on from it.
    func canResume(_ call: Int) -> Bool { parked[call].map { $0.ready?() ?? true } ?? false }

    var anyParked: Bool { !parked.isEmpty }

    /// The call running now (after `abandon`: the one that never stopped).
    var runningCall: Int? { running }

    /// The calls waiting at points, lowest first.
    var parkedCalls: [Int] { parked.keys.sorted() }

    /// The watchdog's end: the waiting run returns, and calls waiting at points go on freely.
    func abandon() {
        abandoned = true
        signal(.abandoned)
        for (_, p) in parked { p.resume.resume() }
        parked = [:]
    }

    private func run(_ call: Int, _ go: () -> Void) async -> Signal {
        if abandoned { return .abandoned }
        running = call
        return await withCheckedContinuation { w in
            waiter = w
            go()
        }
    }

    /// A call that returns while another runs (a completion resumed the wrong call) is noted;
    /// the waiting run goes on waiting for the running one.
    private func didReturn(_ call: Int, _ result: Result<SystemStep, SystemFailure>) {
        returned[call] = result
        if running == call {
            running = nil
            signal(.returned(call))
        }
    }

    private func signal(_ s: Signal) {
        guard let w = waiter else { return }
        waiter = nil
        w.resume(returning: s)
    }
}
