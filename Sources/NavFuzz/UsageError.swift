@_spi(Engine) import NavFuzzKit

/// Bad input from the person at the keyboard: one line, a hint, exit code 2.
struct UsageError: Error {
    var message: String
    var hint: String?
    init(_ message: String, hint: String? = nil) { self.message = message; self.hint = hint }
    /// One line whatever the input held: newlines and other control characters from a value
    /// or a file name are shown escaped.
    var line: String { TextSanitizer.escaped("NavFuzz: error: \(message)" + (hint.map { " (\($0))" } ?? "")) }
}
