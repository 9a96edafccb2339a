@testable import NavFuzzKit
import XCTest

/// Under `trapsOnRefusedCalls`, only an assertion or a precondition is a refusal: what a
/// process wrote last tells it from a runtime trap.
final class TrapTests: XCTestCase {
    func testAssertionsAndPreconditionsAreTheContract() {
        for said in [
            "Routes.swift:51: Assertion failed: pop() with nothing pushed",
            "Lib/Router.swift:12: Precondition failed",
            "Lib/Router.swift:188: Fatal error: only one sheet can be presented at a time",
            "driver: lib.c:10: pop: Assertion `count > 0' failed.",
            "Traceback (most recent call last):\nAssertionError: nothing to pop",
            "thread 'main' panicked at src/lib.rs:3:5:\nassertion failed: depth > 0",
        ] {
            XCTAssertEqual(Trap(saying: said), .assertion, said)
        }
    }

    func testRuntimeTrapsAreCrashes() {
        for said in [
            "Swift/ContiguousArrayBuffer.swift:600: Fatal error: Index out of range",
            "Swift/RangeReplaceableCollection.swift:870: Fatal error: Can't remove last element from an empty collection",
            "Lib/Router.swift:40: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
            "Lib/Router.swift:41: Fatal error: Division by zero",
            "",
            "the driver was killed by signal 11 (SIGSEGV)",
        ] {
            XCTAssertEqual(Trap(saying: said), .runtime, said)
        }
    }
}
