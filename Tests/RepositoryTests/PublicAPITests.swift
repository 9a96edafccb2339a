import Foundation
import XCTest

/// Every public declaration of the targets an adopter links is documented: what a user reads in
/// Xcode's quick help is all the reference some of them will read. The engine's declarations
/// are `@_spi(Engine) public`: public so that the optimizer inlines across the model, the engine
/// and the command line as before, and hidden from an adopter's `import`.
final class PublicAPITests: XCTestCase {
    static let linked = ["CoordinatorModel", "NavFuzzKit", "NavFuzzTesting", "NavFuzzDriverServer", "NavFuzzDriver", "NavFuzzRecorder"]

    func testEveryPublicDeclarationOfTheLinkedTargetsIsDocumented() throws {
        var declarations = 0
        var undocumented: [String] = []
        for target in Self.linked {
            let dir = Repository.root.appendingPathComponent("Sources/\(target)")
            let files = try FileManager.default.subpathsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }.sorted()
            for file in files {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                let found = PublicAPI.declarations(in: text)
                declarations += found.count
                undocumented += found.filter { !$0.documented }.map { "Sources/\(target)/\(file):\($0.line): \($0.text)" }
            }
        }
        XCTAssertGreaterThan(declarations, 100, "the scan found the public API")
        XCTAssertEqual(undocumented, [], "public declarations without a /// comment")
    }

    func testAnUndocumentedDeclarationIsCaught() {
        let text = """
            /// Documented.
            public struct A {
                /// Documented, behind an attribute.
                @discardableResult
                public func f() -> Int { 1 }
                public var g: Int
                /// Documents h only.
                @inline(__always) func h() {}
                public var i: Int
                package var j: Int
                @_spi(Engine) public var k: Int
            }
            """
        XCTAssertEqual(PublicAPI.declarations(in: text).map { "\($0.line) \($0.documented)" }, ["2 true", "5 true", "6 false", "9 false"])
    }
}

enum PublicAPI {
    struct Declaration { var line: Int; var text: String; var documented: Bool }

    /// Lines that declare something `public` or `open`, each with whether a `///` comment stands
    /// above it (attribute lines between them allowed).
    static func declarations(in text: String) -> [Declaration] {
        let lines = text.components(separatedBy: "\n")
        var out: [Declaration] = []
        for (i, line) in lines.enumerated() {
            guard line.range(of: #"^\s*(@[\w()]+\s+)*(public|open)\s+(?!import)"#, options: .regularExpression) != nil,
                  !line.contains("@_spi(") else { continue }
            var j = i - 1
            // Lines of attributes alone (`@discardableResult`) stand between a comment and its declaration.
            while j >= 0, lines[j].range(of: #"^\s*(@\w+(\([^)]*\))?\s*)+$"#, options: .regularExpression) != nil { j -= 1 }
            let documented = j >= 0 && lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("///")
            out.append(Declaration(line: i + 1, text: line.trimmingCharacters(in: .whitespaces), documented: documented))
        }
        return out
    }
}
