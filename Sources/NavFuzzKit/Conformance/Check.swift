@_spi(Engine) import CoordinatorModel

/// One check a verification makes (docs/VERIFY.md §4): a model invariant on the implementation's
/// own states and steps, or one of the five that compare the implementation with the model.
/// Reports, baselines and the command line name a check by its `name`.
public enum Check: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// A model invariant, by its name in docs/SEMANTICS.md §5 (`tab-bijection`, say).
    case invariant(String)
    /// `snapshot-conforms`: outcome, completion events and state equal the model's.
    case snapshotConforms
    /// `no-crash`: the implementation answers every step.
    case noCrash
    /// `no-hang`: the implementation answers every step in time.
    case noHang
    /// `no-leak`: coordinators that ended are released.
    case noLeak
    /// `repeats-itself`: the same steps from reset give the same outcomes, events and state, as
    /// a user who does the same thing twice sees the same screens. A step that failed once and
    /// not when its trace was replayed, or a replay that reached another state than the first
    /// time, breaks it (docs/VERIFY.md §4).
    case repeatsItself

    /// Every check, in report order: the model's invariants, then the implementation-only ones.
    public static let all: [Check] = Invariant.all.map { .invariant($0.name) } + [.snapshotConforms, .noCrash, .noHang, .noLeak, .repeatsItself]

    /// The check named `name`; nil when there is none.
    public init?(name: String) {
        guard let k = Self.positions[name] else { return nil }
        self = Self.all[k]
    }

    /// The name reports and baselines use.
    public var name: String {
        switch self {
        case .invariant(let name): name
        case .snapshotConforms: "snapshot-conforms"
        case .noCrash: "no-crash"
        case .noHang: "no-hang"
        case .noLeak: "no-leak"
        case .repeatsItself: "repeats-itself"
        }
    }

    /// What the check asks, in a line.
    public var summary: String {
        switch self {
        case .invariant(let name): Invariant.all.first { $0.name == name }?.summary ?? name
        case .snapshotConforms: "outcome, completion events and state equal the model's"
        case .noCrash: "the implementation answers every step"
        case .noHang: "the implementation answers every step in time"
        case .noLeak: "coordinators that ended are released"
        case .repeatsItself: "the same steps from reset give the same outcomes, events and state"
        }
    }

    /// The name.
    public var description: String { name }

    /// The position in `all`: the property index of the conformance machine, and the report
    /// order. An invariant the model does not have sorts last.
    var index: Int { Self.positions[name] ?? Self.all.count }

    /// Report order.
    public static func < (a: Check, b: Check) -> Bool { a.index < b.index }

    /// Whether the implementation stopped answering, so that the state after the step is unknown.
    var isCrashOrHang: Bool { self == .noCrash || self == .noHang }

    private static let positions: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })
}
