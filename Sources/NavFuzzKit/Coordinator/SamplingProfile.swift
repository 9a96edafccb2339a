@_spi(Engine) import CoordinatorModel

/// The one random-action generator of NavFuzz: model fuzzing and conformance walks draw their
/// actions here, from a domain, with one of two profiles. Building an action directly is much
/// cheaper than enumerating every action and picking one.
@_spi(Engine) public enum SamplingProfile: Sendable, Hashable {
    /// Fuzzing the model: arguments from the domain; the target is the visible coordinator
    /// half the time (real apps act on what is on screen; for tab actions, the tab whose bar
    /// is visible), else any live one, and now and then an id never allocated, so that
    /// `noSuchCoordinator` is exercised too.
    case model
    /// Verifying an implementation: as `model`, and also ids of coordinators that ended (a
    /// second `finishFlow`, a `pop` on a finished flow), routes and pages just outside the
    /// alphabets, `push` where only a modal style is allowed, malformed page lists, odd badge
    /// values and `multiple` of one to three parts: the calls an implementation must refuse
    /// without crashing.
    case conformance
}
