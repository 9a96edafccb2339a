/// How an implementation that died on a call died, read from what it wrote last: an assertion
/// or precondition (its contract, `Capabilities.trapsOnRefusedCalls`) or anything else (a
/// runtime trap: an index out of range, nil unwrapped, an overflow; a signal), which is always
/// `no-crash` (docs/VERIFY.md §2.1).
enum Trap: Equatable {
    case assertion
    case runtime

    /// Swift's `assert` and `precondition` ("Assertion failed", "Precondition failed"), a
    /// `fatalError`, `assertionFailure` or `preconditionFailure` with the library's own message,
    /// C's `assert`, Python's `AssertionError` and Rust's `assert!`; anything else, and a
    /// "Fatal error" of the standard library's own, is a runtime trap.
    init(saying text: String) {
        let lower = text.lowercased()
        if lower.contains("assertion failed") || lower.contains("precondition failed") || text.contains("AssertionError")
            || (text.contains("Assertion `") && text.contains("failed")) {
            self = .assertion
            return
        }
        for line in text.split(separator: "\n") {
            guard let mark = line.range(of: "Fatal error: ") else { continue }
            let location = line[..<mark.lowerBound], message = line[mark.upperBound...].lowercased()
            if location.hasPrefix("Swift/") || Self.runtimeMessages.contains(where: message.contains) { continue }
            self = .assertion
            return
        }
        self = .runtime
    }

    /// Words of the standard library's own trap messages.
    private static let runtimeMessages = [
        "out of range", "out of bounds", "unexpectedly found nil", "division by zero", "overflow", "not enough bits",
        "range requires", "can't form range", "duplicate", "cannot be converted", "negative", "unowned reference",
        "could not cast", "remainder",
    ]
}
