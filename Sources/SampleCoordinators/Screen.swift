/// A screen the app can show. Screen `n` is the model's route `r<n>`.
public struct Screen: Hashable, Sendable {
    public var number: Int
    public init(_ number: Int) { self.number = number }
}
