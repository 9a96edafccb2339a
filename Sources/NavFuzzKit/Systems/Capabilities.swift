@_spi(Engine) import CoordinatorModel

/// What an implementation offers, and the dialect it speaks (docs/VERIFY.md §2.1). NavFuzz sends nothing else, explores
/// only presets whose root it can set up, and looks only for the `sometimes` states it can
/// reach. The default offers every action but the opt-in transitions.
public struct Capabilities: Sendable, Hashable {
    /// The action kinds it offers. The default is `ActionName.standard`: the opt-in
    /// transitions (docs/SEMANTICS.md §4.7) are offered only when listed.
    public var actions: Set<ActionName>
    /// The modal styles it offers (a library without `overlay`, say). `push` starts and
    /// redirects come with `start` and `redirect`; `present` with `push`, which the model
    /// refuses, is sent only when `push` is listed (a library whose `present` takes it).
    public var styles: Set<Style>
    /// The kinds its root can be: presets with another root are skipped, and said so. A
    /// library without tab bars offers `[.navigation]`.
    public var rootKinds: Set<Kind>
    /// The kinds of coordinator it can start (`start`, `forcePresentation`).
    public var kinds: Set<Kind>
    /// False (the default): the runner answers the calls the model refuses as malformed before
    /// looking at a screen (arguments outside the alphabets: `invalid`; ids never made:
    /// `noSuchCoordinator`, docs/SEMANTICS.md §4.1) and never sends them, so an adapter only
    /// maps calls. Calls on coordinators that ended (a second `finishFlow`, a `pop` on a
    /// finished flow) are sent whatever this says: the adapter answers `noSuchCoordinator`
    /// when the coordinator's object is gone (`CoordinatorIDs.object` is nil) and calls the
    /// library when it lives. True: the malformed calls are sent too, and the system refuses
    /// them with the model's reason.
    public var receivesInvalidCalls: Bool
    /// Action kinds the library offers only on a coordinator that presents nothing (its
    /// contract forbids them under a sheet); `apply` may answer `SystemStep.notOffered` for
    /// them where the coordinator they name presents a modal. Default: none.
    public var offeredOnlyOnTopLayer: Set<ActionName>
    /// True: the library traps (an assertion in a debug build, a precondition) on calls its
    /// contract forbids, and the model refuses them. An assertion or precondition on a call
    /// the model refuses then counts as that refusal: the system is started again, put back
    /// where it was, and the run goes on, with no `no-crash` failure and nothing counted
    /// towards giving up. A runtime trap (an index out of range, nil unwrapped, an overflow, a
    /// signal), and any trap on a call the model applies, is still a `no-crash` failure. Needs
    /// a process to trap in: a driver, or a child process, where `expectConformance` and
    /// `assertConformance` run such an adapter whatever `runIn` says.
    public var trapsOnRefusedCalls: Bool
    /// Where the library legitimately differs from the strict model (docs/SEMANTICS.md §9):
    /// every configuration it is verified under follows this dialect. Default: strict.
    public var dialect: Dialect
    /// True: `reset` starts the configuration's launch child (`Configuration.launch`), as an
    /// app whose root presents a flow as it starts does. Corpus traces with a launch run only
    /// on such a system; the others skip them with a note. Default: false.
    public var launches: Bool
    /// True: `reset` and every tab set up show the configuration's start page
    /// (`Configuration.startPage`), as a library whose tab coordinator takes an initial page
    /// does (SUICoordinator's `initialPage:`). The default run then explores a tab root that
    /// starts on its second page too; corpus traces with a start page run only on such a
    /// system. Default: false.
    public var startPage: Bool

    /// What a library offers; every argument defaults to everything (invalid calls: answered by NavFuzz, dialect: strict).
    public init(actions: Set<ActionName> = Set(ActionName.standard), styles: Set<Style> = Set(Style.allCases),
                rootKinds: Set<Kind> = [.navigation, .tab], kinds: Set<Kind> = Set(Kind.allCases),
                receivesInvalidCalls: Bool = false, trapsOnRefusedCalls: Bool = false,
                offeredOnlyOnTopLayer: Set<ActionName> = [], dialect: Dialect = .strict, launches: Bool = false,
                startPage: Bool = false) {
        self.actions = actions; self.styles = styles; self.rootKinds = rootKinds; self.kinds = kinds
        self.receivesInvalidCalls = receivesInvalidCalls; self.trapsOnRefusedCalls = trapsOnRefusedCalls
        self.offeredOnlyOnTopLayer = offeredOnlyOnTopLayer; self.dialect = dialect; self.launches = launches
        self.startPage = startPage
    }

    /// Whether `action` is one the system offers: its kind, every modal style and coordinator
    /// kind it names, and its parts'.
    public func offers(_ action: Action) -> Bool {
        guard actions.contains(action.name) else { return false }
        switch action {
        case .present(_, _, let s):
            return styles.contains(s)
        case .redirect(_, _, let s):
            return s == .push || styles.contains(s)
        case .start(_, let k, let s, _), .forcePresentation(let k, let s, _):
            return (s == .push || styles.contains(s)) && kinds.contains(k)
        case .multiple(_, let parts):
            return parts.allSatisfy(offers)
        case .redirectTo(_, let part):
            return offers(part)
        case .switchRoot(let k, _):
            return rootKinds.contains(k)
        case .startStack(_, let s, _):
            return s == .push || styles.contains(s)
        default:
            return true
        }
    }

    /// Why a system's claim that `action` is not offered in `state` does not hold; nil when
    /// its capabilities allow the claim there.
    func notOfferedClaimFails(_ action: Action, in state: State) -> String? {
        guard offeredOnlyOnTopLayer.contains(action.name) else {
            return "the implementation says '\(action)' is not offered here, but its capabilities offer \(action.name.rawValue) everywhere (offeredOnlyOnTopLayer does not list it)"
        }
        let presents = action.coordinators.contains { c in state.index(of: c).map { state.modalCount(at: $0) > 0 } ?? false }
        return presents ? nil : "the implementation says '\(action)' is not offered here, but the coordinator it names presents nothing: offeredOnlyOnTopLayer offers it here"
    }

    /// Why the system cannot start in `configuration` (its root kind, launch or start page
    /// is not one it declares); nil when it can. A preset or corpus trace it cannot start is
    /// skipped with this reason, never run to fail at its first state.
    func cannotStart(_ configuration: Configuration) -> String? {
        if !rootKinds.contains(configuration.rootKind) {
            return "the implementation offers no \(configuration.rootKind) root"
        }
        if let launch = configuration.launch, !launches {
            return "it starts with the launch '\(launch)', and the implementation does not declare launches (Capabilities.launches)"
        }
        if let page = configuration.startPage, !startPage {
            return "its tabs start on \(page), and the implementation does not declare start pages (Capabilities.startPage)"
        }
        return nil
    }

    /// Whether a tab coordinator can ever be part of the system's state.
    var hasTabs: Bool { rootKinds.contains(.tab) || (kinds.contains(.tab) && !actions.isDisjoint(with: [.start, .forcePresentation])) }

    /// Whether the runner, not the system, answers `action` in `state`, which the model
    /// refuses with `outcome`: malformed arguments, and ids never made. An id of a coordinator
    /// that ended is the system's to answer.
    func runnerAnswers(_ outcome: Outcome, _ action: Action, in state: State) -> Bool {
        guard !receivesInvalidCalls, case .refused(let reason) = outcome else { return false }
        if reason == .invalid { return true }
        return reason == .noSuchCoordinator && action.coordinators.contains { $0.index >= state.nextID }
    }
}
