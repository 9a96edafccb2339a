@_spi(Engine) import CoordinatorModel

/// Calls the model refuses that crashed or trapped the system too often. A kind of call (its
/// action and the model's reason) that has crashed the system `limit` times, or trapped it
/// once (`Capabilities.trapsOnRefusedCalls`: a trap there is the library's contract, not a
/// fluke), whatever its target, is answered by the runner from then on: `no-crash` already has its trace, a refusal changes no state, and a
/// system that crashes or traps on a common call (a second `finishFlow` on every ended flow)
/// would otherwise be started again for most of the run's steps. The last replays (shrinking,
/// confirming) make every call.
struct KnownCrashes {
    static let limit = 2
    static let trapLimit = 1

    /// A kind of refused call.
    struct Kind: Hashable, Comparable {
        let action: ActionName
        let reason: RefusalReason
        static func < (a: Self, b: Self) -> Bool { (a.action.rawValue, a.reason.rawValue) < (b.action.rawValue, b.reason.rawValue) }
    }

    /// Crashes and traps on refused calls, by kind, over the run.
    private var crashes: [Kind: Int] = [:]
    private var traps: [Kind: Int] = [:]
    /// Calls answered instead of made, by kind: after crashes, and after traps.
    private(set) var answers: [Kind: Int] = [:]
    private(set) var trapAnswers: [Kind: Int] = [:]
    /// False for the last replays, which make every call.
    var answering = true

    /// Whether no refused call has crashed or trapped the system.
    var isEmpty: Bool { crashes.isEmpty && traps.isEmpty }

    /// A call the model refuses with `reason` crashed the system.
    mutating func crashed(_ action: Action, refused reason: RefusalReason) {
        crashes[Kind(action: action.name, reason: reason), default: 0] += 1
    }

    /// A call the model refuses with `reason` trapped the system, as its contract says it may.
    mutating func trapped(_ action: Action, refused reason: RefusalReason) {
        traps[Kind(action: action.name, reason: reason), default: 0] += 1
    }

    /// The kind of `action` when the runner answers it, the model having answered `outcome`.
    func known(_ outcome: Outcome, _ action: Action) -> Kind? {
        guard answering, case .refused(let reason) = outcome else { return nil }
        let kind = Kind(action: action.name, reason: reason)
        return crashes[kind, default: 0] >= Self.limit || traps[kind, default: 0] >= Self.trapLimit ? kind : nil
    }

    /// The runner answered a call of `kind`.
    mutating func answered(_ kind: Kind) {
        if crashes[kind, default: 0] >= Self.limit { answers[kind, default: 0] += 1 } else { trapAnswers[kind, default: 0] += 1 }
    }
}
