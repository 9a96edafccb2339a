import Foundation
import XCTest

/// Every Swift block of the docs is quoted from a file that the package compiles (or that
/// scripts/adopter-check.sh compiles: scripts/adopter, the README's manifest among them), so a
/// block cannot drift from code that builds and is tested: each follows a
/// `<!-- quoted from PATH -->` line and appears in PATH exactly as written.
final class DocumentationTests: XCTestCase {
    func testEverySwiftBlockIsQuotedFromCompiledCode() throws {
        let files = FileManager.default
        // The docs folder, and the DocC catalogs' pages (Sources/TARGET/TARGET.docc).
        let catalogs = try files.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("Sources").path).flatMap { target in
            let catalog = "Sources/\(target)/\(target).docc"
            let pages = (try? files.contentsOfDirectory(atPath: Repository.root.appendingPathComponent(catalog).path)) ?? []
            return pages.filter { $0.hasSuffix(".md") }.map { "\(catalog)/\($0)" }
        }
        XCTAssertTrue(catalogs.contains("Sources/NavFuzzTesting/NavFuzzTesting.docc/GettingStarted.md"), "\(catalogs)")
        let docs = ["README.md", "Examples/README.md"] + (try files.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("docs").path))
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" } + catalogs
        var checked = 0
        for doc in docs {
            let text = try String(contentsOf: Repository.root.appendingPathComponent(doc), encoding: .utf8)
            XCTAssertEqual(DocumentationCheck.problems(in: text, named: doc, root: Repository.root), [])
            checked += DocumentationCheck.swiftBlocks(in: text).count
        }
        XCTAssertGreaterThanOrEqual(checked, 6, "docs/VERIFY.md alone has six Swift blocks")
    }

    func testABlockThatIsNotQuotedOrDriftedIsCaught() {
        let unquoted = "Text.\n\n```swift\nlet x = 1\n```\n"
        XCTAssertEqual(DocumentationCheck.problems(in: unquoted, named: "a.md", root: Repository.root),
                       ["a.md:3: a Swift block without a '<!-- quoted from PATH -->' line before it"])
        let drifted = "<!-- quoted from Sources/SampleDriver/main.swift -->\n```swift\nexit(DriverServer.serve(name))\n```\n"
        XCTAssertEqual(DocumentationCheck.problems(in: drifted, named: "b.md", root: Repository.root),
                       ["b.md:2: the Swift block is not in Sources/SampleDriver/main.swift as written"])
        let uncompiled = "<!-- quoted from scripts/bench-verify.sh -->\n```swift\nset -euo pipefail\n```\n"
        XCTAssertEqual(DocumentationCheck.problems(in: uncompiled, named: "c.md", root: Repository.root),
                       ["c.md:2: scripts/bench-verify.sh is not in a target of Package.swift"])
        let missing = "<!-- quoted from Sources/Nowhere.swift -->\n```swift\nlet x = 1\n```\n"
        XCTAssertEqual(DocumentationCheck.problems(in: missing, named: "d.md", root: Repository.root),
                       ["d.md:2: Sources/Nowhere.swift does not exist"])
    }
}

enum DocumentationCheck {
    struct Block { var line: Int; var text: String; var quotedFrom: String? }

    /// The Swift blocks of a Markdown text, each with the path its quote line names.
    static func swiftBlocks(in text: String) -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var i = 0
        while i < lines.count {
            guard lines[i] == "```swift" else { i += 1; continue }
            let start = i
            var body: [String] = []
            i += 1
            while i < lines.count && lines[i] != "```" { body.append(lines[i]); i += 1 }
            var source: String?
            if start > 0, let range = lines[start - 1].range(of: #"^<!-- quoted from (\S+) -->$"#, options: .regularExpression) {
                source = String(lines[start - 1][range].dropFirst("<!-- quoted from ".count).dropLast(" -->".count))
            }
            blocks.append(Block(line: start + 1, text: body.joined(separator: "\n"), quotedFrom: source))
            i += 1
        }
        return blocks
    }

    static func problems(in text: String, named name: String, root: URL) -> [String] {
        let roots = targetDirectories(root: root)
        return swiftBlocks(in: text).compactMap { block in
            guard let path = block.quotedFrom else {
                return "\(name):\(block.line): a Swift block without a '<!-- quoted from PATH -->' line before it"
            }
            guard let source = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
                return "\(name):\(block.line): \(path) does not exist"
            }
            // scripts/adopter is the package scripts/adopter-check.sh (run by .ci/run) builds.
            guard roots.contains(where: { path.hasPrefix($0 + "/") }) || path.hasPrefix("scripts/adopter/") else {
                return "\(name):\(block.line): \(path) is not in a target of Package.swift"
            }
            guard source.contains(block.text) else {
                return "\(name):\(block.line): the Swift block is not in \(path) as written"
            }
            return nil
        }
    }

    /// The directories Package.swift builds: Sources/NAME and Tests/NAME, and each `path:`.
    static func targetDirectories(root: URL) -> [String] {
        guard let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8) else { return [] }
        let starts = manifest.matches(of: /\.(test|executable)?[tT]arget\(name: "([^"]+)"/)
        var out: [String] = []
        for (k, start) in starts.enumerated() {
            // A target's own arguments run up to the next target.
            let end = k + 1 < starts.count ? starts[k + 1].range.lowerBound : manifest.endIndex
            if let path = manifest[start.range.upperBound ..< end].firstMatch(of: /path: "([^"]+)"/) {
                out.append(String(path.output.1))
            } else {
                out.append((start.output.1 == "test" ? "Tests/" : "Sources/") + start.output.2)
            }
        }
        return out
    }
}
