@_spi(Engine) import CoordinatorModel
import NavFuzzDriver
@_spi(Engine) import NavFuzzKit
import SampleCoordinators
import XCTest

/// Verification split over shards: every shard explores each preset's states on the model and
/// checks against the implementation only the steps from the states it owns, so the shards
/// together check each step once and find what one run finds.
final class ShardedVerificationTests: XCTestCase {
    /// The shards of one run, each on a system of its own, as shards of a CI matrix are.
    func shards<S: NavigationSystem>(_ count: Int, _ options: Verifier.Options, system: () -> S) -> [VerificationReport] {
        (0..<count).map { i in
            var o = options
            o.shard = (i, count)
            return Verifier.verify(system(), options: o)
        }
    }

    /// For 1, 2, 3 and 5 shards, on every preset verification explores: the same verdict, and
    /// checked steps and walks that add up to one run's.
    func testShardsCheckEachStepOnceOnEveryPreset() {
        for preset in [Preset.small, .smallTab, .ci, .ciTab] {
            let options = Verifier.Options(presets: [preset], depth: 2, walks: 6, walkLength: 8)
            let whole = Verifier.verify(SampleSystem(), options: options)
            XCTAssertTrue(whole.failures.isEmpty, whole.text)
            XCTAssertGreaterThan(whole.steps, 500)
            for count in [1, 2, 3, 5] {
                let parts = shards(count, options) { SampleSystem() }
                let name = "\(preset.name), \(count) shards"
                XCTAssertEqual(parts.map(\.steps).reduce(0, +), whole.steps, name)
                XCTAssertEqual(parts.map(\.walks).reduce(0, +), whole.walks, name)
                XCTAssertEqual(parts.flatMap(\.failures).count, 0, name)
                XCTAssertEqual(Set(parts.map(\.exploredStates)), [whole.exploredStates], "every shard explores every state: \(name)")
                // Every shard checks a part: none is idle, none does it all.
                if count > 1 { XCTAssertTrue(parts.allSatisfy { $0.steps > 0 && $0.steps < whole.steps }, name) }
            }
        }
    }

    /// A `sometimes` property a shard did not reach is not decided by that shard: it is listed
    /// as skipped (a skipped JUnit case, a SKIPPED line), never silently passed or failed.
    func testAShardSkipsTheSometimesPropertiesItDidNotReach() {
        let options = Verifier.Options(presets: [.small], depth: 1, walks: 0)
        let parts = shards(3, options) { SampleSystem() }
        let sometimes = Set(SometimesProperty.all.map(\.name))
        for part in parts {
            XCTAssertEqual(part.unreached, [], part.text)
            XCTAssertTrue(part.skipped.allSatisfy { sometimes.contains($0.name) && $0.reason.contains("NavFuzz merge") }, part.text)
        }
        XCTAssertFalse(parts.flatMap(\.skipped).isEmpty, "a shard to depth 1 reaches few of them")
        XCTAssertTrue(parts[0].text.contains("SKIPPED "), parts[0].text)
    }

    /// A planted bug is found by the shard that owns the step, with the same shortest trace as
    /// one run; the other shards find nothing more of it.
    func testAPlantedBugIsFoundByAShardWithTheSameShortestTrace() {
        for (mutant, depth) in [(Mutant.backLeavesChild, 2), (.popRemovesRoot, 2)] {
            let options = Verifier.Options(presets: [.small], depth: depth, walks: 0, distinct: 1)
            let whole = Verifier.verify(SampleSystem(mutant: mutant), options: options)
            guard let expected = whole.failure(Check(name: mutant.caughtBy)!) else { return XCTFail("\(mutant): \(whole.text)") }
            for count in [2, 5] {
                let parts = shards(count, options) { SampleSystem(mutant: mutant) }
                let found = parts.compactMap { $0.failure(Check(name: mutant.caughtBy)!) }
                XCTAssertFalse(found.isEmpty, "\(mutant), \(count) shards")
                let shortest = found.min { $0.trace.count < $1.trace.count }
                XCTAssertEqual(shortest?.trace.count, expected.trace.count, "\(mutant), \(count) shards")
                XCTAssertTrue(found.contains { $0.trace == expected.trace }, "\(mutant), \(count) shards: \(found.map(\.trace))")
                XCTAssertTrue(found.allSatisfy { $0.trace.count == expected.trace.count }, "\(mutant), \(count) shards")
                XCTAssertEqual(Set(parts.flatMap(\.failures).map(\.check)), Set(whole.failures.map(\.check)),
                               "\(mutant), \(count) shards: the same checks fail")
            }
        }
    }

    /// Through a driver process, which takes a state's steps announced at once and saves states:
    /// the same split.
    func testShardsThroughADriver() throws {
        guard let path = DriverTests.sampleDriver else { throw XCTSkip("SampleDriver is not built next to the tests") }
        let driver = "'\(path)'"
        let options = Verifier.Options(presets: [.small, .smallTab], depth: 2, walks: 4, walkLength: 6)
        let whole = Verifier.verify(driver: .command(driver), options: options)
        XCTAssertTrue(whole.error == nil && whole.failures.isEmpty, whole.text)
        for count in [3] {
            let parts = (0..<count).map { i -> VerificationReport in
                var o = options
                o.shard = (i, count)
                return Verifier.verify(driver: .command(driver), options: o)
            }
            XCTAssertTrue(parts.allSatisfy { $0.error == nil && $0.failures.isEmpty }, parts.map(\.text).joined(separator: "\n"))
            XCTAssertEqual(parts.map(\.steps).reduce(0, +), whole.steps, "\(count) shards")
        }
        let mutant = driver + " --mutant back-leaves-child"
        let bugged = Verifier.Options(presets: [.small], depth: 2, walks: 0, distinct: 1)
        let expected = Verifier.verify(driver: .command(mutant), options: bugged).failure(.invariant("no-orphan-children"))
        let found = (0..<3).compactMap { i -> ConformanceFailure? in
            var o = bugged
            o.shard = (i, 3)
            return Verifier.verify(driver: .command(mutant), options: o).failure(.invariant("no-orphan-children"))
        }
        // Found by the shard that owns the step, and perhaps by others from other states, shrunk
        // to the same shortest trace.
        XCTAssertFalse(found.isEmpty)
        XCTAssertEqual(Set(found.map(\.trace.description)), [try XCTUnwrap(expected).trace.description])
    }
}
