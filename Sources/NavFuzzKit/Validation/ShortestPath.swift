@_spi(Engine) import CoordinatorModel

/// The shortest model trace from a configuration's initial state to a given state, by a
/// breadth-first search over every action the configuration allows: how a divergence found in a
/// long recording becomes a short regression test (docs/VALIDATE.md).
enum ShortestPath {
    /// The actions, in the ids of the model run from the initial state, and the state they
    /// reach (`target`, perhaps with other ids); nil when `budget` states were looked at without
    /// reaching `target` (a recording that started mid-app from a state the model does not
    /// reach, or one too far away).
    static func to(_ target: State, configuration: Configuration, transitions: Bool, budget: Int = 100_000) -> (actions: [Action], end: State)? {
        let model = Model(configuration: configuration)
        let domain = Domain(routes: (0 ..< configuration.routeCount).map(Route.init), pages: (0 ..< configuration.pageCount).map(Page.init),
                            transitions: transitions)
        let machine = CoordinatorMachine(model: model, bounds: .unbounded, domain: domain)
        let goal = target.canonicalEncoding()
        let initial = model.initialState()
        if initial.canonicalEncoding() == goal { return ([], initial) }
        // Each state found once, with how it was first reached.
        var states = [initial]
        var reachedBy: [(parent: Int, action: Action)?] = [nil]
        var seen: Set<[UInt8]> = [initial.canonicalEncoding()]
        var actions: [Action] = []
        var next = 0
        while next < states.count && states.count < budget {
            let from = states[next]
            actions.removeAll(keepingCapacity: true)
            machine.actions(in: from, into: &actions)
            for action in actions {
                let step = model.step(from, action)
                guard !step.outcome.isRefused, seen.insert(step.state.canonicalEncoding()).inserted else { continue }
                states.append(step.state)
                reachedBy.append((next, action))
                if step.state.canonicalEncoding() == goal { return (path(to: states.count - 1, reachedBy), step.state) }
            }
            next += 1
        }
        return nil
    }

    private static func path(to end: Int, _ reachedBy: [(parent: Int, action: Action)?]) -> [Action] {
        var out: [Action] = []
        var k = end
        while let (parent, action) = reachedBy[k] {
            out.append(action)
            k = parent
        }
        return out.reversed()
    }
}
