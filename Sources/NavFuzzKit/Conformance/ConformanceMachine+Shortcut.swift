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
        let root = self.root
        return Self.shortestPath(model: model, bounds: coordinators.bounds, within: trace.count - 1, maxStates: maxStates,
                                 actions: { state, into in self.actions(in: ConformanceState(model: state, trail: root), into: &into) },
                                 to: { a, step in a.name == last.name && step.outcome == wanted })
    }

    /// The model's shortest path of at most `steps` actions from its initial state whose last
    /// step `goal` takes (the action and the model's step), breadth-first over `actions` within
    /// `bounds`, keeping at most `maxStates` states; nil when there is none. The overlap phase
    /// shortens the steps before a failure's calls with it too.
    static func shortestPath(model: Model, bounds: Bounds, within steps: Int, maxStates: Int = 20_000,
                             actions: (CoordinatorModel.State, inout [Action]) -> Void, to goal: (Action, CoordinatorModel.Step) -> Bool) -> [Action]? {
        var level: [(state: CoordinatorModel.State, path: [Action])] = [(model.initialState(), [])]
        var seen: Set<CoordinatorModel.State> = [model.initialState()]
        var offered: [Action] = []
        for _ in 0 ..< max(steps, 0) {
            var next: [(state: CoordinatorModel.State, path: [Action])] = []
            for (state, path) in level {
                offered.removeAll(keepingCapacity: true)
                actions(state, &offered)
                for a in offered {
                    let step = model.step(state, a)
                    if goal(a, step) { return path + [a] }
                    guard !step.outcome.isRefused, bounds.contains(step.state),
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
