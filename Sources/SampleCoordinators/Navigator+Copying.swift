/// Deep copies of the whole app: what `SampleSystem` saves and restores, so that NavFuzz can
/// return to a state without replaying the path that led there. Every coordinator reachable
/// from the navigator is copied once (parents, children, entries, pages, and the caches of the
/// `strong-parent-leak` mutant), and the copy refers only to copies.
extension Navigator {
    public func copy() -> Navigator {
        var copies: [ObjectIdentifier: Coordinator] = [:]
        let navigator = Navigator(copying: self)
        func copy(_ c: Coordinator) -> Coordinator {
            if let done = copies[ObjectIdentifier(c)] { return done }
            let new = Coordinator.make(c.kind, id: c.id, initialScreen: c.initialScreen, navigator: navigator)
            copies[ObjectIdentifier(c)] = new
            new.isFinished = c.isFinished
            new.onFinish = c.onFinish
            new.parent = c.parent.map(copy)
            new.strongParent = c.strongParent.map(copy)
            new.children = c.children.map(copy)
            new.endedChildren = c.endedChildren.map(copy)
            func entry(_ e: RouterEntry) -> RouterEntry {
                switch e {
                case .screen: e
                case .coordinator(let child): .coordinator(copy(child))
                }
            }
            new.router.contents.stack = c.router.contents.stack.map(entry)
            new.router.contents.presented = c.router.contents.presented.map { Presentation(style: $0.style, content: entry($0.content)) }
            if let tab = c as? TabCoordinator, let newTab = new as? TabCoordinator {
                newTab.restore(pages: tab.pages, current: tab.currentPage, badges: tab.badges,
                               pageCoordinators: tab.pageCoordinators.map(copy))
            }
            return new
        }
        navigator.adopt(root: copy(root), live: live.mapValues(copy), ended: ended.mapValues(copy))
        return navigator
    }
}

extension TabCoordinator {
    func restore(pages: [TabPage], current: TabPage, badges: [TabPage: Int], pageCoordinators: [Coordinator]) {
        self.pages = pages
        self.currentPage = current
        self.badges = badges
        self.pageCoordinators = pageCoordinators
    }
}
