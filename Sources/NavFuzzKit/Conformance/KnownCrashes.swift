@_spi(Engine) import CoordinatorModel

/// Calls the model refuses that crashed the system too often. A kind of call (its action and
/// the model's reason) that has crashed the system `limit` times, whatever its target, is
/// answered by the runner from then on: `no-crash` already has its trace, a refusal changes no
/// state, and a driver that crashes on a common call (a second `finishFlow` on every ended
/// flow) would otherwise be started again for most of the run's steps. The last replays
/// (shrinking, confirming) make every call.
struct KnownCrashes {
    static let limit = 2

    /// A kind of refused call.
    struct Kind: Hashable, Comparable {
        let action: ActionName
        let reason: RefusalReason
        static func < (a: Self, b: Self) -> Bool { (a.action.rawValue, a.reason.rawValue) < (b.action.rawValue, b.reason.rawValue) }
    }

    /// Crashes on refused calls, by kind, over the run.
    private var crashes: [Kind: Int] = [:]
    /// Calls answered instead of made, by kind.
    private(set) var answers: [Kind: Int] = [:]
    /// False for the last replays, which make every call.
    var answering = true

    /// Whether no refused call has crashed the system.
    var isEmpty: Bool { crashes.isEmpty }

    /// A call the model refuses with `reason` crashed the system.
    mutating func crashed(_ action: Action, refused reason: RefusalReason) {
        crashes[Kind(action: action.name, reason: reason), default: 0] += 1
    }

    /// The kind of `action` when the runner answers it, the model having answered `outcome`.
    func known(_ outcome: Outcome, _ action: Action) -> Kind? {
        guard answering, case .refused(let reason) = outcome else { return nil }
        let kind = Kind(action: action.name, reason: reason)
        return crashes[kind, default: 0] >= Self.limit ? kind : nil
    }

    /// The runner answered a call of `kind`.
    mutating func answered(_ kind: Kind) { answers[kind, default: 0] += 1 }
}
