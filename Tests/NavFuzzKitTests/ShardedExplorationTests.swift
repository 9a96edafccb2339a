@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit
import XCTest

/// `explore --shard I/N`: the shards' states, unioned as `merge` does, are exactly one run's,
/// with its transitions; each violation's shortest trace is found by some shard.
final class ShardedExplorationTests: XCTestCase {
    func shards(_ machine: CoordinatorMachine, depth: Int, count: Int, split: ExplorationShard.Split) -> [ExplorationReport<CoordinatorMachine>] {
        (0..<count).map { i in
            var options = Explorer<CoordinatorMachine>.Options(workers: 2, maxDepth: depth)
            options.shard = ExplorationShard(index: i, count: count, split: split)
            return Explorer.coordinators(machine, options: options)
        }
    }

    /// For 1, 2, 3 and 5 shards on every preset, both splits: the distinct states, transitions
    /// and refusals of one run, the same invariants broken (none) and `sometimes` reached.
    func testShardsAddUpToOneRunOnEveryPreset() {
        for preset in Preset.all {
            let machine = CoordinatorMachine(preset: preset)
            // Deep enough for a prefix split to deal out a level, and quick in a debug build.
            let depth = 2
            let whole = Explorer.coordinators(machine, options: .init(workers: 2, maxDepth: depth))
            for split in ExplorationShard.Split.allCases {
                for count in [1, 2, 3, 5] {
                    let parts = shards(machine, depth: depth, count: count, split: split)
                    let name = "\(preset.name), \(count) shards, \(split)"
                    if count == 1 {
                        XCTAssertNil(parts[0].shardStates, name)
                        XCTAssertEqual(parts[0].states, whole.states, name)
                        continue
                    }
                    let union = ShardStates.union(parts.compactMap(\.shardStates))
                    XCTAssertEqual(union.states, whole.states, name)
                    XCTAssertEqual(union.transitions, whole.transitions, name)
                    XCTAssertEqual(union.refused, whole.refused, name)
                    XCTAssertEqual(union.overlap, parts.map(\.states).reduce(0, +) - whole.states, name)
                    XCTAssertTrue(parts.allSatisfy(\.violations.isEmpty), name)
                    XCTAssertEqual(Set(parts.map { Set($0.unreached) }).count, 1, name)
                }
            }
        }
    }

    /// A prefix split holds a part of the states in each shard, once a level is wide enough to
    /// deal out before the last.
    func testAPrefixSplitHoldsFewerStatesInEachShard() {
        let machine = CoordinatorMachine(preset: .small)
        let whole = Explorer.coordinators(machine, options: .init(workers: 2, maxDepth: 3))
        let parts = shards(machine, depth: 3, count: 2, split: .prefix)
        XCTAssertLessThan(parts.map(\.states).max() ?? 0, whole.states)
        XCTAssertEqual(ShardStates.union(parts.compactMap(\.shardStates)).states, whole.states)
        // Ownership keeps every state in every shard.
        XCTAssertEqual(shards(machine, depth: 3, count: 2, split: .ownership).map(\.states), [whole.states, whole.states])
    }

    /// A planted fault is found by a sharded exploration with one run's shortest trace.
    func testAPlantedFaultIsFoundWithTheShortestTrace() {
        for (preset, fault) in [(Preset.small, Fault.backLeavesChild), (.small, .popRemovesRoot)] {
            let machine = CoordinatorMachine(preset: preset, fault: fault)
            let whole = Explorer.coordinators(machine, options: .init(workers: 2, maxDepth: 2))
            XCTAssertFalse(whole.violations.isEmpty, "\(fault)")
            for split in ExplorationShard.Split.allCases {
                for count in [2, 3, 5] {
                    let parts = shards(machine, depth: 2, count: count, split: split)
                    for v in whole.violations {
                        let found = parts.flatMap(\.violations).filter { $0.property == v.property }
                        XCTAssertFalse(found.isEmpty, "\(fault), \(v.property), \(count) shards, \(split)")
                        XCTAssertEqual(found.map(\.actions.count).min(), v.actions.count, "\(fault), \(count) shards, \(split)")
                        XCTAssertTrue(found.contains { $0.actions == v.actions }, "\(fault), \(count) shards, \(split)")
                    }
                }
            }
        }
    }

    func testStatesFilesRoundTrip() throws {
        let states = ShardStates(records: [.init(fingerprint: 9, transitions: 3, refused: 1), .init(fingerprint: 2, transitions: 0, refused: 0)])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navfuzz-\(UUID().uuidString).states").path
        try states.save(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(ShardStates.read(path: path)?.records, states.records)
        try "not states".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertNil(ShardStates.read(path: path))
    }
}
