/// The machine settings of one corpus file, handed to the caller's factory. Its helpers build
/// errors that point at the offending value.
@_spi(Engine) public struct CorpusConfiguration: Sendable {
    @_spi(Engine) public var file: String
    @_spi(Engine) public var settings: [CorpusSetting]

    @_spi(Engine) public init(file: String, settings: [CorpusSetting]) { self.file = file; self.settings = settings }

    @_spi(Engine) public subscript(key: String) -> CorpusSetting? { settings.first { $0.key == key } }

    /// An error at `setting`'s value.
    @_spi(Engine) public func error(_ setting: CorpusSetting, _ message: String) -> CorpusError {
        CorpusError(file: file, line: setting.line, column: setting.column, message: message)
    }

    /// An error at the first setting whose key is not in `known`, if any.
    @_spi(Engine) public func unknownKey(known: [String]) -> CorpusError? {
        guard let s = settings.first(where: { !known.contains($0.key) }) else { return nil }
        return CorpusError(file: file, line: s.line, column: s.keyColumn,
                           message: "expected a setting (\((known + ["initial", "expect"]).joined(separator: ", "))), found '\(s.key):'")
    }
}
