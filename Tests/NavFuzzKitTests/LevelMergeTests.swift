import XCTest
@_spi(Engine) @testable import NavFuzzKit

final class LevelMergeTests: XCTestCase {
    typealias Engine = Explorer<CoordinatorMachine>

    /// A chunk of one-byte candidates, each byte its fingerprint, all from state `parent`.
    func chunk(_ fps: [UInt8], parent: Int = 0) -> Engine.ChunkOutput {
        var out = Engine.ChunkOutput(violations: [], reached: Reached(count: 0))
        for (k, fp) in fps.enumerated() {
            out.candidates.append((UInt64(fp), parent, k, 1))
            out.bytes.append(fp)
        }
        out.applied = fps.count
        return out
    }

    func merge(_ table: VisitedTable, chunks: Int) -> Engine.LevelMerge {
        Engine.LevelMerge(chunks: chunks, base: 100, table: table, found: [], reached: Reached(count: 0), options: .init(workers: 1))
    }

    /// Chunks handed over out of order merge in chunk order, each once every chunk before it
    /// is in: the states are numbered as a merge after the level numbers them.
    func testChunksMergeInChunkOrderWhateverOrderTheyFinishIn() {
        let table = VisitedTable()
        _ = table.insert(9, parent: nil)
        let merge = merge(table, chunks: 3)
        merge.deliver(2, chunk([5, 6], parent: 2))
        merge.deliver(1, chunk([3, 9, 4], parent: 1))
        XCTAssertEqual(table.count, 1, "nothing merges before chunk 0 is in")
        merge.deliver(0, chunk([4, 1], parent: 0))
        XCTAssertEqual(table.count, 6)
        // Chunk 0's 4 and 1, then chunk 1's 3 (its 9 was visited and its 4 is chunk 0's), then chunk 2's.
        XCTAssertEqual((1..<6).map { table.fingerprint($0) }, [4, 1, 3, 5, 6])
        XCTAssertEqual((1..<6).map { table.parent($0) }, [100, 100, 101, 102, 102])
        let merged = merge.finish()
        XCTAssertEqual(merged.next.bytes, [4, 1, 3, 5, 6])
        XCTAssertEqual(merged.applied, 7)
        XCTAssertTrue(merged.complete)
        // A view published by the merge has them.
        var seen = [Bool](repeating: false, count: 2)
        [UInt64(3), 7].withUnsafeBufferPointer { q in seen.withUnsafeMutableBufferPointer { table.view.contains(q, into: $0) } }
        XCTAssertEqual(seen, [true, false])
    }

    /// A chunk never handed over (time ran out) leaves the level incomplete, and the chunks
    /// after it are merged all the same when the level finishes.
    func testAChunkLeftUndoneMakesTheLevelIncomplete() {
        let table = VisitedTable()
        let merge = merge(table, chunks: 3)
        merge.deliver(0, chunk([1]))
        merge.deliver(2, chunk([2]))
        XCTAssertEqual(table.count, 1)
        let merged = merge.finish()
        XCTAssertFalse(merged.complete)
        XCTAssertEqual(merged.next.bytes, [1, 2])
        XCTAssertEqual(table.count, 2)
    }
}
