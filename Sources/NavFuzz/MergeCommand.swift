import NavFuzzJUnit
import NavFuzzKit

/// `NavFuzz merge OUT IN…`: one report from the reports of shards.
enum MergeCommand {
    static let help = """
    USAGE: NavFuzz merge OUTPUT INPUT...

    Combines the JUnit reports of shards (--shard I/N) into one report: suites of the same name
    become one, a test case that failed in any shard fails, counters are recomputed. OUTPUT is
    written atomically; the inputs are left as they are.
    """

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
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
        let merged = JUnitReader.merge(reports)
        do { try JUnitWriter.write(merged, to: paths[0]) } catch {
            throw UsageError("\(error)", hint: "pass an output path in a writable directory")
        }
        let cases = merged.suites.reduce(0) { $0 + $1.tests }
        let failed = merged.suites.reduce(0) { $0 + $1.failures + $1.errors }
        context.terminal.out("merged \(paths.count - 1) reports into \(paths[0]): \(merged.suites.count) suites, \(cases) cases, \(failed) failed")
        return failed == 0 ? 0 : 1
    }
}
