/// A tab page. Page `n` is the model's page `p<n>`.
public struct TabPage: Hashable, Sendable {
    public var number: Int
    public init(_ number: Int) { self.number = number }
}
