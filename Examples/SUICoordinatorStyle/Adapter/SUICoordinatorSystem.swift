import CoordinatorModel
import NavFuzzKit
import SUIStyleCoordinators

/// Both libraries have a `Coordinator`; this is the app's, for its one route type.
typealias AppCoordinator = SUIStyleCoordinators.Coordinator<FuzzRoute>

// MARK: - The app the adapter builds: one route type, one page type, three coordinator classes

/// The model's route `r<n>`, in the style of the call that showed it.
struct FuzzRoute: RouteType {
    var number: Int
    var presentationStyle: TransitionPresentationStyle
}

/// The model's page `p<n>`: each page is a navigation flow that starts at `r0`.
struct FuzzPage: TabPage {
    var number: Int
    var position: Int { number }
    @MainActor func coordinator() -> CoordinatorBase { FlowCoordinator(first: 0) }
}

/// `navigation`: a stack whose first screen is the route it was started with.
final class FlowCoordinator: AppCoordinator {
    let first: Int
    init(first: Int) { self.first = first; super.init() }
    override func start() async { await startFlow(route: FuzzRoute(number: first, presentationStyle: .push)) }
}

/// `redirection` (CoordinatorX's `.parent(route)`): one screen; `redirect` shows a route on the parent.
final class RedirectCoordinator: AppCoordinator {
    let first: Int
    init(first: Int) { self.first = first; super.init() }
    override var takesPushes: Bool { false }
    override func start() async { await startFlow(route: FuzzRoute(number: first, presentationStyle: .push)) }
    func redirect(_ route: FuzzRoute) async {
        await (parent as? AppCoordinator)?.navigate(toRoute: route, presentationStyle: route.presentationStyle)
    }
}

/// `tab`.
final class PagesCoordinator: TabCoordinator<FuzzPage, FuzzRoute> {}

// MARK: - The adapter

/// NavFuzz's view of a SUICoordinator-style app. It lives on the main actor like the library,
/// and NavFuzz awaits its async calls from its own thread.
@MainActor
public final class SUICoordinatorSystem: AsyncNavigationSystem {
    /// The library's bugs to build the app with (for NavFuzz's own tests; an app has none).
    public let faults: Set<LibraryFault>
    /// The library's transitions run one at a time (a transition queue), and the adapter
    /// hands its wait for a turn to NavFuzz (docs/VERIFY.md §2.4).
    public let serialized: Bool
    private var configuration = Configuration()
    private var root: AppCoordinator?
    /// Ids in first-seen order. Objects are held weakly, so ids never keep a coordinator alive.
    private var ids = CoordinatorIDs()
    private var walked: [AppCoordinator]?
    /// Where the library waits for SwiftUI's animations: NavFuzz decides when each goes on,
    /// and overlaps calls there (docs/VERIFY.md §2.4).
    public let suspensionPoints: SuspensionPoints?

    /// Whether the wait for a turn goes through `suspensionPoints` (false only for NavFuzz's
    /// own test of a wait not handed over).
    let handsOverWaits: Bool

    /// `animated`: the library waits for its animations on NavFuzz's clock; `serialized`: its
    /// transitions wait their turn.
    public init(faults: Set<LibraryFault> = [], animated: Bool = true, serialized: Bool = false, handsOverWaits: Bool = true) {
        self.faults = faults
        self.serialized = serialized
        self.handsOverWaits = handsOverWaits
        suspensionPoints = animated ? SuspensionPoints() : nil
    }

    /// What this library offers: no `popTo`, `replaceRoot`, `set`, `dismissAll` or `multiple`,
    /// and no `overlay` presentation. NavFuzz never sends anything else, and answers calls with
    /// arguments outside the alphabets or ids of no live coordinator itself. A tab starts on
    /// the page it is made with (`currentPage:`), so NavFuzz checks start pages too.
    public let capabilities = Capabilities(
        actions: [.push, .pop, .popToRoot, .setRoot, .present, .dismiss, .close, .none, .restart, .start, .finishFlow,
                  .forcePresentation, .restartApp, .redirect, .select, .setPages, .setBadge, .tabPopToRoot,
                  .userBack, .userSwipeDismiss, .userSelectTab],
        styles: [.sheet, .detents, .fullScreen, .custom], dialect: .pushedDeepLink, startPage: true)

    public func reset(configuration: Configuration) async {
        self.configuration = configuration
        ids.removeAll(); walked = nil
        let root: AppCoordinator = configuration.rootKind == .tab ? makeTab() : FlowCoordinator(first: 0)
        root.faults = faults
        if let points = suspensionPoints {
            var animations = Animations(clock: AttributingClock(base: points.clock, system: self))
            // The wait for a turn is handed over too, the endings before it noted as at a sleep.
            if handsOverWaits {
                animations.waitUntil = { [unowned self] ready in
                    let call = RunningCall.endings
                    pause(call)
                    await points.wait(until: ready)
                    go(call)
                }
            }
            root.animations = animations
        }
        root.serializesTransitions = serialized
        self.root = root
        await root.start()
        walked = nil
    }

    /// Another call may run while this one waits for an animation: what a step needs stays in
    /// its own variables, and the tree is walked afresh after the wait.
    public func apply(_ action: Action) async -> SystemStep {
        let call = CallEndings(live: liveIDs())
        var finishing: Set<Int> = []
        let outcome = await RunningCall.$endings.withValue(call) { await perform(action, finishing: &finishing) }
        call.pause(live: liveIDs())
        // This library has no completion callback: a coordinator completed when it left the
        // tree while this call ran (not while it waited for an animation and another ran).
        // Its answers to a deep link's questions are compared too: what it says the user sees,
        // and which page's flow the root tab bar says is selected.
        return SystemStep(outcome: outcome, events: call.ended.sorted().map { Completion(CoordinatorID($0), finishing.contains($0) ? .finished : .cancelled) },
                          top: root.map { id($0.getCoordinatorPresented()) },
                          selected: (root as? PagesCoordinator).flatMap { try? $0.getCoordinatorSelected() }.map(id))
    }


    /// The coordinators one call ended: those that left the tree between the moments it went
    /// on and the moments it waited.
    @MainActor final class CallEndings: Sendable {
        private(set) var ended: Set<Int> = []
        private var live: Set<Int>
        init(live: Set<Int>) { self.live = live }
        func pause(live now: Set<Int>) { ended.formUnion(live.subtracting(now)) }
        func go(live now: Set<Int>) { live = now }
    }

    /// The clock the library waits on: NavFuzz's, noting what the call ended before it waits.
    struct AttributingClock: Clock {
        let base: SuspensionClock
        unowned let system: SUICoordinatorSystem
        var now: SuspensionClock.Instant { base.now }
        var minimumResolution: Duration { base.minimumResolution }
        func sleep(until deadline: SuspensionClock.Instant, tolerance: Duration?) async throws {
            let call = RunningCall.endings
            await system.pause(call)
            try await base.sleep(until: deadline, tolerance: tolerance)
            await system.go(call)
        }
    }

    private func pause(_ call: CallEndings?) { call?.pause(live: liveIDs()) }
    private func go(_ call: CallEndings?) { call?.go(live: liveIDs()) }

    public func observedState() -> State {
        guard let root else { return State(coordinators: [], root: CoordinatorID(0)) }
        return State(coordinators: live().map(describe), root: CoordinatorID(id(root)))
    }

    public func coordinatorObject(id: Int) -> AnyObject? { ids.object(id) }

    // MARK: Actions

    /// Every call the library offers is made, refusals included: the library answers whether
    /// it did something. (A comparison of the state before and after the call would see what
    /// a call that overlaps it changed.)
    private func unless(_ done: Bool, _ reason: RefusalReason) -> Outcome {
        done ? .applied : .refused(reason)
    }

    /// The coordinators the current `finishFlow` finishes go in `finishing`; every other one that ends is cancelled.
    private func perform(_ action: Action, finishing: inout Set<Int>) async -> Outcome {
        // A coordinator that ended (a second `finishFlow`, a tap on a flow already gone): its
        // object is gone, and the model refuses first of all.
        if action.coordinators.contains(where: { find($0) == nil }) { return .refused(.noSuchCoordinator) }
        switch action {
        // On a tab bar too: the library ignores a push there, and a tab's path stays empty.
        case .push(let c, let r):
            guard let co = find(c) else { return .refused(.noSuchCoordinator) }
            await co.navigate(toRoute: FuzzRoute(number: Int(r.index), presentationStyle: .push), presentationStyle: .push)
            if ignoredOnTabBar(co) || !co.takesPushes { return .refused(.unsupported) }
        case .pop(let c):
            guard let co = find(c), !(co is RedirectCoordinator) else { return .refused(.unsupported) }
            return unless(await co.router.pop(), co is PagesCoordinator ? .unsupported : .atRoot)
        case .popToRoot(let c):
            guard let co = find(c), !(co is RedirectCoordinator) else { return .refused(.unsupported) }
            await co.router.popToRoot()
            if ignoredOnTabBar(co) { return .refused(.unsupported) }
        case .setRoot(let c, let r):
            guard let co = find(c), !(co is PagesCoordinator) else { return .refused(.unsupported) }
            await co.startFlow(route: FuzzRoute(number: Int(r.index), presentationStyle: .push))
        case .present(let c, let r, let style):
            guard let co = find(c), let s = suiStyle(style), s != .push else { return .refused(.unsupported) }
            await co.router.present(FuzzRoute(number: Int(r.index), presentationStyle: s), presentationStyle: s)
        case .dismiss(let c):
            guard let co = find(c) else { return .refused(.noSuchCoordinator) }
            return unless(await co.router.dismiss(), .nothingPresented)
        case .close(let c):
            guard let co = find(c) else { return .refused(.noSuchCoordinator) }
            return unless(await co.close(), .nothingToClose)
        case .none:
            break
        case .restart(let c):
            guard let co = find(c) else { return .refused(.noSuchCoordinator) }
            await co.restart()
        case .start(let c, let kind, let style, let r):
            guard let parent = find(c), let s = suiStyle(style) else { return .refused(.unsupported) }
            let child = make(kind, route: Int(r.index))
            await parent.navigate(to: child, presentationStyle: s)
            // The library ignores a push onto a tab bar or the app's one-screen coordinator, or
            // of a tab bar: the child never got a parent.
            if child.parent == nil { return .refused(.unsupported) }
        case .finishFlow(let c):
            guard let co = find(c) else { return .refused(.noSuchCoordinator) }
            // A tab page's flow finishes its tab: both complete as finished.
            finishing = Set([id(co)] + ((co.parent as? PagesCoordinator).map { [id($0)] } ?? []))
            await co.finishFlow()
            // The library ignores the root's `finishFlow`, and a page's when its tab is the root.
            walked = nil
            return find(c) == nil ? .applied : .refused(.isRoot)
        case .forcePresentation(let kind, let style, let r):
            guard let s = suiStyle(style) else { return .refused(.unsupported) }
            guard let root else { return .refused(.noSuchCoordinator) }
            let child = make(kind, route: Int(r.index))
            do {
                // The README's deep link names no style for a sheet: the library's default.
                if s == .sheet { try await child.forcePresentation(rootCoordinator: root) }
                else { try await child.forcePresentation(presentationStyle: s, rootCoordinator: root) }
            } catch NavigationError.coveredByScreen {
                return .refused(.unsupported)
            } catch {
                return .refused(.noSuchCoordinator)
            }
            // A push the library ignored (onto a one-screen coordinator, of a tab bar): never
            // attached. (One an overlapping call ended has finished, and may have lost its parent.)
            if s == .push && child.parent == nil && !child.isFinished { return .refused(.unsupported) }
        case .restartApp:
            guard let root else { return .refused(.noSuchCoordinator) }
            await root.restart()
        case .redirect(let c, let r, let style):
            guard let red = find(c) as? RedirectCoordinator, let parent = red.parent, let s = suiStyle(style) else {
                return .refused(.unsupported)
            }
            if s == .push && !(parent is FlowCoordinator) { return .refused(.unsupported) }
            await red.redirect(FuzzRoute(number: Int(r.index), presentationStyle: s))
        case .select(let t, let p):
            guard let tab = find(t) as? PagesCoordinator else { return .refused(.unsupported) }
            // The library declines the current page too, which the model applies as no change.
            let page = FuzzPage(number: Int(p.index))
            return tab.setCurrentPage(page) || tab.currentPage == page ? .applied : .refused(.notFound)
        case .setPages(let t, let pages, let current):
            guard let tab = find(t) as? PagesCoordinator else { return .refused(.unsupported) }
            await tab.setPages(pages.map { FuzzPage(number: Int($0.index)) }, currentPage: current.map { FuzzPage(number: Int($0.index)) })
            // Ignored when the current page is not among the new ones.
            return current.map(pages.contains) == false ? .refused(.notFound) : .applied
        case .setBadge(let t, let p, let value):
            guard let tab = find(t) as? PagesCoordinator else { return .refused(.unsupported) }
            tab.setBadge(for: FuzzPage(number: Int(p.index)), with: value)
            return tab.pages.contains(FuzzPage(number: Int(p.index))) ? .applied : .refused(.notFound)
        case .tabPopToRoot(let t):
            guard let tab = find(t) as? PagesCoordinator else { return .refused(.unsupported) }
            await tab.popToRoot()
        case .userBack:
            // What SwiftUI does when the user goes back: it shortens the NavigationStack's path.
            guard let seen = visible(), let index = seen.stackIndex else { return .refused(.noBack) }
            if index >= 1 {
                seen.owner.router.items.removeLast()
            } else if let parent = seen.owner.parent as? FlowCoordinator,
                      case .coordinator(let top)? = parent.router.items.last, top === seen.owner {
                parent.router.items.removeLast()
            } else {
                return .refused(.noBack)
            }
        case .userSwipeDismiss:
            // What a sheet's onDismiss does when the user swipes it down.
            guard let holder = visible()?.modalHolder, let top = holder.router.sheets.last else { return .refused(.nothingPresented) }
            guard top.presentationStyle == .sheet || top.presentationStyle == .detents else { return .refused(.notDismissible) }
            holder.router.removeLastSheet()
        case .userSelectTab(let p):
            // What TabView's selection binding does on a tap.
            guard let tab = visible()?.tabBar else { return .refused(.noTabBar) }
            guard tab.pages.contains(FuzzPage(number: Int(p.index))) else { return .refused(.notFound) }
            tab.currentPage = FuzzPage(number: Int(p.index))
        case .popTo, .replaceRoot, .set, .dismissAll, .multiple, .switchRoot, .redirectTo, .startShared, .setStack, .startStack:
            return .refused(.unsupported)   // not in capabilities: never sent
        }
        return .applied
    }

    // MARK: The tree

    private func make(_ kind: Kind, route: Int) -> AppCoordinator {
        switch kind {
        case .navigation: FlowCoordinator(first: route)
        case .redirection: RedirectCoordinator(first: route)
        case .tab: makeTab()
        }
    }

    private func makeTab() -> PagesCoordinator {
        let pages = configuration.initialPages.map { FuzzPage(number: Int($0.index)) }
        return PagesCoordinator(pages: pages, currentPage: FuzzPage(number: Int(configuration.pageShownAtStart.index)))
    }

    private func id(_ c: AnyCoordinatorType) -> Int { ids.id(of: c) }

    /// A tab bar's own path stays empty: the library ignored a call on its router.
    private func ignoredOnTabBar(_ co: AppCoordinator) -> Bool { co is PagesCoordinator && co.router.items.isEmpty }

    private func find(_ id: CoordinatorID) -> AppCoordinator? {
        guard let c = ids.object(id, as: AppCoordinator.self) else { return nil }
        return live().contains { $0 === c } ? c : nil
    }

    /// Every coordinator reachable from the root through `children` or through the entries that show it.
    private func walk() -> [AppCoordinator] {
        guard let root else { return [] }
        let all = CoordinatorIDs.reachable(from: root) { c in
            var next = c.children.compactMap { $0 as? AppCoordinator }
            for item in entries(c) { if case .coordinator(let child) = item, let child = child as? AppCoordinator { next.append(child) } }
            for sheet in c.router.sheets {
                if case .coordinator(let child) = sheet.content, let child = child as? AppCoordinator { next.append(child) }
            }
            if let tab = c as? PagesCoordinator { next += tab.pages.compactMap { tab.getCoordinator(with: $0) as? AppCoordinator } }
            return next
        }
        for c in all { _ = id(c) }   // ids in walk order
        return all
    }

    /// Read afresh: another call may have changed the tree since the last look.
    private func liveIDs() -> Set<Int> {
        walked = nil
        return Set(live().map { id($0) })
    }

    /// The last walk, kept until the next step: the library changes only when called.
    private func live() -> [AppCoordinator] {
        if let walked { return walked }
        let all = walk()
        walked = all
        return all
    }

    /// The stack: the main view, then the path.
    private func entries(_ c: AppCoordinator) -> [RouterItem<FuzzRoute>] {
        (c.router.mainView.map { [$0] } ?? []) + c.router.items
    }

    private func entry(_ item: RouterItem<FuzzRoute>) -> Entry {
        switch item {
        case .route(let r): .screen(Route(r.number))
        case .coordinator(let c): .child(CoordinatorID(id(c)))
        }
    }

    private func describe(_ c: AppCoordinator) -> CoordinatorModel.Coordinator {
        let kind: Kind = c is PagesCoordinator ? .tab : c is RedirectCoordinator ? .redirection : .navigation
        let first = (c as? FlowCoordinator)?.first ?? (c as? RedirectCoordinator)?.first ?? 0
        var tab: TabState?
        if let t = c as? PagesCoordinator {
            tab = TabState(pages: t.pages.map { Page($0.number) }, current: Page(t.currentPage.number),
                           badges: t.badges.map { TabState.Badge(page: Page($0.key.number), value: $0.value) }.sorted { $0.page < $1.page },
                           pageCoordinators: t.pages.compactMap { t.getCoordinator(with: $0) }.map { CoordinatorID(id($0)) })
        }
        return CoordinatorModel.Coordinator(
            id: CoordinatorID(id(c)), kind: kind, parent: c.parent.map { CoordinatorID(id($0)) },
            children: c.children.map { CoordinatorID(id($0)) }.sorted(), initialRoute: Route(first),
            stack: entries(c).map(entry),
            modals: c.router.sheets.map { Modal(modelStyle($0.presentationStyle), entry($0.content)) }, tab: tab)
    }

    // MARK: What the user sees

    private struct Visible {
        var owner: AppCoordinator
        var stackIndex: Int?
        var modalHolder: AppCoordinator?
        var tabBar: PagesCoordinator?
    }

    /// The model's `descend` on the library's state: top sheet, else a tab's current page, else the top of the stack.
    private func visible() -> Visible? {
        guard var c = root else { return nil }
        var holder: AppCoordinator?
        var tabBar: PagesCoordinator?
        for _ in 0..<1000 {
            if let top = c.router.sheets.last {
                holder = c
                tabBar = nil
                guard case .coordinator(let next) = top.content, let n = next as? AppCoordinator else {
                    return Visible(owner: c, stackIndex: nil, modalHolder: holder, tabBar: nil)
                }
                c = n
                continue
            }
            if let tab = c as? PagesCoordinator {
                guard let page = tab.getCoordinator(with: tab.currentPage) as? AppCoordinator else { return nil }
                tabBar = tab
                c = page
                continue
            }
            let stack = entries(c)
            guard let top = stack.last else { return nil }
            guard case .coordinator(let next) = top, let n = next as? AppCoordinator else {
                return Visible(owner: c, stackIndex: stack.count - 1, modalHolder: holder, tabBar: tabBar)
            }
            c = n
        }
        return nil
    }

    // MARK: Styles

    private func suiStyle(_ s: Style) -> TransitionPresentationStyle? {
        switch s {
        case .push: .push
        case .sheet: .sheet
        case .detents: .detents
        case .fullScreen: .fullScreenCover
        case .custom: .custom
        case .overlay: nil
        }
    }

    private func modelStyle(_ s: TransitionPresentationStyle) -> Style {
        switch s {
        case .push: .push
        case .sheet: .sheet
        case .detents: .detents
        case .fullScreenCover: .fullScreen
        case .custom: .custom
        }
    }
}

/// The call running on this task, whose endings are its own.
enum RunningCall {
    @TaskLocal static var endings: SUICoordinatorSystem.CallEndings?
}
