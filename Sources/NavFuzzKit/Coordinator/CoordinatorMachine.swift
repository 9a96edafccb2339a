@_spi(Engine) import CoordinatorModel

/// The coordinator model as a `StateMachine`: the one file of the engine that knows coordinators.
@_spi(Engine) public struct CoordinatorMachine: ExplorableMachine, FuzzableMachine, ShrinkableMachine, DescribedMachine {
    @_spi(Engine) public let model: Model
    @_spi(Engine) public let bounds: Bounds
    @_spi(Engine) public let domain: Domain

    /// `domain` as the model's dialect enumerates it.
    @_spi(Engine) public init(model: Model, bounds: Bounds, domain: Domain) {
        self.model = model; self.bounds = bounds; self.domain = domain.spoken(in: model.configuration.dialect)
    }

    @_spi(Engine) public init(preset: Preset, fault: Fault? = nil) {
        self.init(model: Model(configuration: preset.configuration, fault: fault), bounds: preset.bounds, domain: preset.domain)
    }

    @_spi(Engine) public func initialStates() -> [CoordinatorModel.State] { [model.initialState()] }

    @_spi(Engine) public func actions(in state: CoordinatorModel.State, into actions: inout [Action]) {
        domain.actions(in: state, into: &actions)
    }

    /// Without the up-front refusals: `Model.step` answers them with the state it was given
    /// and no events, on which no invariant can fail (docs/SEMANTICS.md §6.2).
    @_spi(Engine) public func explorationActions(in state: CoordinatorModel.State, into actions: inout [Action]) -> Int {
        domain.actions(in: state, notRefusedUpFrontBy: model, into: &actions)
    }

    @_spi(Engine) public func leavesUnchanged(_ state: CoordinatorModel.State, _ step: Step) -> Bool { step.state == state }

    @_spi(Engine) public func step(_ state: CoordinatorModel.State, _ action: Action) -> Step {
        model.step(state, action)
    }

    /// Into the storage of the step before: no allocation per step (`Model.step(_:_:into:)`).
    /// Exploration's actions are those `explorationActions` kept, which passed the up-front
    /// refusals: they are not asked again.
    @_spi(Engine) public func step(_ state: CoordinatorModel.State, _ action: Action, into step: inout Step?) {
        // Matched, not compared with nil: comparing copies the step, and the copy ends its uniqueness.
        switch step {
        case .none: step = model.step(state, action)
        case .some: model.step(state, passedUpFront: action, into: &step!)
        }
    }

    @_spi(Engine) public func successor(of step: Step) -> CoordinatorModel.State? {
        step.outcome.isRefused ? nil : step.state
    }

    /// The twelve invariants (property `k` is `Invariant.all[k]`), then the `sometimes`
    /// properties of `SometimesProperty.all`.
    @_spi(Engine) public var properties: [Property<CoordinatorMachine>] {
        Invariant.all.map { invariant in
            switch invariant.check {
            case .state(let check):
                Property(name: invariant.name, summary: invariant.summary, check: .state(check))
            case .transition(let check):
                Property(name: invariant.name, summary: invariant.summary, check: .transition { [configuration = model.configuration] in check($0, $1, $2, configuration) })
            }
        } + SometimesProperty.all.map { Property(name: $0.name, summary: $0.summary, check: .sometimes($0.holds)) }
    }

    /// The invariants called directly, not through closures (`Invariant.checkAll`); property
    /// `k` of `properties` is `Invariant.all[k]`. The `sometimes` properties go through
    /// their closures, only until each is reached.
    @_spi(Engine) public func checkState(_ state: CoordinatorModel.State, _ checks: PropertyChecks<CoordinatorMachine>,
                           report: (Int, String) -> Void) {
        Invariant.checkAll(state, report: report)
    }

    @_spi(Engine) public func checkTransition(_ state: CoordinatorModel.State, _ action: Action, _ step: Step,
                                _ checks: PropertyChecks<CoordinatorMachine>, report: (Int, String) -> Void) {
        Invariant.checkAll(state, action, step, model.configuration, report: report)
    }

    @_spi(Engine) public func isWithinBounds(_ state: CoordinatorModel.State) -> Bool { bounds.contains(state) }

    @_spi(Engine) public func encode(_ state: CoordinatorModel.State, into bytes: inout [UInt8]) {
        state.encodeCanonical(into: &bytes)
    }

    @_spi(Engine) public func decode(_ bytes: ArraySlice<UInt8>) -> CoordinatorModel.State? {
        CoordinatorModel.State(canonicalEncoding: bytes)
    }

    /// Replays the canonical path from the concrete initial state, renaming each action's
    /// coordinators from canonical ids to the creation-order ids of the concrete state.
    @_spi(Engine) public func concretize(_ path: [Action], from initial: CoordinatorModel.State) -> [Action] {
        var state = initial
        return path.map { action in
            let order = state.canonicalOrder()
            let concrete = action.retargeted { id in
                Int(id.index) < order.count ? state.id(at: order[Int(id.index)]) : id
            }
            state = model.step(state, concrete).state
            return concrete
        }
    }

    @_spi(Engine) public func describe(_ state: CoordinatorModel.State) -> String { state.description }
    @_spi(Engine) public func describe(_ action: Action) -> String { action.description }

    @_spi(Engine) public func parseAction(_ text: String) throws(ActionParseError) -> Action {
        do { return try Action(parsing: text) } catch { throw ActionParseError(column: error.column, message: error.message) }
    }

    @_spi(Engine) public func refusal(of step: Step) -> String? {
        if case .refused(let reason) = step.outcome { return reason.rawValue }
        return nil
    }

    @_spi(Engine) public func kindName(of action: Action) -> String { action.name.rawValue }

    @_spi(Engine) public func replica() -> CoordinatorMachine {
        var configuration = model.configuration
        configuration.initialPages = configuration.initialPages.map { $0 }
        var domain = self.domain
        domain.routes = domain.routes.map { $0 }
        domain.pages = domain.pages.map { $0 }
        domain.startKinds = domain.startKinds.map { $0 }
        domain.startStyles = domain.startStyles.map { $0 }
        domain.forceStyles = domain.forceStyles.map { $0 }
        domain.presentStyles = domain.presentStyles.map { $0 }
        domain.pageLists = domain.pageLists.map { $0.map { $0 } }
        domain.badgeValues = domain.badgeValues.map { $0 }
        return CoordinatorMachine(model: Model(configuration: configuration, fault: model.fault), bounds: bounds, domain: domain)
    }
}

extension Explorer where M == CoordinatorMachine {
    /// Explores the coordinator model. Calling through this concrete entry point lets the
    /// compiler specialize the generic engine for the model (a large speed-up).
    @_spi(Engine) public static func coordinators(_ machine: CoordinatorMachine, options: Options) -> ExplorationReport<CoordinatorMachine> {
        Explorer(machine, options: options).run()
    }
}
