import Foundation
import XCTest

/// File names say what they hold (docs/ARCHITECTURE.md): one principal type per file.
final class FileNameTests: XCTestCase {
    func testEveryFileIsNamedForWhatItHolds() throws {
        let files = try Repository.swiftFiles(under: "Sources")
        XCTAssertGreaterThan(files.count, 100, "the scan found the sources")
        XCTAssertEqual(FileNames.misnamed(files), [])
    }

    func testAMisnamedFileIsCaught() {
        let files = [
            "Kit/Values.swift": "/// Doc.\npublic struct Route: Hashable {}\n",
            "Kit/Explorer.swift": "struct Explorer {}\n@_spi(Engine) public struct Counterexample {\n    struct Nested {}\n}\n",
            "Kit/Parser.swift": "struct Parser {}\nprivate struct Scanner {}\nfileprivate enum Token {}\n",
            "Kit/State+Canonical.swift": "extension State {}\nprivate struct Writer {}\n",
            "Kit/State+Loose.swift": "extension State {}\nstruct Loose {}\n",
            "Kit/Copying.swift": "extension Navigator {}\n",
            "Kit/Help.swift": "let overallHelp = \"\"\nfunc help() {}\n",
            "Tool/main.swift": "print(1)\n",
            "Kit/DriverJSON.swift": "package typealias DriverJSON = JSONValue\nextension JSONValue {}\n",
            "Kit/Report.swift": "public struct Report {}\n@available(*, deprecated)\npublic typealias Result = Report\n",
            "Kit/StateMachine.swift": "protocol StateMachine {\n    var properties: [Property<Self>] { get }\n}\nstruct Property<M: StateMachine> {}\n",
            "Kit/Points.swift": "final class Points {\n    var clock: Clock\n}\nstruct Clock {}\n",
        ]
        XCTAssertEqual(FileNames.misnamed(files), [
            "Kit/Copying.swift declares no type and extends Navigator: name it Navigator+Concern.swift",
            "Kit/Explorer.swift declares Counterexample: move it to Counterexample.swift",
            "Kit/Points.swift declares Clock: move it to Clock.swift",
            "Kit/State+Loose.swift declares Loose: move it to Loose.swift",
            "Kit/Values.swift declares Route: move it to Route.swift",
        ])
    }
}

enum FileNames {
    /// A line for each type declared (not `private`) at the top level of a file not named for it,
    /// and for each file of extensions alone not named `Type+Concern.swift` for the first type it
    /// extends; sorted. A type and the file's own type that name each other may share the file:
    /// apart they would be a circle (`LayeringTests`).
    static func misnamed(_ files: [String: String]) -> [String] {
        let extensionLine = try! Regex(#"(?m)^(?:@\w+(?:\(\w+\))?\s+)*(?:(?:public|package|internal)\s+)?extension\s+(\w+)"#)
        var out: [String] = []
        for (path, text) in files {
            let name = String(path.split(separator: "/").last!.dropLast(".swift".count))
            let code = Layering.code(text)
            let blocks = topLevelBlocks(code)
            // `Layering.declaration`'s matches: types and aliases, the private ones left out.
            var declared: [(String, Range<String.Index>)] = [], aliases: [String] = []
            for match in code.matches(of: Layering.declaration) {
                let words = code[match.range].split(whereSeparator: \.isWhitespace)
                if words.contains("private") || words.contains("fileprivate") { continue }
                let type = String(text: match.output[1].substring)
                if words.contains("typealias") { aliases.append(type) } else { declared.append((type, match.range)) }
            }
            for (declaredType, range) in declared where declaredType != name {
                let own = blocks.first { $0.contains(range.lowerBound) } ?? range
                let rest = String(code[..<own.lowerBound] + code[own.upperBound...])
                let mutual = declared.contains { $0.0 == name }
                    && names(code[own], name) && names(Substring(rest), declaredType)
                if !mutual { out.append("\(path) declares \(declaredType): move it to \(declaredType).swift") }
            }
            if declared.isEmpty, !aliases.contains(name), let first = code.firstMatch(of: extensionLine)?.output[1].substring, !name.hasPrefix("\(first)+") {
                out.append("\(path) declares no type and extends \(first): name it \(first)+Concern.swift")
            }
        }
        return out.sorted()
    }

    /// Whether `code` names `type` as a word.
    static func names(_ code: Substring, _ type: String) -> Bool {
        code.contains(try! Regex("\\b\(type)\\b"))
    }

    /// Each top-level declaration's text: from a line at column 0 to the next line that is `}`
    /// alone (or the line itself when it closes what it opens).
    static func topLevelBlocks(_ code: String) -> [Range<String.Index>] {
        var blocks: [Range<String.Index>] = []
        var start: String.Index?
        var index = code.startIndex
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let end = line.endIndex
            if start == nil, let first = line.first, first.isLetter || first == "@" {
                if line.filter({ $0 == "{" }).count == line.filter({ $0 == "}" }).count {
                    blocks.append(index..<end)
                } else {
                    start = index
                }
            } else if let s = start, line == "}" {
                blocks.append(s..<end)
                start = nil
            }
            index = end < code.endIndex ? code.index(after: end) : end
        }
        return blocks
    }
}
