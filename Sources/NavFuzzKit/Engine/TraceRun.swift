import Foundation

/// A trace replayed from its initial state with every property checked: state properties on the
/// initial state and after every applied step, transition properties on every step. What a
/// counterexample printout shows and what corpus replay judges.
@_spi(Engine) public struct TraceRun<M: StateMachine>: Sendable {
    @_spi(Engine) public struct StepRecord: Sendable {
        @_spi(Engine) public var action: M.Action
        @_spi(Engine) public var step: M.Step
        /// The state after the step (the state before when refused); nil where the run was told
        /// not to keep it.
        @_spi(Engine) public var state: M.State?
        @_spi(Engine) public var applied: Bool
        @_spi(Engine) public var violations: [TraceViolation]
    }

    /// What a run keeps: a trace of n steps has states of up to n entries, so keeping every
    /// state of a long trace costs memory in the square of its length.
    @_spi(Engine) public enum Keeping: Sendable {
        /// Every step and every state (tests that look at each state).
        case everything
        /// Every step; states only where a person looks (`statesShown`).
        case forPrinting
        /// Nothing but the first violations; the run stops there (judging a corpus file).
        case firstViolations
    }

    /// A long trace printed shows the states of its last steps and of its violations only.
    @_spi(Engine) public static var statesShownInFull: Int { 30 }
    static var lastStatesShown: Int { 3 }

    @_spi(Engine) public var initial: M.State
    @_spi(Engine) public var initialViolations: [TraceViolation]
    @_spi(Engine) public var steps: [StepRecord]
    /// The violations of the first step (0 = the initial state) where any property failed.
    @_spi(Engine) public private(set) var firstViolations: [TraceViolation] = []

    @_spi(Engine) public init(_ machine: M, initial: M.State, actions: [M.Action], keeping: Keeping = .everything) {
        let properties = machine.properties
        func check(_ state: M.State, step n: Int) -> [TraceViolation] {
            properties.compactMap { p in
                guard case .state(let f) = p.check, let r = f(state) else { return nil }
                return TraceViolation(property: p.name, kind: p.kind, reason: r, step: n)
            }
        }
        func keepsState(_ i: Int, _ violated: Bool) -> Bool {
            switch keeping {
            case .everything: true
            case .firstViolations: false
            case .forPrinting: actions.count <= Self.statesShownInFull || i >= actions.count - Self.lastStatesShown || violated
            }
        }
        self.initial = initial
        initialViolations = check(initial, step: 0)
        firstViolations = initialViolations
        var state = initial
        steps = []
        if keeping == .firstViolations && !firstViolations.isEmpty { return }
        for (i, action) in actions.enumerated() {
            let step = machine.step(state, action)
            var found: [TraceViolation] = properties.compactMap { p in
                guard case .transition(let f) = p.check, let r = f(state, action, step) else { return nil }
                return TraceViolation(property: p.name, kind: p.kind, reason: r, step: i + 1)
            }
            let next = machine.successor(of: step)
            if let next {
                found += check(next, step: i + 1)
                state = next
            }
            // Report in property order, whichever kind each is.
            found.sort { a, b in
                (properties.firstIndex { $0.name == a.property } ?? 0) < (properties.firstIndex { $0.name == b.property } ?? 0)
            }
            if firstViolations.isEmpty && !found.isEmpty {
                firstViolations = found
                if keeping == .firstViolations { return }
            }
            if keeping != .firstViolations {
                steps.append(StepRecord(action: action, step: step, state: keepsState(i, !found.isEmpty) ? state : nil,
                                        applied: next != nil, violations: found))
            }
        }
    }
}
