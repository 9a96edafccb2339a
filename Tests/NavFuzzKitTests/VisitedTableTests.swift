import XCTest
@_spi(Engine) @testable import NavFuzzKit

final class VisitedTableTests: XCTestCase {
    /// Fingerprints that share their low bits land in one probe chain: the batch lookup must
    /// follow the chain past its first slot, and stop at the first empty one.
    func testBatchLookupAgreesWithTheSetOfInserted() {
        let table = VisitedTable(expected: 1024)
        var rng = Xoshiro(seed: 7)
        var inserted: [UInt64] = []
        for k in 0..<5000 {
            // Every third one collides with the one before in the slot bits.
            let fp = k % 3 == 0 && !inserted.isEmpty ? inserted[inserted.count - 1] & 0xFFFF | rng.next() << 16 : rng.next()
            if table.insert(fp, parent: inserted.isEmpty ? nil : 0).isNew { inserted.append(fp) }
        }
        table.publish()
        XCTAssertEqual(table.count, inserted.count)
        let absent = (0..<5000).map { _ in rng.next() }.filter { !inserted.contains($0) }
        // Near misses too: the same slot as an inserted one, another fingerprint.
        let nearMisses = inserted.prefix(500).map { $0 ^ 1 << 40 }
        let queries = Array(inserted.reversed()) + absent + nearMisses
        var visited = [Bool](repeating: true, count: queries.count)
        queries.withUnsafeBufferPointer { q in visited.withUnsafeMutableBufferPointer { table.view.contains(q, into: $0) } }
        XCTAssertEqual(visited.filter { $0 }.count, inserted.count)
        XCTAssertTrue(visited[..<inserted.count].allSatisfy { $0 })
        XCTAssertFalse(visited[inserted.count...].contains(true))
    }

    /// A view answers for what the table held when it was published: states inserted since
    /// are not in it, whether they went into the slots it reads or into storage that grew
    /// past it, and a view published after them has them.
    func testAViewHasWhatWasPublished() {
        let table = VisitedTable(expected: 1024)
        var rng = Xoshiro(seed: 11)
        func fingerprints(_ n: Int) -> [UInt64] { (0..<n).map { _ in rng.next() } }
        func lookup(_ view: VisitedTable.View, _ fps: [UInt64]) -> [Bool] {
            var visited = [Bool](repeating: false, count: fps.count)
            fps.withUnsafeBufferPointer { q in visited.withUnsafeMutableBufferPointer { view.contains(q, into: $0) } }
            return visited
        }
        let published = fingerprints(300)
        for fp in published { _ = table.insert(fp, parent: nil) }
        table.publish()
        let old = table.view
        // Into the same slots (no growth yet), then enough to grow both arrays.
        let sameSlots = fingerprints(100)
        for fp in sameSlots { _ = table.insert(fp, parent: 0) }
        XCTAssertEqual(lookup(old, sameSlots), Array(repeating: false, count: sameSlots.count))
        let grown = fingerprints(20_000)
        for fp in grown { _ = table.insert(fp, parent: 0) }
        XCTAssertEqual(lookup(old, published), Array(repeating: true, count: published.count))
        XCTAssertEqual(lookup(old, sameSlots + grown).filter { $0 }.count, 0)
        table.publish()
        let all = published + sameSlots + grown
        XCTAssertEqual(lookup(table.view, all), Array(repeating: true, count: all.count))
        table.reclaim()
        XCTAssertEqual(lookup(table.view, fingerprints(1000)).filter { $0 }.count, 0)
    }

    func testAStateIsInsertedOnceWithItsParent() {
        let table = VisitedTable()
        XCTAssertEqual(table.insert(42, parent: nil).isNew, true)
        XCTAssertEqual(table.insert(43, parent: 0).number, 1)
        XCTAssertEqual(table.insert(42, parent: 1).isNew, false)
        XCTAssertNil(table.parent(0))
        XCTAssertEqual(table.parent(1), 0)
        XCTAssertEqual(table.fingerprint(1), 43)
    }

    /// The successors of one state: a candidate is kept when it is the first of its
    /// fingerprint in the batch and not visited. Repeats that share the small set's slot bits
    /// with other fingerprints must still be told apart.
    func testABatchKeepsTheFirstOfEachUnvisitedFingerprint() {
        typealias Chunk = Explorer<CoordinatorMachine>.ChunkOutput
        let table = VisitedTable()
        _ = table.insert(5, parent: nil)
        table.publish()
        let sameSlot: UInt64 = 7 << 32
        let fps: [UInt64] = [1, 5, 1, sameSlot, sameSlot | 1, sameSlot, 9, 5, sameSlot | 1]
        var out = Chunk(violations: [], reached: Reached(count: 0))
        for (k, fp) in fps.enumerated() {
            out.candidates.append((fp, 0, k, 1))
            out.bytes.append(UInt8(k))
        }
        var scratch = Explorer<CoordinatorMachine>.Lookups()
        // Twice, so that the second batch starts from the first one's scratch.
        for _ in 0..<2 {
            var batch = out
            batch.dropVisited(from: 0, table: table.view, scratch: &scratch)
            XCTAssertEqual(batch.candidates.map(\.fingerprint), [1, sameSlot, sameSlot | 1, 9])
            XCTAssertEqual(batch.bytes, [0, 3, 4, 6])
            XCTAssertEqual(batch.candidates.map(\.start), [0, 1, 2, 3])
        }
    }
}
