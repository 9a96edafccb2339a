/// A `key: value` setting line, with where its value starts (for error messages).
@_spi(Engine) public struct CorpusSetting: Sendable, Hashable {
    @_spi(Engine) public var key: String
    @_spi(Engine) public var value: String
    @_spi(Engine) public var line: Int
    /// 1-based columns of the key and of the value.
    @_spi(Engine) public var keyColumn: Int
    @_spi(Engine) public var column: Int
    @_spi(Engine) public init(key: String, value: String, line: Int = 0, keyColumn: Int = 0, column: Int = 0) {
        self.key = key; self.value = value; self.line = line; self.keyColumn = keyColumn; self.column = column
    }
}
