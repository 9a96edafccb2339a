import Foundation
import NavFuzzJUnit
import XCTest

/// Runs the built `NavFuzz` executable, as a user or a CI job would.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The directory holding the built products (`.build/<triple>/debug`).
    static var products: URL {
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0])
        for candidate in [argv0.deletingLastPathComponent(), Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()] {
            if FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("NavFuzz").path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static var schema: String { packageRoot.appendingPathComponent("../shared/schemas/JUnit.xsd").standardized.path }

    /// Runs `NavFuzz args` in `directory` (default: a fresh temporary one) with `environment` added.
    static func run(_ args: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        try run(products.appendingPathComponent("NavFuzz"), args, in: directory, environment: environment)
    }

    /// Runs `NavFuzz args` as the unprivileged user `nobody` (through `setpriv`), in `directory`,
    /// which nobody may write. Skips the test where that cannot be done (not root, no setpriv).
    static func runAsNobody(_ args: [String], in directory: URL, environment: [String: String] = [:]) throws -> Result {
        let setpriv = "/usr/bin/setpriv"
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv) else {
            throw XCTSkip("running as nobody needs root and \(setpriv)")
        }
        XCTAssertEqual(chmod(directory.path, 0o777), 0)
        return try run(URL(fileURLWithPath: setpriv),
                       ["--reuid=nobody", "--regid=nogroup", "--clear-groups", products.appendingPathComponent("NavFuzz").path] + args,
                       in: directory, environment: environment)
    }

    private static func run(_ executable: URL, _ args: [String], in directory: URL?, environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = args
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        for key in ["TEST_TOTAL_SHARDS", "TEST_SHARD_INDEX", "TEST_SHARD_STATUS_FILE", "XML_OUTPUT_FILE"] { env[key] = nil }
        env.merge(environment) { $1 }
        process.environment = env
        // Files rather than pipes: a large output can never block the child.
        let dir = try temporaryDirectory()
        let outURL = dir.appendingPathComponent("stdout"), errURL = dir.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close(); try err.close()
        defer { try? FileManager.default.removeItem(at: dir) }
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("navfuzz-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}

extension XCTestCase {
    /// Bad input: one line on stderr naming what and where, exit 2, no backtrace.
    func assertBadInput(_ args: [String], in directory: URL? = nil, mentions: String, environment: [String: String] = [:],
                        file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try CLI.run(args, in: directory, environment: environment)
        XCTAssertEqual(r.status, 2, "\(args): \(r.stdout) \(r.stderr)", file: file, line: line)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "one line expected: \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.hasPrefix("NavFuzz: error: "), r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(mentions), "\(r.stderr) should mention \(mentions)", file: file, line: line)
        XCTAssertFalse(r.stderr.contains("Backtrace") || r.stderr.contains("Fatal error"), r.stderr, file: file, line: line)
    }
}
