@_spi(Engine) import CoordinatorModel

/// When a phase gives up on a system that crashes or hangs on step after step: a driver that
/// hangs on every step would otherwise cost a timeout per run for the whole phase. A run whose
/// phases gave up reports it (`VerificationReport.stoppedEarly`) and fails. Only failures the
/// baseline does not expect count.
struct GiveUpPolicy {
    /// Once the system has crashed on this many steps in a row, the phase in progress stops
    /// the next time its engine asks (`stopsPhase()`): a driver that hangs on every step would
    /// otherwise cost a timeout per run for the whole phase. A hang counts `hangWeight`
    /// crashes, since each costs a whole timeout: two in a row are enough. The next phase stops
    /// after one more failure unless a step works first.
    static let failureStreakLimit = 5
    static let hangWeight = 3
    /// A phase also stops once one step (the same action) has crashed or hung this many times
    /// in it, steps that worked in between or not: a driver that dies after every reply, or
    /// on one common action, would otherwise be started again for most of the phase's steps.
    static let sameStepLimit = 3
    /// A phase stops after this many hangs, in a row or not: each costs a whole timeout, and a
    /// driver that hangs only in some states (deep trees) would reach them walk after walk.
    static let phaseHangLimit = 2
    /// How the give-up rule reads in a report.
    static var rule: String {
        "\(failureStreakLimit) crashes or \((failureStreakLimit + hangWeight - 1) / hangWeight) hangs in a row, "
            + "\(phaseHangLimit) hangs in a phase, or \(sameStepLimit) on one step"
    }
    private var failureStreak = 0
    private var failuresByStep: [Action: Int] = [:]
    private var sameStepReached = false
    private var hangsInPhase = 0
    /// Whether the phase in progress was stopped so, and whether some phase was.
    private(set) var phaseStopped = false
    private(set) var everGaveUp = false

    private var givenUp: Bool { failureStreak >= Self.failureStreakLimit || sameStepReached || hangsInPhase >= Self.phaseHangLimit }

    /// A step crashed or hung (a failure the baseline does not expect).
    mutating func failed(_ action: Action?, hang: Bool) {
        failureStreak += hang ? Self.hangWeight : 1
        if hang { hangsInPhase += 1 }
        if let action {
            failuresByStep[action, default: 0] += 1
            if failuresByStep[action]! >= Self.sameStepLimit { sameStepReached = true }
        }
        if givenUp { everGaveUp = true }
    }

    /// A step worked: the streak starts again.
    mutating func worked() { failureStreak = 0 }

    mutating func startPhase() {
        failureStreak = min(failureStreak, Self.failureStreakLimit - 1)
        failuresByStep = [:]; sameStepReached = false; hangsInPhase = 0
        phaseStopped = false
    }

    /// True once the phase has given up.
    mutating func stopsPhase() -> Bool {
        if givenUp {
            phaseStopped = true
            failureStreak = 0
            failuresByStep = [:]; sameStepReached = false; hangsInPhase = 0
        }
        return phaseStopped
    }

    /// For the last replays, which must reach the system whatever came before.
    mutating func endPhases() {
        failureStreak = 0; failuresByStep = [:]; sameStepReached = false; hangsInPhase = 0; phaseStopped = false
    }
}
