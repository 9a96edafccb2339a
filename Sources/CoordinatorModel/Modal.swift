/// A presented entry and the style it is presented in.
public struct Modal: Hashable, Sendable, CustomStringConvertible {
    /// How the entry is presented.
    public var style: Style
    /// The presented screen or child coordinator.
    public var entry: Entry
    /// A modal showing `entry` in `style`.
    public init(_ style: Style, _ entry: Entry) { self.style = style; self.entry = entry }
    /// `style:entry`, e.g. `sheet:r1`.
    public var description: String { "\(style):\(entry)" }
}
