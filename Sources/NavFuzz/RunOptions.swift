import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// Options every running subcommand shares: workers, where the report goes, trace format, shard.
struct RunOptions {
    var workers: Int
    var junitPath: String
    var traceFormat: String
    var shard: Shard
    /// Where shrunk failures are saved as corpus files (replayable).
    var failuresDirectory: String
    /// Write `file`/`line` attributes on test cases (outside the strict schema).
    var fileAttributes = false
    /// Also write each suite to a file of its own here (Ant's layout).
    var perSuiteDirectory: String?
    /// The HTML page with a picture of every failing trace; nil when the report goes to a
    /// device or a FIFO and no `--html` was given.
    var htmlPath: String?

    /// The flags that change where a run's output goes or how fast it runs, not what it checks:
    /// the shards of one run may differ in them (`merge`).
    static let outputFlags: Set<String> = ["--workers", "--junit", "--trace-format", "--save-failures", "--shard", "--junit-per-suite",
                                           "--junit-file-attributes", "--html", "--timeout", "--startup-timeout", "--pin",
                                           "--no-restore", "--max-seconds"]

    /// The options of every running command; `workers` for those that run on threads.
    static func help(workers: Bool = true) -> String {
        (workers ? "  --workers N              worker threads (default: all cores)\n" : "") + shared
    }

    private static let shared = """
      --junit PATH             JUnit XML report (default: .build/navfuzz/junit.xml; - for standard
                               output, which then carries the report alone)
      --trace-format FORMAT    text, or json: one JSON object per counterexample on stdout, the rest on stderr
      --save-failures DIR      store each shrunk failure as a corpus file (default: next to the report)
      --shard I/N              run shard I of N (0-based); also TEST_SHARD_INDEX/TEST_TOTAL_SHARDS
      --junit-per-suite DIR    also write each suite to DIR/TEST-NAME.xml, one suite per file, as
                               Ant's junitreport reads them
      --junit-file-attributes  give each corpus or failing case file= and line= attributes, which
                               GitLab links (outside the strict JUnit schema; default: off)
      --html PATH              the pictures of the failing traces, one HTML page (default: the
                               JUnit report's path with .html for .xml)
    """

    /// `junit` and `failures` are a project file's defaults; flags and Bazel's
    /// `XML_OUTPUT_FILE` come first.
    /// `threads`: whether the command runs on worker threads; a verification drives one
    /// implementation one call at a time, and refuses `--workers` rather than ignore it.
    static func parse(_ args: inout Arguments, environment: [String: String], junit defaultJUnit: String? = nil,
                      failures defaultFailures: String? = nil, threads: Bool = true) throws(UsageError) -> RunOptions {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        if !threads, let given = try args.option("--workers") {
            throw UsageError("--workers \(given) does not apply to a verification: it drives one implementation, one call at a time",
                             hint: "leave it out; to use more cores, run shards (--shard I/N)")
        }
        let workers = try args.int("--workers", in: 1...1024) ?? cores
        let bazelOutput = environment["XML_OUTPUT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        var junit = try args.option("--junit") ?? bazelOutput ?? defaultJUnit ?? ".build/navfuzz/junit.xml"
        if junit.isEmpty { throw UsageError("--junit needs a file path", hint: "for example --junit report.xml") }
        // `-`: standard output, as `/dev/stdout` is.
        if junit == "-" { junit = "/dev/stdout" }
        let format = try args.choice("--trace-format", ["text", "json"]) ?? "text"
        let shard = try Shard.parse(&args, environment: environment)
        // Beside the report when it is a file; a report written to a device or a stream
        // (`/dev/null`, `/dev/stdout`) has no directory of its own to leave files in.
        let toFile = (try? ReportDestination.of(junit).get())?.isFile ?? true
        let beside = AtomicFile.directory(of: junit)
        let failures = try args.option("--save-failures") ?? defaultFailures
            ?? (!toFile ? ".build/navfuzz/failures" : beside.isEmpty ? "failures" : beside + "/failures")
        var run = RunOptions(workers: workers, junitPath: junit, traceFormat: format, shard: shard, failuresDirectory: failures)
        run.fileAttributes = args.flag("--junit-file-attributes")
        run.perSuiteDirectory = try args.option("--junit-per-suite")
        if run.perSuiteDirectory == "" { throw UsageError("--junit-per-suite needs a directory", hint: "for example --junit-per-suite reports") }
        if let html = try args.option("--html") {
            if html.isEmpty { throw UsageError("--html needs a file path", hint: "for example --html report.html") }
            run.htmlPath = html
        } else if toFile {
            // Named after the report, so that shards writing to one directory keep theirs.
            run.htmlPath = (junit.hasSuffix(".xml") ? String(junit.dropLast(4)) : junit) + ".html"
        }
        return run
    }

    /// Whether the report is written to this process's standard output (`-`, `/dev/stdout`, a
    /// link to it), which then carries nothing else.
    var reportOnStandardOutput: Bool { (try? ReportDestination.of(junitPath).get()) == .descriptor(1) }

    /// Checks before any work that the report can be written, so that a long run does not end
    /// in an unwritable path: a file's nearest existing directory must be writable, a device
    /// or a FIFO itself (an unprivileged `--junit /dev/null` is fine), a descriptor open for
    /// writing.
    func checkReportPath() throws(UsageError) {
        let destination: ReportDestination
        switch ReportDestination.of(junitPath) {
        case .failure(let error):
            throw UsageError("cannot write the report to \(error)", hint: "pass --junit with a file path")
        case .success(let d):
            destination = d
        }
        switch destination {
        case .descriptor(let fd):
            let flags = fcntl(fd, F_GETFL)
            if flags < 0 || flags & O_ACCMODE == O_RDONLY {
                throw UsageError("cannot write the report to \(junitPath): descriptor \(fd) is not open for writing",
                                 hint: "pass --junit with a file path")
            }
        case .inPlace(let device):
            if access(device, W_OK) != 0 {
                throw UsageError("cannot write the report to \(junitPath): \(String(cString: strerror(errno)))",
                                 hint: "pass --junit with a path you may write")
            }
        case .file(let file):
            try checkDirectory(of: file)
        }
    }

    private func checkDirectory(of file: String) throws(UsageError) {
        let dir = AtomicFile.directory(of: file)
        var isDir: ObjCBool = false
        var probe = dir.isEmpty ? "." : dir
        // The nearest existing ancestor must be a writable directory.
        while !FileManager.default.fileExists(atPath: probe, isDirectory: &isDir) {
            let up = AtomicFile.directory(of: probe)
            if up == probe || up.isEmpty { probe = "."; break }
            probe = up
        }
        _ = FileManager.default.fileExists(atPath: probe, isDirectory: &isDir)
        if !isDir.boolValue || access(probe, W_OK) != 0 {
            throw UsageError("cannot write the report to \(junitPath): \(probe) is not a writable directory",
                             hint: "pass --junit with a path in a writable directory")
        }
    }
}
