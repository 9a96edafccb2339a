@_spi(Engine) import NavFuzzKit
import XCTest

/// One escaper serves error lines (control characters visible, one line) and printed
/// regression tests (a Swift string literal's body).
final class EscapingTests: XCTestCase {
    func testControlCharactersAreWrittenOut() {
        XCTAssertEqual(TextSanitizer.escaped("a\nb\r\tc\u{1}\u{7F}\u{85}\u{2028}d"), "a\\nb\\r\\tc\\u{1}\\u{7f}\\u{85}\\u{2028}d")
        XCTAssertEqual(TextSanitizer.escaped(#"C:\x "y""#), #"C:\x "y""#, "without quoting, quotes and backslashes stay")
        XCTAssertEqual(TextSanitizer.escaped(#"C:\x "y""#, quoting: true), #"C:\\x \"y\""#)
        XCTAssertEqual(TextSanitizer.escaped("Zürich → 東京"), "Zürich → 東京")
    }
}
