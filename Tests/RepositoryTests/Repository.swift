import Foundation

/// The repository these tests were built from, and a way to run its scripts.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of every Swift file under `folder` of the repository, by its path from there.
    static func swiftFiles(under folder: String) throws -> [String: String] {
        let dir = root.appendingPathComponent(folder)
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: dir.path) where path.hasSuffix(".swift") {
            files[path] = try String(contentsOf: dir.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    /// Runs `executable` with `arguments`; its exit status and its standard output and error.
    static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
