import Foundation
import NavFuzzJUnit
import XCTest

/// The reports as Ant's junitreport, the format's reference client, reads them: it takes one
/// `<testsuite>` per file (`--junit-per-suite`) and must count what NavFuzz counted. `.ci/run`
/// installs Debian's `ant` and `ant-optional`; without them the test is skipped.
final class AntClientTests: XCTestCase {
    func testJunitreportCountsWhatNavFuzzCounted() throws {
        guard let ant = ["/usr/bin/ant", "/usr/local/bin/ant"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("Ant is not installed (apt-get install ant ant-optional)")
        }
        let dir = try CLI.temporaryDirectory()
        let per = dir.appendingPathComponent("per").path
        let job = try CLI.run(["--explore", "ci", "--max-depth", "2", "--walks", "50", "--junit", dir.appendingPathComponent("job.xml").path,
                               "--junit-per-suite", per])
        XCTAssertEqual(job.status, 0, job.stdout + job.stderr)
        let fault = try CLI.run(["explore", "--preset", "small", "--max-depth", "3", "--fault", "back-leaves-child",
                                 "--junit", dir.appendingPathComponent("fault.xml").path, "--junit-per-suite", per])
        XCTAssertEqual(fault.status, 1, fault.stdout + fault.stderr)
        let ours = try JUnitReader.read(path: dir.appendingPathComponent("job.xml").path).suites
            + JUnitReader.read(path: dir.appendingPathComponent("fault.xml").path).suites

        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        try """
            <project name="navfuzz" default="report">
              <target name="report">
                <junitreport todir="out"><fileset dir="per" includes="TEST-*.xml"/></junitreport>
              </target>
            </project>
            """.write(to: dir.appendingPathComponent("build.xml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ant)
        process.arguments = ["-q", "-f", dir.appendingPathComponent("build.xml").path]
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        // junitreport splits a suite's name at its last dot into package and name.
        let theirs = try JUnitReader.read(path: dir.appendingPathComponent("out/TESTS-TestSuites.xml").path).suites
        XCTAssertEqual(theirs.count, ours.count)
        let xml = try String(contentsOf: dir.appendingPathComponent("out/TESTS-TestSuites.xml"), encoding: .utf8)
        for suite in ours {
            var name = Substring(suite.name)
            if let dot = suite.name.lastIndex(of: ".") {
                name = suite.name[suite.name.index(after: dot)...]
                let package = suite.name[..<dot]
                XCTAssertTrue(xml.contains(#"name="\#(name)" package="\#(package)""#), "\(suite.name) in \(xml.prefix(2000))")
            }
            let mine = theirs.first { $0.name == String(name) && $0.cases.count == suite.cases.count }
            XCTAssertEqual(mine?.tests, suite.tests, suite.name)
            XCTAssertEqual(mine?.failures, suite.failures, suite.name)
        }
        XCTAssertEqual(theirs.reduce(0) { $0 + $1.failures }, 1, "the fault's one failure is counted")
    }
}
