import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// `NavFuzz merge OUT IN…`: one report from the reports of shards.
enum MergeCommand {
    static let help = """
    USAGE: NavFuzz merge OUTPUT INPUT... [--junit-per-suite DIR]

    Combines the JUnit reports of shards (--shard I/N) into one report: suites of the same name
    become one, a test case that failed in any shard fails, counters are recomputed and counts
    of work (walks, steps, states, …) totalled. The inputs must be every shard of one run, each
    once: a missing or repeated shard, shards of different counts, or a suite run with another
    --fault in one shard is refused (exit 2). OUTPUT is written atomically; the inputs are left
    as they are. Case times are summed over the shards; a verification's `sometimes` property
    fails as never reached only when no shard reached it; an exploration split by
    `explore --shard` counts its distinct states, transitions and overlap from each shard's
    .states file, read next to its report.

    A suite must be the same run in every shard, else the merge is refused: the same version of
    NavFuzz, seed, walks, swarm, presets, bounds, depth, routes, pages, styles, kinds, multiple,
    dialect, launch and fault, and for a verification the same driver, positions and overlap.

    OPTIONS:
      --junit-per-suite DIR    also write each merged suite to DIR/TEST-NAME.xml (created when
                               missing), for Ant-style publishers
    """

    /// Refuses inputs that are not every shard of one run exactly once.
    static func checkShards(_ reports: [JUnitReport], paths: [String]) throws(UsageError) {
        let hint = "pass the report of each shard 0/N … N-1/N once"
        var seen: [Int: String] = [:]
        var total: (count: Int, path: String)?
        for (report, path) in zip(reports, paths) {
            let values = Set(report.suites.flatMap { $0.properties.filter { $0.name == "shard" }.map(\.value) })
            guard values.count == 1, let value = values.first else {
                throw UsageError(values.isEmpty ? "\(path): names no shard (a report of NavFuzz has a 'shard' property)"
                                 : "\(path): its suites are of different shards (\(values.sorted().joined(separator: ", ")))", hint: hint)
            }
            guard let shard = Shard(value) else {
                throw UsageError("\(path): shard '\(value)' is not I/N", hint: hint)
            }
            let (i, n) = (shard.index, shard.count)
            if let total, total.count != n {
                throw UsageError("\(path) is shard \(value) but \(total.path) is one of \(total.count)", hint: hint)
            }
            total = (n, path)
            if let other = seen[i] { throw UsageError("\(other) and \(path) are both shard \(value)", hint: hint) }
            seen[i] = path
        }
        if let total, let missing = (0..<total.count).first(where: { seen[$0] == nil }) {
            throw UsageError("shard \(missing)/\(total.count) is missing: \(seen.count) of \(total.count) reports given", hint: hint)
        }
        // A suite must be the same run in every shard: the same settings, or none in each.
        var settings: [String: (values: [String: String], path: String)] = [:]
        for (report, path) in zip(reports, paths) {
            for suite in report.suites {
                var values: [String: String] = [:]
                for name in agreeing { values[name] = suite.properties.first { $0.name == name }?.value ?? "none" }
                if let known = settings[suite.name],
                   let name = agreeing.first(where: { known.values[$0] != values[$0] }) {
                    throw UsageError("suite \(suite.name) ran with \(name) \(known.values[name] ?? "none") in \(known.path) "
                                     + "but \(values[name] ?? "none") in \(path)", hint: hint)
                }
                settings[suite.name] = (values, path)
            }
        }
        // Every shard of one run: the same command, whatever suites each one ran.
        var command: (text: String, path: String)?
        for (report, path) in zip(reports, paths) {
            for text in Set(report.suites.compactMap { $0.properties.first { $0.name == "command" }?.value }) {
                if let command, command.text != text {
                    throw UsageError("\(path) is a shard of '\(text)' but \(command.path) of '\(command.text)'", hint: hint)
                }
                command = (text, path)
            }
        }
    }

    /// The properties a suite must have alike in every shard: what makes it the same run.
    static let agreeing = ["version", "fault", "seed", "walks-asked", "walk-length", "swarm", "preset", "presets", "bounds",
                           "max-depth", "root", "routes", "pages", "styles", "kinds", "multiple", "dialect", "launch", "start-page", "driver",
                           "positions", "overlap-depth", "overlap-calls", "distinct"]

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let perSuite = try args.option("--junit-per-suite")
        if perSuite == "" { throw UsageError("--junit-per-suite needs a directory", hint: "for example --junit-per-suite reports") }
        let paths = try args.positionals()
        guard paths.count >= 2 else {
            throw UsageError("'merge' needs an output path and at least one input report", hint: "NavFuzz merge all.xml shard-0.xml shard-1.xml")
        }
        var reports: [JUnitReport] = []
        for path in paths.dropFirst() {
            do { reports.append(try JUnitReader.read(path: path)) } catch {
                throw UsageError("\(error)", hint: "pass reports written by NavFuzz --shard I/N")
            }
        }
        try checkShards(reports, paths: Array(paths.dropFirst()))
        var merged = JUnitReader.merge(reports)
        let explored = try countStates(&merged, reports: reports, paths: Array(paths.dropFirst()))
        if let perSuite { try makeDirectory(perSuite) }
        do { try JUnitWriter.write(merged, to: paths[0]) } catch {
            throw UsageError("\(error)", hint: "pass an output path in a writable directory")
        }
        if let perSuite {
            do { _ = try JUnitWriter.writeSuites(merged, toDirectory: perSuite) } catch {
                throw UsageError("\(error)", hint: "pass --junit-per-suite with a writable directory")
            }
        }
        let cases = merged.suites.reduce(0) { $0 + $1.tests }
        let failed = merged.suites.reduce(0) { $0 + $1.failures + $1.errors }
        context.terminal.out("merged \(paths.count - 1) reports into \(paths[0]): \(merged.suites.count) suites, \(cases) cases, \(failed) failed")
        for line in explored { context.terminal.out(line) }
        return failed == 0 ? 0 : 1
    }

    /// The suites of an exploration split by `explore --shard`: the distinct states of all
    /// shards from their states files (next to each report), each state's transitions counted
    /// once, the states found by more than one shard as `overlap`, the deepest level and
    /// whether every shard was complete. Returns a line for each such suite.
    static func countStates(_ merged: inout JUnitReport, reports: [JUnitReport], paths: [String]) throws(UsageError) -> [String] {
        var lines: [String] = []
        for s in merged.suites.indices {
            let name = merged.suites[s].name
            var shards: [ShardStates] = []
            var depth = 0, complete = true, found = 0
            for (report, path) in zip(reports, paths) {
                guard let suite = report.suites.first(where: { $0.name == name }) else { continue }
                func value(_ key: String) -> String? { suite.properties.first { $0.name == key }?.value }
                guard let file = value("states-file") else { continue }
                let states = (AtomicFile.directory(of: path) as NSString).appendingPathComponent(file)
                guard let read = ShardStates.read(path: states) else {
                    throw UsageError("\(path): suite \(name) has its states in \(states), which is missing or not a states file",
                                     hint: "keep each shard's .states file next to its report")
                }
                guard read.records.count == Int(value("states") ?? "") else {
                    throw UsageError("\(states) holds \(read.records.count) states but \(path) says \(value("states") ?? "none")",
                                     hint: "keep each shard's .states file with the report it was written with")
                }
                shards.append(read)
                found += read.records.count
                depth = max(depth, Int(value("depth") ?? "") ?? 0)
                complete = complete && value("complete") == "true"
            }
            guard !shards.isEmpty else { continue }
            let whole = ShardStates.union(shards)
            let set: [String: String] = ["states": String(whole.states), "transitions": String(whole.transitions),
                                         "refused": String(whole.refused), "depth": String(depth), "complete": String(complete)]
            merged.suites[s].properties = merged.suites[s].properties.compactMap { p in
                p.name == "states-file" ? nil : set[p.name].map { JUnitProperty(name: p.name, value: $0) } ?? p
            }
            merged.suites[s].properties.append(JUnitProperty(name: "overlap", value: String(whole.overlap)))
            lines.append("\(name): \(Figures.count(whole.states)) distinct states, \(Figures.count(whole.transitions)) transitions, "
                         + "from \(Figures.count(found)) found by \(shards.count) shards (overlap \(Figures.count(whole.overlap)))")
        }
        return lines
    }

    /// `path` as a writable directory, made when missing; refused before anything is written.
    static func makeDirectory(_ path: String) throws(UsageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue, access(path, W_OK) == 0 else {
                throw UsageError("--junit-per-suite \(path): not a writable directory", hint: "pass a directory you may write")
            }
            return
        }
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw UsageError("--junit-per-suite \(path): cannot make the directory (\(error.localizedDescription))",
                             hint: "pass a directory you may write")
        }
    }
}
