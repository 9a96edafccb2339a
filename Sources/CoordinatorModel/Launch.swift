/// A child coordinator the root presents as it starts (docs/SEMANTICS.md §2.2): ALCoordinator's
/// `MainCoordinator.start()` that navigates to an onboarding flow at launch. Part of the
/// configuration: the initial state shows it, and `restartApp` presents it again.
public struct Launch: Hashable, Sendable, CustomStringConvertible {
    /// The launch child's kind: navigation, tab or redirection.
    public var kind: Kind
    /// How the root presents it: a modal style. A launch child covers the root; a push is not a
    /// launch (a tab root has no stack to push on).
    public var style: Style
    /// The launch child's first screen; a tab ignores it, as `start` does (§7.1).
    public var route: Route

    /// The child that `start root kind style route` would present; by default a navigation
    /// flow at `r0`, full screen.
    public init(kind: Kind = .navigation, style: Style = .fullScreen, route: Route = Route(0)) {
        self.kind = kind; self.style = style; self.route = route
    }

    /// `kind style route`, e.g. `navigation fullScreen r1`: the words of the `start` that presents it.
    public var description: String { "\(kind) \(style) \(route)" }

    /// Reads `kind style route` as `description` prints it, the style a modal one. Throws a
    /// `TextFormError` naming the column and what was expected.
    public init(parsing text: String) throws(TextFormError) {
        var p = TextParser(text)
        let kind = try p.kind()
        let at = p.pos
        let style = try p.style()
        if !style.isModal {
            p.pos = at
            throw p.fail("a modal style (sheet, detents, fullScreen, overlay, custom)")
        }
        let route = try p.route()
        if p.pos < p.tokens.count { throw p.fail("the end of the launch") }
        self.init(kind: kind, style: style, route: route)
    }
}
