import CoordinatorModel
import NavFuzzKit
import RoutesStyleNavigation

/// The adapter of docs/VERIFY.md §8 over a routes-array library: one coordinator (`c0`), whose
/// navigation state is the library's value. Each action is one call of the library, made even
/// when the model would refuse it; the outcome is read from what the call returned and from the
/// value after it. A value-state library saves a state by keeping the value.
final class RoutesSystem: StateSavingSystem {
    private var routes = Routes<Int>(root: 0)
    private var saved: [Int: Routes<Int>] = [:]
    private let popAtRootRemovesRoot: Bool
    private let asserting: Bool
    private let indexTrap: Bool

    /// `asserting`: the library asserts on a `pop` with nothing pushed (a debug build), and the
    /// adapter says so (`trapsOnRefusedCalls`) when `declaresTraps`.
    /// `indexTrap`: the library's seeded runtime trap (`removesFromEmptyPop`).
    init(popAtRootRemovesRoot: Bool = false, asserting: Bool = false, declaresTraps: Bool = false, indexTrap: Bool = false) {
        self.popAtRootRemovesRoot = popAtRootRemovesRoot
        self.asserting = asserting
        self.indexTrap = indexTrap
        capabilities.trapsOnRefusedCalls = declaresTraps
    }

    /// One coordinator with no tab bar and no child coordinators; sheets and covers; and the
    /// routes-array dialect (docs/SEMANTICS.md §9): stack actions act on what was presented
    /// last, `popTo` cuts the routes after the last match, and `dismiss` with nothing presented
    /// does nothing.
    private(set) var capabilities = Capabilities(
        actions: [.push, .pop, .popToRoot, .popTo, .present, .dismiss, .dismissAll, .userBack, .userSwipeDismiss],
        styles: [.sheet, .fullScreen], rootKinds: [.navigation], kinds: [],
        dialect: [.stackOnTopLayer, .popToPresented, .dismissNothingApplies])

    func reset(configuration: Configuration) {
        routes = Routes(root: 0)
        routes.popAtRootRemovesRoot = popAtRootRemovesRoot
        routes.assertsOnEmptyPop = asserting
        routes.removesFromEmptyPop = indexTrap
    }

    func apply(_ action: Action) -> SystemStep {
        SystemStep(outcome: perform(action))
    }

    private func perform(_ action: Action) -> Outcome {
        switch action {
        case .push(_, let r):
            return routes.push(Int(r.index)) ? .applied : .refused(.unsupported)
        case .pop:
            // Called at the root too: a library that removes its root there is what we look for.
            if routes.pop() { return .applied }
            return routes.canNavigate ? .refused(.atRoot) : .refused(.unsupported)
        case .popToRoot:
            return routes.popToRoot() ? .applied : .refused(.unsupported)
        case .popTo(_, let r):
            return routes.popTo(Int(r.index)) ? .applied : .refused(.notFound)
        case .present(_, let r, let style):
            guard style == .sheet || style == .fullScreen else { return .refused(.unsupported) }   // no such call
            routes.present(Int(r.index), asCover: style == .fullScreen)
            return .applied
        case .dismiss:
            routes.dismiss()
            return .applied
        case .dismissAll:
            routes.dismissAll()
            return .applied
        case .userBack:
            return routes.userTappedBack() ? .applied : .refused(.noBack)
        case .userSwipeDismiss:
            if routes.userSwipedDown() { return .applied }
            return routes.routes.last?.isPresented == true ? .refused(.notDismissible) : .refused(.nothingPresented)
        default:
            return .refused(.unsupported)   // not in capabilities: never sent
        }
    }

    /// The value as the model's one coordinator: the root and the pushed routes are its stack,
    /// the presented ones its modals (pushes never follow a presentation in this library).
    func observedState() -> State {
        let pushed = routes.routes.filter { !$0.isPresented }.map { Entry.screen(Route($0.screen)) }
        let stack = (routes.root.map { [Entry.screen(Route($0))] } ?? []) + pushed
        let modals = routes.routes.filter(\.isPresented).map { Modal($0.style == .cover ? .fullScreen : .sheet, .screen(Route($0.screen))) }
        let root = Coordinator(id: CoordinatorID(0), kind: .navigation, parent: nil, children: [], initialRoute: Route(0),
                               stack: stack, modals: modals)
        return State(coordinators: [root], root: CoordinatorID(0))
    }

    func saveState(as id: Int) { saved[id] = routes }
    func restoreState(_ id: Int) -> Bool {
        guard let value = saved[id] else { return false }
        routes = value
        return true
    }
    func forgetSavedStates() { saved = [:] }
}
