@testable import NavFuzzTesting
import XCTest

/// The adapter expression a printed regression test repeats, read from the call as written.
final class CallSourceTests: XCTestCase {
    func testTheFirstArgumentAsWritten() {
        func first(_ text: String) -> String? { CallSource.firstArgument(in: text[...]) }
        XCTAssertEqual(first("MyAdapter())"), "MyAdapter()")
        XCTAssertEqual(first("MyAdapter(window: w, flag: true), options: o)"), "MyAdapter(window: w, flag: true)")
        XCTAssertEqual(first("TemplateAdapter(makeFlow: { ScreenFlow() }), options: .replaying([\"a\"]))"),
                       "TemplateAdapter(makeFlow: { ScreenFlow() })")
        XCTAssertEqual(first("App(title: \"a, b) \\\" c\", pages: [1, 2]))"), "App(title: \"a, b) \\\" c\", pages: [1, 2])")
        XCTAssertEqual(first("\n    MyAdapter(\n        window: w\n    ),\n    options: o)"), "MyAdapter( window: w )")
        XCTAssertNil(first("MyAdapter("), "a call that never closes")
    }

    func testTheCallIsFoundFromItsLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("CallSource-\(UUID().uuidString).swift")
        try """
            func testA() async {
                await expectConformance(First())
                await expectConformance(Second(x: 1),
                                        options: o)
            }
            """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertEqual(CallSource.firstArgument(of: "expectConformance", file: file.path, line: 2), "First()")
        XCTAssertEqual(CallSource.firstArgument(of: "expectConformance", file: file.path, line: 3), "Second(x: 1)")
        XCTAssertNil(CallSource.firstArgument(of: "expectConformance", file: "/nonexistent.swift", line: 2))
    }
}
