import Foundation
import XCTest

/// Data flows one way (docs/ARCHITECTURE.md): NavFuzzKit's folders are layers, each naming types
/// of the folders below it only, and the targets import each other without a loop.
final class LayeringTests: XCTestCase {
    /// NavFuzzKit's folders, lowest first.
    static let layers = ["Support", "Engine", "Coordinator", "Systems", "Bridges", "Corpus", "Conformance", "Verification", "Validation", "Reports"]

    func testNoFolderOfNavFuzzKitNamesATypeOfAHigherOne() throws {
        let files = try Repository.swiftFiles(under: "Sources/NavFuzzKit")
        let folders = Set(files.keys.map { Layering.folder(of: $0) })
        XCTAssertEqual(folders.subtracting(Self.layers), [], "folders without a place in LayeringTests.layers")
        XCTAssertGreaterThan(files.count, 30, "the scan found the sources")
        XCTAssertEqual(Layering.upwardNames(files, layers: Self.layers), [])
    }

    func testAFileNamingAHigherFoldersTypeIsCaught() {
        let files = [
            "Engine/Explorer.swift": "struct Explorer { var r: VerificationReport; var s: Seed }",
            "Engine/Seed.swift": "struct Seed {}",
            "Verification/Report.swift": "public struct VerificationReport {\n    struct Nested {}\n}\n// Explorer\nlet e = Explorer()",
            "Support/Text.swift": "enum Text { static let s = \"VerificationReport\" } // VerificationReport in a comment",
        ]
        XCTAssertEqual(Layering.upwardNames(files, layers: ["Support", "Engine", "Verification"]),
                       ["Engine/Explorer.swift names VerificationReport of Verification/Report.swift"])
    }

    /// Within a folder too, data flows one way: no two files name each other's types, through
    /// any number of files between (docs/ARCHITECTURE.md). The one circle accepted is listed, and
    /// why; the set must match exactly, so no new one may come and a file may not join it.
    static let knownCircles: Set<[String]> = [
        // The sample library's object graph: coordinators own routers whose entries and
        // presentations hold coordinators.
        ["SampleCoordinators/Coordinator.swift", "SampleCoordinators/NavigationCoordinator.swift", "SampleCoordinators/Navigator.swift",
         "SampleCoordinators/Presentation.swift", "SampleCoordinators/RedirectionCoordinator.swift", "SampleCoordinators/Router.swift",
         "SampleCoordinators/RouterContents.swift", "SampleCoordinators/RouterEntry.swift", "SampleCoordinators/TabCoordinator.swift"],
    ]

    func testNoCircleInsideAFolder() throws {
        let files = try Repository.swiftFiles(under: "Sources")
        XCTAssertGreaterThan(files.count, 100, "the scan found the sources")
        XCTAssertEqual(Set(Layering.circles(files)), Self.knownCircles)
    }

    func testACircleInsideAFolderIsCaught() {
        let files = [
            "Kit/Systems/Points.swift": "public final class Points { var scheduler: Scheduler? }",
            "Kit/Systems/Scheduler.swift": "final class Scheduler { func run(_ s: any Adopted) {} }",
            "Kit/Systems/Adopted.swift": "protocol Adopted { var points: Points { get } }",
            "Kit/Systems/Step.swift": "struct Step { var p: Points }",
            "Kit/Engine/Other.swift": "struct Other { var s: Step }\nstruct Back {}",
            "Kit/Systems/Uses.swift": "struct Uses { var b: Back }",
        ]
        XCTAssertEqual(Layering.circles(files), [["Kit/Systems/Adopted.swift", "Kit/Systems/Points.swift", "Kit/Systems/Scheduler.swift"]],
                       "a circle across folders is the layers' concern, not this one's")
    }

    func testTheTargetsImportEachOtherWithoutALoop() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        var imports: [String: Set<String>] = [:]
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        for target in targets {
            let dir = sources.appendingPathComponent(target)
            for path in (try? FileManager.default.subpathsOfDirectory(atPath: dir.path)) ?? [] where path.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
                imports[target, default: []].formUnion(Layering.imports(in: text).filter { targets.contains($0) && $0 != target })
            }
        }
        XCTAssertEqual(imports["CoordinatorModel"] ?? [], [], "the model imports nothing of NavFuzz")
        XCTAssertEqual(Layering.loop(in: imports), nil)
    }

    func testAnImportLoopIsCaught() {
        XCTAssertEqual(Layering.loop(in: ["A": ["B"], "B": ["C"], "C": ["A"], "D": ["A"]]), ["A", "B", "C", "A"])
        XCTAssertEqual(Layering.loop(in: ["A": ["B"], "B": [], "C": ["A", "B"]]), nil)
    }
}

enum Layering {
    /// The first path component: the folder, or "" for a file at the top.
    static func folder(of path: String) -> String {
        path.split(separator: "/").dropLast().first.map(String.init) ?? ""
    }

    /// "FILE names TYPE of FILE" for each file that names a type declared at the top level of a
    /// file in a higher layer (comments and string literals left out).
    static func upwardNames(_ files: [String: String], layers: [String]) -> [String] {
        var owner: [String: String] = [:]
        for (path, text) in files {
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { owner[String(name)] = path }
            }
        }
        var out: [String] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            guard let level = layers.firstIndex(of: folder(of: path)) else { continue }
            let names = Set(code(text).matches(of: typeWord).filter { $0.output[1].substring == nil }.map { String(text: $0.output[2].substring) })
            for name in names.sorted() {
                guard let other = owner[name], let higher = layers.firstIndex(of: folder(of: other)), higher > level else { continue }
                out.append("\(path) names \(name) of \(other)")
            }
        }
        return out
    }

    /// The files of one folder that name each other's types, through any files of that folder
    /// between: each circle's files sorted, the circles sorted.
    static func circles(_ files: [String: String]) -> [[String]] {
        func directory(_ path: String) -> Substring { path[..<(path.lastIndex(of: "/") ?? path.startIndex)] }
        // By folder and name: two targets may each declare a type of one name.
        var owner: [String: String] = [:]
        for (path, text) in files {
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { owner["\(directory(path))/\(name)"] = path }
            }
        }
        var names: [String: Set<String>] = [:]
        for (path, text) in files {
            let words = Set(code(text).matches(of: typeWord).filter { $0.output[1].substring == nil }.map { String(text: $0.output[2].substring) })
            names[path] = Set(words.compactMap { owner["\(directory(path))/\($0)"] }.filter { $0 != path })
        }
        func reachable(from start: String) -> Set<String> {
            var seen: Set<String> = [], next = [start]
            while let p = next.popLast() {
                for q in names[p] ?? [] where seen.insert(q).inserted { next.append(q) }
            }
            return seen
        }
        let reach = Dictionary(uniqueKeysWithValues: files.keys.map { ($0, reachable(from: $0)) })
        var circles: Set<[String]> = []
        for path in files.keys where reach[path]!.contains(path) {
            circles.insert(reach[path]!.filter { reach[$0]!.contains(path) }.sorted())
        }
        return circles.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// A declaration at the top level of a file: its name.
    static var declaration: Regex<AnyRegexOutput> { try! Regex(#"(?m)^(?:@\w+(?:\(\w+\))?\s+)*(?:(?:public|package|private|fileprivate|internal|final|indirect|open)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)"#) }
    /// A capitalised word not after a dot (a member's name is not a type of its own).
    static var typeWord: Regex<AnyRegexOutput> { try! Regex(#"(\.)?\b([A-Z]\w*)"#) }

    /// The text without comments and string literals.
    static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var kept = ""
            var inString = false, escaped = false
            var previous: Character = " "
            for c in line {
                if inString {
                    if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                    continue
                }
                if c == "/" && previous == "/" { kept.removeLast(); break }
                if c == "\"" { inString = true } else { kept.append(c) }
                previous = c
            }
            return kept
        }.joined(separator: "\n")
    }

    /// The modules `text` imports.
    static func imports(in text: String) -> Set<String> {
        let line = try! Regex(#"(?m)^(?:@[\w()]+\s+)*import\s+(\w+)"#)
        return Set(text.matches(of: line).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// One loop of the graph, its first node repeated at the end; nil when there is none.
    static func loop(in graph: [String: Set<String>]) -> [String]? {
        var done: Set<String> = []
        func visit(_ node: String, _ path: [String]) -> [String]? {
            if let start = path.firstIndex(of: node) { return Array(path[start...]) + [node] }
            if done.contains(node) { return nil }
            for next in (graph[node] ?? []).sorted() {
                if let found = visit(next, path + [node]) { return found }
            }
            done.insert(node)
            return nil
        }
        for node in graph.keys.sorted() {
            if let found = visit(node, []) { return found }
        }
        return nil
    }
}

extension String {
    /// A regex capture's text; empty when the group did not take part.
    init(text: Substring?) { self = text.map(String.init) ?? "" }
}
