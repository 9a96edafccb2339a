@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit

/// The adapter between NavFuzz and the sample library: turns model actions into library calls
/// and gestures, library errors into refusal reasons, finish callbacks into completion events,
/// and the coordinator objects into the observable state. This is the file a library's user
/// writes to verify their coordinators (docs/VERIFY.md).
public final class SampleSystem: StateSavingSystem {
    public let mutant: Mutant?
    /// Whether `dismiss-nothing-crashes` really crashes the process (the driver passes true).
    public let crashes: Bool
    /// Whether the app's coordinator may be a one-screen redirection coordinator too: a view
    /// root declared in `capabilities` (docs/SEMANTICS.md §2.2).
    public let viewRoot: Bool
    public private(set) var navigator: Navigator
    private var configuration = Configuration()
    private var events: [Completion] = []
    /// Saved states: copies of the whole app, with the configuration they run under.
    private var saved: [Int: (navigator: Navigator, configuration: Configuration)] = [:]

    /// How reports name it: the driver says how it was started.
    public let name: String

    public init(mutant: Mutant? = nil, crashes: Bool = false, viewRoot: Bool = false, name: String = "SampleSystem") {
        self.mutant = mutant
        self.crashes = crashes
        self.viewRoot = viewRoot
        self.name = name
        navigator = Navigator(rootKind: .navigation, initialPages: [TabPage(0), TabPage(1)])
    }

    /// Everything, and invalid calls too: the library refuses them itself, and the
    /// `ended-coordinator-crashes` mutant is found only by calls on coordinators that ended.
    /// A view root only when asked for.
    public var capabilities: Capabilities {
        var c = Capabilities(receivesInvalidCalls: true)
        if viewRoot { c.rootKinds.insert(.redirection) }
        return c
    }

    public func reset(configuration: Configuration) {
        self.configuration = configuration
        navigator = Navigator(rootKind: kind(configuration.rootKind),
                              initialPages: configuration.initialPages.map { TabPage(Int($0.index)) },
                              mutant: mutant, crashes: crashes)
        navigator.didFinishFlow = { [unowned self] c, result in
            self.events.append(Completion(CoordinatorID(c.id), result == .finished ? .finished : .cancelled))
        }
    }

    // MARK: - Saved states

    public func saveState(as id: Int) {
        saved[id] = (navigator.copy(), configuration)
    }

    public func restoreState(_ id: Int) -> Bool {
        guard let s = saved[id] else { return false }
        // A copy again: the saved one must stay as it was for the next restore.
        navigator = s.navigator.copy()
        configuration = s.configuration
        return true
    }

    public func forgetSavedStates() { saved.removeAll() }

    public func apply(_ action: Action) -> SystemStep {
        events.removeAll(keepingCapacity: true)
        guard configuration.accepts(action) else { return SystemStep(outcome: .refused(.invalid)) }
        do {
            try perform(action)
            return SystemStep(outcome: .applied, events: events)
        } catch {
            return SystemStep(outcome: .refused(reason(error)), events: events)
        }
    }

    /// Builds the state straight from the coordinator objects the navigator counts as live
    /// (started, not ended): what each holds, and which of them it shows where.
    public func observedState() -> State {
        let live = navigator.live
        var out: [CoordinatorModel.Coordinator] = []
        out.reserveCapacity(live.count)
        for id in live.keys.sorted() { if let c = live[id] { out.append(describe(c)) } }
        // Built in id order already: set the list instead of letting `State.init` sort a copy.
        var state = State(coordinators: [], root: CoordinatorID(navigator.root.id), nextID: Int32((out.last.map { Int($0.id.index) } ?? 0) + 1))
        state.coordinators = out
        return state
    }

    /// One coordinator as the model writes it.
    private func describe(_ c: Coordinator) -> CoordinatorModel.Coordinator {
        var children = c.children.map { CoordinatorID($0.id) }
        if !children.isEmpty && zip(children, children.dropFirst()).contains(where: { $0 > $1 }) { children.sort() }
        var tab: TabState?
        if let t = c as? TabCoordinator {
            tab = TabState(pages: t.pages.map { Page($0.number) }, current: Page(t.currentPage.number),
                           badges: t.badges.isEmpty ? [] : t.badges.map { TabState.Badge(page: Page($0.key.number), value: $0.value) }.sorted { $0.page < $1.page },
                           pageCoordinators: t.pageCoordinators.map { CoordinatorID($0.id) })
        }
        return CoordinatorModel.Coordinator(
            id: CoordinatorID(c.id), kind: kind(c.kind), parent: c.parent.map { CoordinatorID($0.id) }, children: children,
            initialRoute: Route(c.kind == .tab ? 0 : c.initialScreen.number),
            stack: c.router.stack.map(entry), modals: c.router.presented.map { Modal(style($0.style), entry($0.content)) }, tab: tab)
    }

    public func coordinatorObject(id: Int) -> AnyObject? { find(id) }

    // MARK: - Actions to library calls

    private func perform(_ action: Action) throws(NavigationError) {
        switch action {
        case .push(let c, _), .pop(let c), .popToRoot(let c), .popTo(let c, _), .setRoot(let c, _), .replaceRoot(let c, _),
             .present(let c, _, _), .dismissAll(let c), .close(let c), .set(let c, _), .none(let c):
            try coordinator(c).perform(command(action))
        case .dismiss(let c):
            try coordinator(c).dismiss()
        case .multiple(let c, let parts):
            try coordinator(c).perform(all: parts.map(command))
        case .restart(let c):
            try coordinator(c).restart()
        case .start(let c, let k, let s, let r):
            let parent = try coordinator(c)
            try parent.navigate(to: navigator.makeCoordinator(kind(k), initialScreen: Screen(Int(r.index))), style: style(s))
        case .finishFlow(let c):
            try coordinator(c).finishFlow()
        case .forcePresentation(let k, let s, let r):
            try navigator.forcePresentation(kind(k), style: style(s), screen: Screen(Int(r.index)))
        case .restartApp:
            navigator.restartApp()
        case .redirect(let c, let r, let s):
            guard let redirection = try coordinator(c) as? RedirectionCoordinator else { throw .unsupported }
            try redirection.redirect(Screen(Int(r.index)), style: style(s))
        case .select(let t, let p):
            try tab(t).select(TabPage(Int(p.index)))
        case .setPages(let t, let pages, let current):
            try tab(t).setPages(pages.map { TabPage(Int($0.index)) }, current: current.map { TabPage(Int($0.index)) })
        case .setBadge(let t, let p, let v):
            try tab(t).setBadge(TabPage(Int(p.index)), v)
        case .tabPopToRoot(let t):
            try tab(t).popCurrentPageToRoot()
        case .userBack:
            try navigator.userTappedBack()
        case .userSwipeDismiss:
            try navigator.userSwipedDown()
        case .userSelectTab(let p):
            try navigator.userTappedTab(TabPage(Int(p.index)))
        case .switchRoot, .redirectTo, .startShared, .setStack, .startStack:
            throw .unsupported   // not in capabilities: never sent
        }
    }

    private func command(_ action: Action) -> RouterCommand {
        switch action {
        case .push(_, let r): .push(Screen(Int(r.index)))
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .popTo(_, let r): .popTo(Screen(Int(r.index)))
        case .setRoot(_, let r): .setRoot(Screen(Int(r.index)))
        case .replaceRoot(_, let r): .replaceRoot(Screen(Int(r.index)))
        case .present(_, let r, let s): .present(Screen(Int(r.index)), style(s))
        case .dismiss: .dismiss
        case .dismissAll: .dismissAll
        case .close: .close
        case .set(_, let r): .set(Screen(Int(r.index)))
        default: .none
        }
    }

    private func reason(_ error: NavigationError) -> RefusalReason {
        switch error {
        case .unsupported: .unsupported
        case .atRoot: .atRoot
        case .notFound: .notFound
        case .nothingPresented: .nothingPresented
        case .nothingToClose: .nothingToClose
        case .isRoot: .isRoot
        case .noBack: .noBack
        case .notDismissible: .notDismissible
        case .noTabBar: .noTabBar
        case .noSuchCoordinator: .noSuchCoordinator
        }
    }

    // MARK: - Lookups and conversions

    private func coordinator(_ id: CoordinatorID) throws(NavigationError) -> Coordinator {
        guard let c = find(Int(id.index)) else { throw .noSuchCoordinator }
        return c
    }

    private func tab(_ id: CoordinatorID) throws(NavigationError) -> TabCoordinator {
        guard let t = try coordinator(id) as? TabCoordinator else { throw .unsupported }
        return t
    }

    private func find(_ id: Int) -> Coordinator? { navigator.coordinator(id: id) }

    private func kind(_ k: CoordinatorKind) -> Kind {
        switch k {
        case .navigation: .navigation
        case .tab: .tab
        case .redirection: .redirection
        }
    }

    private func kind(_ k: Kind) -> CoordinatorKind {
        switch k {
        case .navigation: .navigation
        case .tab: .tab
        case .redirection: .redirection
        }
    }

    private func style(_ s: Style) -> PresentationStyle {
        switch s {
        case .push: .push
        case .sheet: .sheet
        case .detents: .detents
        case .fullScreen: .fullScreen
        case .overlay: .overlay
        case .custom: .custom
        }
    }

    private func style(_ s: PresentationStyle) -> Style {
        switch s {
        case .push: .push
        case .sheet: .sheet
        case .detents: .detents
        case .fullScreen: .fullScreen
        case .overlay: .overlay
        case .custom: .custom
        }
    }

    private func entry(_ e: RouterEntry) -> Entry {
        switch e {
        case .screen(let s): .screen(Route(s.number))
        case .coordinator(let c): .child(CoordinatorID(c.id))
        }
    }
}
