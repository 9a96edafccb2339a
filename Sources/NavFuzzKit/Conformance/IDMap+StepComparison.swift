@_spi(Engine) import CoordinatorModel

extension IDMap {
    /// `snapshot-conforms` for one step (docs/VERIFY.md §4), the implementation's side in its
    /// own ids: nil when the outcome, the completion events (as a set), the state and the
    /// library's own answers (`top`, `selected`) agree with the model's; else every
    /// disagreement. `sameState`: whether the two states after are the same state, which the
    /// caller sees cheaper than through canonical forms; `after` nil: no state to compare (a
    /// recorded event without a tree).
    func disagreements(_ modelStep: Step, outcome: Outcome, events: [Completion], after implAfter: State?, sameState: Bool,
                       top: Int?, selected: Int?) -> String? {
        var problems: [String] = []
        if modelStep.outcome != outcome {
            problems.append("the model's outcome is \(modelStep.outcome), the implementation's \(outcome)")
        }
        let implEvents = events.map { Completion(modelIDOrMarker(ofImplementation: $0.coordinator), $0.result) }
        if !(implEvents.isEmpty && modelStep.events.isEmpty),
           Set(implEvents) != Set(modelStep.events) || implEvents.count != modelStep.events.count {
            func list(_ es: [Completion]) -> String { es.isEmpty ? "none" : es.map(\.description).sorted().joined(separator: ", ") }
            problems.append("the model's events are \(list(modelStep.events)), the implementation's \(list(implEvents))")
        }
        guard let implAfter else { return problems.isEmpty ? nil : problems.joined(separator: "; ") }
        if !sameState {
            problems.append(TreeDifference.firstDifference(model: modelStep.state, implementation: implAfter))
        }
        // The library's own answer: the coordinator it says is on top, read against its tree.
        if let said = top, CoordinatorID(said) != implAfter.top() {
            let shown = implAfter.top().map { modelName(ofImplementation: $0) } ?? "none"
            problems.append("the implementation says \(modelName(ofImplementation: CoordinatorID(said))) is on top, its tree shows \(shown) (docs/SEMANTICS.md §3)")
        }
        if let said = selected {
            let tab = implAfter.index(of: implAfter.root).flatMap { implAfter.coordinators[$0].tab }
            let shown = tab.flatMap { $0.coordinator(for: $0.current) }
            if CoordinatorID(said) != shown {
                let name = shown.map { modelName(ofImplementation: $0) } ?? "no tab bar at the root"
                problems.append("the implementation says \(modelName(ofImplementation: CoordinatorID(said))) shows the root's current page, its tree shows \(name) (docs/SEMANTICS.md §2.1)")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
