import Foundation
import XCTest

/// `scripts/check-portable.sh` keeps the portable targets free of what iOS, tvOS, watchOS and
/// visionOS lack; CI can only build for Linux, so this check is what proves the rest.
final class PortabilityTests: XCTestCase {
    func testThePortableTargetsPass() throws {
        let (status, output) = try runCheck(root: Repository.root)
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("use nothing an iOS 16 or macOS 13 test target lacks"), output)
    }

    func testAPlantedImportOrProcessFails() throws {
        let planted = [
            ("NavFuzzKit", "import Glibc"),
            ("NavFuzzKit", "@_exported import Darwin"),
            ("CoordinatorModel", "import CLibXML2"),
            ("NavFuzzKit", "let child = Process()"),
            ("NavFuzzKit", "    var child: Process?"),
            ("NavFuzzKit", "import UIKit"),
            ("NavFuzzKit", "import Synchronization"),
            ("NavFuzzDriverServer", "let child = Process()"),
            ("NavFuzzDriverServer", "    posix_spawn(&pid, path, nil, nil, argv, nil)"),
            ("NavFuzzTesting", "import Synchronization"),
            ("NavFuzzTesting", "import NavFuzzDriver"),
            ("NavFuzzTesting", "    _ = system(\"ls\")"),
            ("NavFuzzRecorder", "import Glibc"),
            ("NavFuzzRecorder", "import UIKit"),
        ]
        for (target, line) in planted {
            let root = try copyOfPortableTargets()
            defer { try? FileManager.default.removeItem(at: root) }
            let file = root.appendingPathComponent("Sources/\(target)/Planted.swift")
            try "// planted\n\(line)\n".write(to: file, atomically: true, encoding: .utf8)
            let (status, output) = try runCheck(root: root)
            XCTAssertEqual(status, 1, "\(line): \(output)")
            XCTAssertTrue(output.contains("Planted.swift:2: linked target \(target) uses: \(line.trimmingCharacters(in: .whitespaces))"),
                          "\(line): \(output)")
        }
    }

    private func copyOfPortableTargets() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("portable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        for target in ["CoordinatorModel", "NavFuzzKit", "NavFuzzDriverServer", "NavFuzzTesting", "NavFuzzRecorder"] {
            try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Sources/\(target)"),
                                             to: root.appendingPathComponent("Sources/\(target)"))
        }
        return root
    }

    private func runCheck(root: URL) throws -> (Int32, String) {
        try Repository.run("/bin/bash", [Repository.root.appendingPathComponent("scripts/check-portable.sh").path, root.path])
    }
}

/// One way to write a file a reader opens: `AtomicFile` (a temporary file, synced, renamed).
/// Another writer would be one that can leave a torn or unsynced file. The one log, the app's
/// recording (docs/VALIDATE.md), grows line by line as the app runs: each line is written
/// whole, a last line cut short is reported as such, and no recording is written over.
final class OneWriterTests: XCTestCase {
    static let logs = ["NavFuzzRecorder/NavigationRecorder.swift"]

    static let otherWriters = #"\brename\(|\.write\(to:|write\(toFile:|createFile\(atPath:"#

    func testOnlyAtomicFileWritesFiles() throws {
        XCTAssertEqual(try writers(under: Repository.root.appendingPathComponent("Sources")), [])
    }

    func testAnotherWriterIsFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("one-writer-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "let x = 1\ntry text.write(toFile: path, atomically: true, encoding: .utf8)\n"
            .write(to: root.appendingPathComponent("Planted.swift"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try writers(under: root), ["Planted.swift:2"])
    }

    private func writers(under root: URL) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: Self.otherWriters)
        var found: [String] = []
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files.sorted() where !file.hasSuffix("AtomicFile.swift") && !Self.logs.contains(file) {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where pattern.firstMatch(in: String(line), range: NSRange(line.startIndex..., in: line)) != nil {
                found.append("\(file):\(n + 1)")
            }
        }
        return found
    }
}
