@_spi(Engine) import CoordinatorModel

extension ConformanceMachine {
    /// The model's shortest way to a call like the last of `trace`: the fewest steps after
    /// which a call of the same kind gets the same answer from the model (the same refusal, or
    /// applied), found breadth-first over the model alone, shorter than `trace`. A crash or a
    /// hang is often the call itself, whatever led there, and each shorter trace that still
    /// fails costs the shrinker a restart or a timeout: this one is tried first, once.
    func shortcut(to trace: [Action], maxStates: Int = 20_000) -> [Action]? {
        guard let last = trace.last, trace.count > 1 else { return nil }
        var before = model.initialState()
        for a in trace.dropLast() {
            let step = model.step(before, a)
            if !step.outcome.isRefused { before = step.state }
        }
        let wanted = model.step(before, last).outcome
        var level: [(state: State, path: [Action])] = [(model.initialState(), [])]
        var seen: Set<State> = [model.initialState()]
        var actions: [Action] = []
        for _ in 0 ..< trace.count - 1 {
            var next: [(state: State, path: [Action])] = []
            for (state, path) in level {
                actions.removeAll(keepingCapacity: true)
                self.actions(in: ConformanceState(model: state, trail: root), into: &actions)
                for a in actions {
                    let step = model.step(state, a)
                    if a.name == last.name && step.outcome == wanted { return path + [a] }
                    guard !step.outcome.isRefused, coordinators.bounds.contains(step.state),
                          seen.count < maxStates, seen.insert(step.state).inserted else { continue }
                    next.append((step.state, path + [a]))
                }
            }
            if next.isEmpty { return nil }
            level = next
        }
        return nil
    }
}
