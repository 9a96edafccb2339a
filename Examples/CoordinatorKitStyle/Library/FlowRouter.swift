/// What a router shows: one of the app's screens, or the navigation controller of a child flow
/// (a flow started with a router of its own).
public enum Presentable {
    /// A screen, by the app's number for it (a `UIHostingController` of one view, say).
    case screen(Int)
    /// A child flow's navigation controller. Pushed, it is shown inside one container screen,
    /// since UIKit does not push a navigation controller onto another.
    case flow(FlowRouter)
}

/// How a presentable is presented.
public enum ModalStyle: Hashable, Sendable {
    /// A page sheet: the user can swipe it down.
    case sheet
    /// A full-screen cover: it goes only when it is dismissed.
    case fullScreen
}

/// Pushes, pops, presents and dismisses for one flow: a `UINavigationController` and the
/// controllers it presented, kept here as two arrays (this package builds without UIKit). It is
/// NavFuzz's example of a UIKit flow-coordinator library, written for docs/VERIFY.md §8.
///
/// Whenever a child flow's navigation controller leaves the screen, however it went (a pop,
/// a dismiss, the user's back button or swipe), its router says so through `onRemoval`: that
/// is how a flow that was not finished learns that it was cancelled.
public final class FlowRouter {
    /// The navigation stack, bottom first.
    public private(set) var stack: [Presentable] = []
    /// What this navigation controller presented, bottom first: each presents over the one before.
    public private(set) var presented: [(presentable: Presentable, style: ModalStyle)] = []
    /// The router whose stack shows this one, while this one is pushed there: on this one's
    /// first screen the back button the user sees is that router's.
    public private(set) weak var container: FlowRouter?
    /// Set by the flow that owns this router; called when its navigation controller leaves the screen.
    var onRemoval: (() -> Void)?
    /// Whether this router pushes onto its parent's navigation controller instead of owning one
    /// (a flow made with its parent's router): its stack is the run of screens its flow pushed
    /// there, and it is shown by pushing it on the parent's router.
    public let sharesParent: Bool
    /// The bug the library can be built with, for NavFuzz's example: closing a flow on this
    /// router's navigation controller pops back to the screen under it even when the flow
    /// shares the router, taking this router's own screens pushed after it too.
    public var closesSharedFlowsWithScreensAbove = false

    /// A router with a navigation controller of its own.
    public init() { sharesParent = false }

    /// A router over `parent`'s navigation controller: what its flow pushes lands there.
    public init(sharing parent: FlowRouter) {
        sharesParent = true
        closesSharedFlowsWithScreensAbove = parent.closesSharedFlowsWithScreensAbove
    }

    /// Pushes `presentable` on the stack (under anything presented, as UIKit does).
    public func push(_ presentable: Presentable) {
        if case .flow(let router) = presentable { router.container = self }
        stack.append(presentable)
    }

    /// Pops the top of the stack. False on the first screen: a navigation controller never pops its root.
    @discardableResult public func pop() -> Bool {
        guard stack.count > 1 else { return false }
        removeStack(from: stack.count - 1)
        return true
    }

    /// Pops back to the first screen.
    public func popToRoot() {
        if stack.count > 1 { removeStack(from: 1) }
    }

    /// Replaces the whole stack by `presentable` (`setViewControllers`). What is presented stays.
    public func setRoot(_ presentable: Presentable) {
        removeStack(from: 0)
        push(presentable)
    }

    /// Presents `presentable` over whatever this router presented last.
    public func present(_ presentable: Presentable, style: ModalStyle) {
        presented.append((presentable, style))
    }

    /// Dismisses what was presented last. False when nothing is presented: this router never
    /// dismisses itself (UIKit's `dismiss` on a controller that presents nothing would).
    @discardableResult public func dismiss() -> Bool {
        guard !presented.isEmpty else { return false }
        removePresented(from: presented.count - 1)
        return true
    }

    /// Takes a child flow's navigation controller off the screen with everything shown above
    /// it: popping back to the entry under it, or dismissing from where it was presented. A
    /// flow on this router's own navigation controller takes only its own screens: what this
    /// router pushed after it stays. False when this router does not show it.
    @discardableResult public func close(_ flow: FlowRouter) -> Bool {
        if let i = stack.firstIndex(where: { $0.shows(flow) }) {
            if flow.sharesParent && !closesSharedFlowsWithScreensAbove {
                let removed = stack.remove(at: i)
                didRemove(removed)
            } else {
                removeStack(from: i)
            }
            return true
        }
        if let i = presented.firstIndex(where: { $0.presentable.shows(flow) }) {
            removePresented(from: i)
            return true
        }
        return false
    }

    /// Takes everything off, what was presented first, then the stack, top down (for a restart).
    public func removeAll() {
        removePresented(from: 0)
        removeStack(from: 0)
    }

    // MARK: What UIKit does for the user

    /// The back button of the navigation bar on this router's top screen. On the first screen
    /// of a pushed flow the bar is the container's, and its back button pops the whole flow.
    @discardableResult public func userTappedBack() -> Bool {
        if pop() { return true }
        guard let container, case .flow(let shown)? = container.stack.last, shown === self else { return false }
        return container.pop()
    }

    /// The user swipes down what this router presented last: a sheet goes, a cover stays.
    @discardableResult public func userSwipedDown() -> Bool {
        guard presented.last?.style == .sheet else { return false }
        removePresented(from: presented.count - 1)
        return true
    }

    // MARK: Removing

    // The arrays change first, then each removed flow hears it, top down, so that a flow that
    // reacts sees the router as it is now.
    private func removeStack(from i: Int) {
        guard i < stack.count else { return }
        let removed = stack[i...].reversed()
        stack.removeSubrange(i...)
        removed.forEach(didRemove)
    }

    private func removePresented(from i: Int) {
        guard i < presented.count else { return }
        let removed = presented[i...].reversed().map(\.presentable)
        presented.removeSubrange(i...)
        removed.forEach(didRemove)
    }

    private func didRemove(_ presentable: Presentable) {
        guard case .flow(let router) = presentable else { return }
        if router.container === self { router.container = nil }
        router.onRemoval?()
    }
}

extension Presentable {
    func shows(_ router: FlowRouter) -> Bool {
        if case .flow(let r) = self { return r === router }
        return false
    }
}
