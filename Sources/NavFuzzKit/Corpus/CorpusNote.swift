/// A `# key: value` comment: what the trace guards, the bug it comes from, where it came from.
@_spi(Engine) public struct CorpusNote: Sendable, Hashable {
    @_spi(Engine) public var key: String
    @_spi(Engine) public var value: String
    @_spi(Engine) public init(key: String, value: String) { self.key = key; self.value = value }
}
