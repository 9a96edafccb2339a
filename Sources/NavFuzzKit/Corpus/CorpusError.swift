/// A problem with a corpus file or directory, as one line: `FILE:LINE:COLUMN: message`.
@_spi(Engine) public struct CorpusError: Error, Sendable, Hashable, CustomStringConvertible {
    @_spi(Engine) public var file: String
    /// 1-based; 0 when the problem is the file as a whole.
    @_spi(Engine) public var line: Int
    @_spi(Engine) public var column: Int
    @_spi(Engine) public var message: String

    @_spi(Engine) public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    @_spi(Engine) public var description: String {
        line > 0 ? "\(file):\(line):\(max(column, 1)): \(message)" : "\(file): \(message)"
    }
}
