@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzDriver
import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit

/// `navfuzz.json` (docs/PROJECT.md): what `NavFuzz` with no command checks in a user's
/// repository. JSON with `//` comments; paths and driver commands are taken from the directory
/// NavFuzz runs in (the package root, where `swift run` runs), as on the command line.
/// Every key is read here, and anything else is one line naming the key path.
struct ProjectFile {
    static let fileName = "navfuzz.json"

    struct System {
        var name: String
        var driver: Driver
        var baseline: Baseline
        var timeout: Double?
        var startupTimeout: Double?
    }

    var path: String
    var systems: [System]
    var corpus: [String]
    /// Recordings of the app's navigation to validate (docs/VALIDATE.md): files or folders.
    var recordings: [String]
    var options: Verifier.Options
    var junit: String?
    var failures: String?

    static let topKeys = ["navfuzz", "systems", "corpus", "recordings"] + VerifySetting.all.map(\.key) + ["junit", "failures"]
    static let systemKeys = ["name", "driver", "connect", "baseline", "timeout", "startupTimeout"]

    /// Reads and checks the file at `path`.
    static func load(_ path: String) throws(UsageError) -> ProjectFile {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw UsageError("\(path): cannot read the project file", hint: "see docs/PROJECT.md")
        }
        let json: DriverJSON
        do { json = try DriverJSON(parsing: withoutComments(text)) } catch {
            throw UsageError("\(path): not JSON: \(error)", hint: "see docs/PROJECT.md")
        }
        return try ProjectFile(json, path: path)
    }

    init(_ json: DriverJSON, path: String) throws(UsageError) {
        self.path = path
        let file = KeyReader(json: json, path: path)
        try file.checkKeys(json, Self.topKeys, at: "")
        guard json["navfuzz"]?.int == 1 else { throw file.fail("navfuzz", "expected 1, the version of the project file") }
        recordings = try file.strings("recordings") ?? []
        // Recordings alone are a job too: an app that validates what its UI tests did.
        guard let list = json["systems"]?.array ?? (recordings.isEmpty ? nil : []), !list.isEmpty || !recordings.isEmpty else {
            throw file.fail("systems", "expected a non-empty array of systems to verify, each with a 'driver' (or 'recordings' to validate)")
        }
        var systems: [System] = []
        for (i, item) in list.enumerated() {
            let system = try Self.system(item, at: "systems[\(i)]", file)
            if systems.contains(where: { $0.name == system.name }) { throw file.fail("systems[\(i)].name", "'\(system.name)' names two systems") }
            systems.append(system)
        }
        self.systems = systems
        corpus = try file.strings("corpus") ?? []
        options = try Self.options(file)
        junit = try file.string("junit")
        failures = try file.string("failures")
    }

    /// One entry of `systems`.
    private static func system(_ item: DriverJSON, at: String, _ file: KeyReader) throws(UsageError) -> System {
        try file.checkKeys(item, Self.systemKeys, at: at)
        let driver: Driver
        switch (item["driver"], item["connect"]) {
        case (let d?, nil): driver = .command(try file.string(d, "\(at).driver"))
        case (nil, let c?):
            guard let port = c.int, (1...65535).contains(port) else { throw file.fail("\(at).connect", "expected a port from 1 to 65535, found \(c.text)") }
            driver = .loopback(port: UInt16(port))
        case (_?, _?): throw file.fail("\(at)", "has both 'driver' and 'connect': a system is one or the other")
        default: throw file.fail("\(at).driver", "missing: the command that starts the driver (or 'connect': the port it serves on)")
        }
        var name = driver.text
        if let given = item["name"] {
            name = try file.string(given, "\(at).name")
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
                throw file.fail("\(at).name", "expected letters, digits, '-', '_' or '.', found \(TextSanitizer.escaped(name, quoting: true))")
            }
        }
        var baseline = Baseline()
        if let b = item["baseline"], !b.isNull {
            let path = try file.string(b, "\(at).baseline")
            do { baseline = try Baseline(contentsOf: path) } catch { throw file.fail("\(at).baseline", error.description) }
        }
        return System(name: name, driver: driver, baseline: baseline, timeout: try file.seconds(item["timeout"], "\(at).timeout"),
                      startupTimeout: try file.seconds(item["startupTimeout"], "\(at).startupTimeout"))
    }

    /// The verification options at the top level: a key for each `VerifySetting`.
    private static func options(_ file: KeyReader) throws(UsageError) -> Verifier.Options {
        var options = Verifier.Options()
        for s in VerifySetting.all {
            switch s.value {
            case .count(let path, let range): if let n = try file.int(s.key, range) { options[keyPath: path] = n }
            case .seconds(let path): if let d = try file.seconds(file.json[s.key], s.key) { options[keyPath: path] = d }
            case .seed: if let n = try file.seed(s.key) { options.seed = n }
            case .toggle(let path, _): if let b = try file.bool(s.key) { options[keyPath: path] = b }
            case .presets:
                guard let names = try file.strings(s.key) else { continue }
                var presets: [Preset] = []
                for (i, n) in names.enumerated() {
                    guard let p = Preset.named(n) else {
                        throw file.fail("\(s.key)[\(i)]", "no preset '\(n)' (presets: \(Preset.everyNamed.map(\.name).joined(separator: ", ")))")
                    }
                    presets.append(p)
                }
                options.presets = presets
            case .launch:
                guard let text = try file.string(s.key) else { continue }
                do { options.launch = try Launch(parsing: text) } catch { throw file.fail(s.key, "\(error)") }
            }
        }
        return options
    }

    /// Reads the file's values by key; each error is one line naming the file and the key path.
    private struct KeyReader {
        let json: DriverJSON
        let path: String

        func fail(_ key: String, _ message: String) -> UsageError {
            UsageError("\(path): \(key): \(message)", hint: "see docs/PROJECT.md for every key")
        }

        /// Every key of `object` known, and none given twice.
        func checkKeys(_ object: DriverJSON, _ known: [String], at prefix: String) throws(UsageError) {
            guard case .object(let members) = object else {
                throw fail(prefix.isEmpty ? "(top)" : prefix, "expected an object, found \(object.typeName)")
            }
            for (n, (key, _)) in members.enumerated() {
                let at = prefix.isEmpty ? key : "\(prefix).\(key)"
                if !known.contains(key) { throw fail(at, "unknown key (keys: \(known.joined(separator: ", ")))") }
                if members[..<n].contains(where: { $0.0 == key }) { throw fail(at, "given twice") }
            }
        }

        func string(_ v: DriverJSON, _ key: String) throws(UsageError) -> String {
            guard let s = v.string, !s.isEmpty else { throw fail(key, "expected a non-empty string, found \(v.text)") }
            return s
        }

        /// The top-level `key`'s string; nil when absent or null.
        func string(_ key: String) throws(UsageError) -> String? {
            guard let v = json[key], !v.isNull else { return nil }
            return try string(v, key)
        }

        func int(_ key: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int? {
            guard let v = json[key], !v.isNull else { return nil }
            guard let n = v.int, range.contains(n) else { throw fail(key, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(v.text)") }
            return n
        }

        func seconds(_ v: DriverJSON?, _ key: String) throws(UsageError) -> Double? {
            guard let v, !v.isNull else { return nil }
            let number: Double? = switch v { case .int(let i): Double(i); case .double(let d): d; default: nil }
            let limit = VerifySetting.maxSeconds
            guard let d = number, d > 0, d <= limit else {
                throw fail(key, "expected seconds above 0 and up to \(VerifySetting.seconds(limit)), found \(v.text)")
            }
            return d
        }

        func bool(_ key: String) throws(UsageError) -> Bool? {
            guard let v = json[key], !v.isNull else { return nil }
            guard case .bool(let b) = v else { throw fail(key, "expected true or false, found \(v.text)") }
            return b
        }

        /// A whole number, or a string of one in decimal or `0x` hex (above 2^63).
        func seed(_ key: String) throws(UsageError) -> UInt64? {
            guard let v = json[key], !v.isNull else { return nil }
            if let n = v.int, n >= 0 { return UInt64(n) }
            if let text = v.string, let n = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text) { return n }
            throw fail(key, "expected a whole number from 0, or a string of one (decimal or 0x hex), found \(v.text)")
        }

        func strings(_ key: String) throws(UsageError) -> [String]? {
            guard let v = json[key], !v.isNull else { return nil }
            if let s = v.string { return [try string(.string(s), key)] }
            guard let items = v.array else { throw fail(key, "expected a string or an array of strings, found \(v.text)") }
            var out: [String] = []
            for (i, item) in items.enumerated() { out.append(try string(item, "\(key)[\(i)]")) }
            return out
        }
    }

    /// The text without `//` comments (outside strings), so that JSON can carry them.
    static func withoutComments(_ text: String) -> String {
        var out = "", inString = false, escaped = false
        var chars = text.makeIterator()
        var pending: Character?
        while let c = pending ?? chars.next() {
            pending = nil
            if inString {
                out.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            if c == "\"" { inString = true; out.append(c); continue }
            if c == "/" {
                let next = chars.next()
                if next == "/" {
                    while let d = chars.next(), d != "\n" && d != "\r\n" {}
                    out.append("\n")
                    continue
                }
                out.append(c)
                pending = next
                continue
            }
            out.append(c)
        }
        return out
    }

    /// What `NavFuzz init` writes.
    static let starter = """
    // NavFuzz project file: what `swift run NavFuzz` checks in this repository (docs/PROJECT.md).
    // JSON with // comments; paths are taken from the package root, where NavFuzz runs.
    {
      "navfuzz": 1,
      // Each system is a driver of your coordinators speaking docs/DRIVER-PROTOCOL.md, e.g. an
      // executable target serving your adapter with DriverServer.serve; build it before the job
      // (swift build -c release --product AppDriver). A driver already serving on the
      // loopback (an app in a simulator) is named by "connect": PORT instead of "driver".
      "systems": [
        {
          "name": "app",
          "driver": ".build/release/AppDriver"
          // "baseline": "navfuzz.baseline",   known differences (docs/VERIFY.md §7)
          // "timeout": 5,                     seconds per request
          // "startupTimeout": 30              seconds to start and answer the handshake
        }
      ],
      // Regression traces to replay first: NavFuzz saves every failure it finds as one.
      "corpus": [],
      // What to explore and how long to walk; these are the defaults.
      "presets": ["small", "small-tab"],
      "depth": 3,
      "walks": 150,
      "walkLength": 40,
      "seed": 0,
      "distinct": 3,
      // Where the JUnit report and the failing traces go.
      "junit": ".build/navfuzz/junit.xml",
      "failures": ".build/navfuzz/failures"
    }

    """
}
