import Foundation

/// Every state one shard found, by fingerprint, with the transitions it took from it (none
/// when it did not expand it): what `merge` unions into the whole exploration's counts.
@_spi(Engine) public struct ShardStates: Sendable {
    /// One state.
    @_spi(Engine) public struct Record: Sendable, Hashable {
        /// The state's fingerprint (`Fingerprint`).
        @_spi(Engine) public var fingerprint: UInt64
        /// The transitions the shard took from it, refused ones included; 0 when not expanded.
        @_spi(Engine) public var transitions: UInt32
        /// Of those, the refused.
        @_spi(Engine) public var refused: UInt32

        /// A state's record.
        @_spi(Engine) public init(fingerprint: UInt64, transitions: UInt32, refused: UInt32) {
            self.fingerprint = fingerprint; self.transitions = transitions; self.refused = refused
        }
    }

    /// Sorted by fingerprint.
    @_spi(Engine) public var records: [Record]

    init(table: VisitedTable, expansions: [Expansion]) {
        var records = (0..<table.count).map { Record(fingerprint: table.fingerprint($0), transitions: 0, refused: 0) }
        for e in expansions {
            records[e.state].transitions = e.transitions
            records[e.state].refused = e.refused
        }
        records.sort { $0.fingerprint < $1.fingerprint }
        self.records = records
    }

    /// States from records in any order.
    @_spi(Engine) public init(records: [Record]) { self.records = records.sorted { $0.fingerprint < $1.fingerprint } }

    /// The first bytes of a file of them.
    static let magic = Array("NAVFUZZ-STATES-1".utf8)

    /// The records as a file: the magic, then 16 bytes a state, little-endian.
    package func save(to path: String) throws(AtomicFileError) {
        var bytes = Self.magic
        bytes.reserveCapacity(bytes.count + records.count * 16)
        for r in records {
            withUnsafeBytes(of: r.fingerprint.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: r.transitions.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: r.refused.littleEndian) { bytes += $0 }
        }
        try AtomicFile.write(bytes, to: path)
    }

    /// Reads a file `write` wrote; nil when it is not one.
    @_spi(Engine) public static func read(path: String) -> ShardStates? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= magic.count,
              Array(data.prefix(magic.count)) == magic, (data.count - magic.count) % 16 == 0 else { return nil }
        var records: [Record] = []
        records.reserveCapacity((data.count - magic.count) / 16)
        data.withUnsafeBytes { raw in
            var at = magic.count
            while at < raw.count {
                records.append(Record(fingerprint: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)),
                                      transitions: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + 8, as: UInt32.self)),
                                      refused: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self))))
                at += 16
            }
        }
        return ShardStates(records: records)
    }

    /// The whole exploration from its shards: distinct states, the transitions and refusals of
    /// each state counted once (from a shard that expanded it), and how many states more than
    /// one shard found.
    @_spi(Engine) public static func union(_ shards: [ShardStates]) -> (states: Int, transitions: Int, refused: Int, overlap: Int) {
        var all = shards.flatMap(\.records)
        all.sort { $0.fingerprint < $1.fingerprint }
        var states = 0, transitions = 0, refused = 0
        var i = 0
        while i < all.count {
            var j = i, most = all[i]
            while j < all.count && all[j].fingerprint == all[i].fingerprint {
                if all[j].transitions > most.transitions { most = all[j] }
                j += 1
            }
            states += 1
            transitions += Int(most.transitions)
            refused += Int(most.refused)
            i = j
        }
        return (states, transitions, refused, all.count - states)
    }
}
