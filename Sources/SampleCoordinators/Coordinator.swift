#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A coordinator written the way UIKit-era libraries write them: a class with a weak `parent`,
/// a `children` array, its own `Router`, and a finish callback. Navigation, tab and redirection
/// coordinators are subclasses. Children are ended — removed from `children`, their subtree
/// ended, their callbacks called — whenever the entry that shows them goes away, whether the
/// app asked (`pop`, `dismiss`, `finishFlow`) or the user did (the `didSwipe…` callbacks).
public class Coordinator {
    /// Handed out by the navigator when the coordinator is attached, in the order they are
    /// (-1 until then): a call that is refused uses up no id.
    public internal(set) var id: Int
    public let kind: CoordinatorKind
    public weak var parent: Coordinator?
    public internal(set) var children: [Coordinator] = []
    public let router = Router()
    /// What `start` and `restart` show first (tabs show their pages instead).
    public let initialScreen: Screen
    public internal(set) var isFinished = false
    /// Called once when this coordinator's flow ends.
    public var onFinish: ((Coordinator, FlowEnd) -> Void)?

    weak var navigator: Navigator? {
        didSet { mutant = navigator?.mutant }
    }
    /// The navigator's mutant, kept here because every command asks (a weak load each time costs).
    private(set) var mutant: Mutant?
    /// The `strong-parent-leak` mutant's strong back reference and cache of ended children.
    var strongParent: Coordinator?
    var endedChildren: [Coordinator] = []

    init(id: Int, kind: CoordinatorKind, initialScreen: Screen, navigator: Navigator?) {
        self.id = id
        self.kind = kind
        self.initialScreen = initialScreen
        self.navigator = navigator
        mutant = navigator?.mutant
    }

    /// Shows the first screen. Subclasses set up more.
    public func start() {
        router.contents.stack = [.screen(initialScreen)]
    }

    // MARK: - Router commands

    /// Performs one router command; throws without changing anything when it does not apply.
    public func perform(_ command: RouterCommand) throws(NavigationError) {
        checkAlive()
        if case .dismiss = command { return try dismiss() }
        end(try router.contents.apply(command, kind: kind, mutant: mutant))
    }

    /// Performs a batch atomically (CoordinatorX `.multiple`): tried on a copy of the router
    /// first, so that a refused command leaves everything as it was.
    public func perform(all commands: [RouterCommand]) throws(NavigationError) {
        checkAlive()
        var trial = router.contents
        if mutant != .multipleNotAtomic {
            for c in commands { _ = try trial.apply(c, kind: kind, mutant: mutant) }
        }
        for c in commands { end(try router.contents.apply(c, kind: kind, mutant: mutant)) }
    }

    public func push(_ screen: Screen) throws(NavigationError) { try perform(.push(screen)) }
    public func pop() throws(NavigationError) { try perform(.pop) }
    public func present(_ screen: Screen, style: PresentationStyle) throws(NavigationError) { try perform(.present(screen, style)) }

    /// Dismisses the top modal this coordinator presented.
    public func dismiss() throws(NavigationError) {
        checkAlive()
        if router.presented.isEmpty && mutant == .dismissNothingCrashes {
            if navigator?.crashes == true { SampleCrash.abort("dismiss() on c\(id) with nothing presented") }
            // The UIKit habit: a view controller with nothing presented dismisses itself.
            parent?.removeHosting(of: self)
            throw .nothingPresented
        }
        end(try router.contents.apply(.dismiss, kind: kind, mutant: mutant))
    }

    /// Sets this coordinator up as new: every modal and screen goes, every child ends.
    public func restart() {
        checkAlive()
        if mutant == .restartKeepsFullScreen {
            let covers = router.contents.presented.filter { !$0.style.isSwipeDismissible }
            let sheets = router.contents.presented.filter { $0.style.isSwipeDismissible }
            router.contents.presented = covers
            end(sheets.reversed().map(\.content))
        } else {
            end(router.contents.removePresented(from: 0))
        }
        end(router.contents.removeStack(from: 0))
        for child in children { endChild(child) }
        start()
    }

    // MARK: - Child flows

    /// Shows `child` (pushed or presented) and starts it (SUICoordinator `navigate(to:)`).
    public func navigate(to child: Coordinator, style: PresentationStyle) throws(NavigationError) {
        checkAlive()
        if style == .push && (kind != .navigation || child.kind == .tab) { throw .unsupported }
        attach(child)
        if style == .push {
            router.contents.stack.append(.coordinator(child))
        } else {
            router.contents.presented.append(Presentation(style: style, content: .coordinator(child)))
        }
        child.start()
    }

    /// Ends this flow: its parent removes it, and everything shown above it in the same place.
    /// A tab's page finishes its whole tab.
    public func finishFlow() throws(NavigationError) {
        checkAlive()
        guard let parent else { throw .isRoot }
        var target: Coordinator = self
        if let tab = parent as? TabCoordinator, tab.pageCoordinators.contains(where: { $0 === self }) { target = tab }
        guard let host = target.parent else { throw .isRoot }
        navigator?.finishing = [ObjectIdentifier(self), ObjectIdentifier(target)]
        defer { navigator?.finishing = [] }
        host.removeHosting(of: target)
    }

    func attach(_ child: Coordinator) {
        child.parent = self
        if mutant == .strongParentLeak { child.strongParent = self }
        children.append(child)
        navigator?.didAttach(child)
    }

    /// The `ended-coordinator-crashes` mutant: a call on a flow that ended traps in a driver;
    /// in process the call goes on, on the ended flow's old screens.
    func checkAlive() {
        if isFinished && mutant == .endedCoordinatorCrashes && navigator?.crashes == true {
            SampleCrash.abort("c\(id) used after its flow ended")
        }
    }

    // MARK: - User gestures (what UIKit's delegate callbacks report)

    /// The user went back from a screen above this coordinator's first one.
    func didSwipeBack() {
        end(router.contents.removeStack(from: router.contents.stack.count - 1))
    }

    /// The user went back from `child`'s first screen: the child's entry goes, and the child ends.
    func didSwipeBack(fromChild child: Coordinator) {
        guard let i = router.contents.stack.firstIndex(where: { $0.coordinator === child }) else { return }
        let removed = router.contents.removeStack(from: i)
        if mutant == .backLeavesChild { return }
        end(removed)
    }

    /// The user swiped this coordinator's top sheet down.
    func didSwipeDismiss() {
        let removed = router.contents.removePresented(from: router.contents.presented.count - 1)
        if mutant == .swipeLeavesChild { return }
        end(removed)
    }

    // MARK: - Ending

    /// Removes the entry that shows `child` and every entry above it in that place; the child ends.
    func removeHosting(of child: Coordinator) {
        if let i = router.contents.stack.firstIndex(where: { $0.coordinator === child }) {
            end(router.contents.removeStack(from: i))
        } else if let i = router.contents.presented.firstIndex(where: { $0.content.coordinator === child }) {
            end(router.contents.removePresented(from: i))
        } else {
            endChild(child)
        }
    }

    /// Ends the coordinators among entries just removed.
    func end(_ entries: [RouterEntry]) {
        for e in entries { if let c = e.coordinator { endChild(c) } }
    }

    func endChild(_ child: Coordinator) {
        guard let i = children.firstIndex(where: { $0 === child }) else { return }
        children.remove(at: i)
        if mutant == .strongParentLeak { endedChildren.append(child) }
        child.didEnd(navigator?.result(for: child) ?? .cancelled)
    }

    /// This coordinator ended: its children end first, then the callbacks run.
    func didEnd(_ result: FlowEnd) {
        for child in children { endChild(child) }
        isFinished = true
        navigator?.coordinatorDidFinish(self, result)
        onFinish?(self, result)
    }

    static func make(_ kind: CoordinatorKind, id: Int, initialScreen: Screen, navigator: Navigator?) -> Coordinator {
        switch kind {
        case .navigation: NavigationCoordinator(id: id, kind: .navigation, initialScreen: initialScreen, navigator: navigator)
        case .tab: TabCoordinator(id: id, kind: .tab, initialScreen: Screen(0), navigator: navigator)
        case .redirection: RedirectionCoordinator(id: id, kind: .redirection, initialScreen: initialScreen, navigator: navigator)
        }
    }
}

/// The crash of the `dismiss-nothing-crashes` and `ended-coordinator-crashes` mutants in a driver:
/// a real trap, as an assertion in a library is. NavFuzz starts drivers with Swift's backtracer
/// off, so the runtime's `file:line: Fatal error: …` is what the report shows.
private enum SampleCrash {
    static func abort(_ message: String) -> Never {
        fatalError(message)
    }
}
