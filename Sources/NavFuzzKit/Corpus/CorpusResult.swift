import CoordinatorModel  // `printedNumber`: one rule for the numbers of the corpus grammar
import Foundation

/// The verdict on one corpus file.
@_spi(Engine) public struct CorpusResult: Sendable, Hashable {
    @_spi(Engine) public var path: String
    @_spi(Engine) public var expectation: CorpusExpectation
    @_spi(Engine) public var steps: Int
    /// The properties that failed at the first failing step; empty when all held throughout.
    @_spi(Engine) public var violations: [TraceViolation]
    /// The text of that step's action (nil for the initial state or when nothing failed).
    @_spi(Engine) public var failingAction: String?
    @_spi(Engine) public var passed: Bool

    /// One line: `ok PATH: …` or `FAIL PATH: expected …, but …`, the path written out by
    /// `TextSanitizer`'s rule.
    @_spi(Engine) public var summary: String {
        (passed ? "ok   " : "FAIL ") + TextSanitizer.escaped(path) + ": " + verdict
    }

    /// What was expected and what happened: `holds over 3 steps`, `expected holds, but at step
    /// 4 (userSwipeDismiss) no-orphan-children: …`. For a failing file, the failure's message.
    @_spi(Engine) public var verdict: String {
        let at: String
        if let v = violations.first {
            at = "at step \(v.step)" + (failingAction.map { " (\($0))" } ?? " (the initial state)")
        } else {
            at = ""
        }
        let failed = violations.map { "\($0.property): \($0.reason)" }.joined(separator: "; ")
        switch (expectation, passed) {
        case (.holds, true):
            return "holds over \(steps) step\(steps == 1 ? "" : "s")"
        case (.violates(let p), true):
            return "violates \(p) \(at)"
        case (.holds, false):
            return "expected holds, but \(at) \(failed)"
        case (.violates(let p), false):
            if violations.isEmpty { return "expected violates \(p), but every property held" }
            return "expected violates \(p), but \(at) first \(failed)"
        }
    }
}
