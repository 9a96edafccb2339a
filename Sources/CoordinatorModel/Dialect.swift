/// Named semantic options where real libraries legitimately differ from the strict model
/// (docs/SEMANTICS.md §9). The strict model is the empty dialect; a dialect is part of the
/// configuration, so a run explores, fuzzes and checks it as it does the strict model.
public struct Dialect: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The options as bits.
    public let rawValue: UInt8
    /// The dialect of the options whose bits `rawValue` sets.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `push`, `pop`, `popToRoot` and (without `popToPresented`) `popTo` aimed at a
    /// coordinator with modals act on the topmost presented layer: the navigation coordinator its top modal hosts, followed down
    /// (FlowStacks, whose routes array pushes onto whatever was presented last).
    public static let stackOnTopLayer = Dialect(rawValue: 1)
    /// `popTo` looks at presented screens too: the topmost entry showing the route, modals
    /// first from the top, then the stack; everything above it goes, modals included
    /// (FlowStacks' `popTo`, which truncates its routes array).
    public static let popToPresented = Dialect(rawValue: 2)
    /// `dismiss` with nothing presented is applied and changes nothing, where the strict model
    /// refuses it (`nothingPresented`) (SwiftUI's `dismiss`, FlowStacks' `dismiss`).
    public static let dismissNothingApplies = Dialect(rawValue: 4)
    /// A navigation coordinator cannot be pushed: `start c navigation push r` and
    /// `startStack c push […]` are refused `unsupported`, where the strict model hosts the
    /// child in the stack (XCoordinator, ModernCoordinator: UIKit does not push a navigation
    /// controller; `startShared` is how such a library shows a child flow in its parent's stack).
    public static let noPushedNavigation = Dialect(rawValue: 8)
    /// A deep link can push: `forcePresentation kind push r` is `start top() kind push r` when
    /// the visible screen is on `top()`'s stack, and refused `unsupported` when it is a modal
    /// screen (the pushed flow would land beneath it), where the strict model refuses every
    /// pushed deep link (SUICoordinator's `forcePresentation(presentationStyle: .push)`).
    public static let pushedDeepLink = Dialect(rawValue: 16)

    /// No options: the strict model.
    public static let strict: Dialect = []

    /// Every option with its name, in documentation order.
    public static let named: [(name: String, option: Dialect)] = [
        ("stack-on-top-layer", .stackOnTopLayer),
        ("pop-to-presented", .popToPresented),
        ("dismiss-nothing-applies", .dismissNothingApplies),
        ("no-pushed-navigation", .noPushedNavigation),
        ("pushed-deep-link", .pushedDeepLink),
    ]

    /// The options' names, in documentation order.
    public var names: [String] { Self.named.filter { contains($0.option) }.map(\.name) }

    /// `strict`, or the options' names joined by commas.
    public var description: String { isEmpty ? "strict" : names.joined(separator: ",") }

    /// Reads `strict` or comma-separated option names; nil when one is not an option.
    public init?(names text: String) {
        self = []
        if text == "strict" { return }
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let option = Self.named.first(where: { $0.name == word })?.option else { return nil }
            insert(option)
        }
    }

    /// What `init?(names:)` reads, for messages.
    public static let syntax = "strict, or options joined by commas: " + named.map(\.name).joined(separator: ", ")
}
