/// Each coordinator's router: its navigation stack and the modals it presented, bottom to top.
/// The rules of every router command live in `RouterContents`, a value, so that `perform(all:)`
/// can try a batch on a copy first and apply it only when every command succeeds.

/// The router object a coordinator owns.
public final class Router {
    var contents = RouterContents()

    public var stack: [RouterEntry] { contents.stack }
    public var presented: [Presentation] { contents.presented }

    init() {}
}
