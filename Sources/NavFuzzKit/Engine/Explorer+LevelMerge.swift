import Foundation

extension Explorer {
    /// What merging one level's chunks built: the next level, the counts, the failures kept
    /// and the `sometimes` properties reached, all in chunk order.
    struct Merged {
        var next = Level()
        var applied = 0, refused = 0
        var found: [[Found]]
        var reached: Reached
        /// Every chunk was done to its end.
        var complete = true
        var stopReason: StopReason?
        var expansions: [Expansion] = []
    }

    /// Merges a level's chunks into the visited table and the next level in chunk order, each
    /// as soon as it and every chunk before it are done, on the worker that finished the last
    /// of them: merged after the whole level, on one thread, it left the other cores idle
    /// (about a tenth of two workers' time on `deep`). The order, and so every state's number,
    /// parent and counterexample, is that of merging after the level; the workers' lookups
    /// (`VisitedTable.View`) only see some of this level's states sooner.
    final class LevelMerge: @unchecked Sendable {
        // Unchecked: `delivery` is touched under `lock`; `merged` only by the thread that
        // holds the turn to merge, handed over under `lock`, and by `finish()` once the
        // workers are done. An `NSLock`, which the thread sanitizer sees, unlike `Mutex` on Linux.
        private struct Delivery {
            var outputs: [ChunkOutput?]
            var delivered: [Bool]
            /// The first chunk not merged yet.
            var next = 0
            /// A thread is merging: others leave their chunks to it.
            var merging = false

            /// The delivered chunks from `next` on, taken for merging; nil when there is none
            /// (and then nobody is merging).
            mutating func takeReady() -> [ChunkOutput]? {
                var ready: [ChunkOutput] = []
                while next < outputs.count, delivered[next] {
                    ready.append(outputs[next].take()!)
                    next += 1
                }
                merging = !ready.isEmpty
                return merging ? ready : nil
            }
        }

        private let lock = NSLock()
        private var delivery: Delivery
        private var merged: Merged
        private let table: VisitedTable
        private let base: Int
        private let options: Options

        init(chunks: Int, base: Int, table: VisitedTable, found: [[Found]], reached: Reached, options: Options) {
            delivery = Delivery(outputs: Array(repeating: nil, count: chunks), delivered: Array(repeating: false, count: chunks))
            merged = Merged(found: found, reached: reached)
            self.table = table; self.base = base; self.options = options
        }

        /// Hands over chunk `chunk`'s output, and merges every chunk now ready unless another
        /// thread is merging (it then merges this one too).
        func deliver(_ chunk: Int, _ output: ChunkOutput) {
            var ready = lock.withLock { () -> [ChunkOutput]? in
                delivery.outputs[chunk] = output
                delivery.delivered[chunk] = true
                return delivery.merging ? nil : delivery.takeReady()
            }
            while let outputs = ready {
                for out in outputs { merge(out) }
                table.publish()
                ready = lock.withLock { delivery.takeReady() }
            }
        }

        /// Merges what is left once the workers are done: the chunks after one left undone
        /// (time ran out, or a stop was asked for) are merged all the same.
        func finish() -> Merged {
            let rest = lock.withLock { () -> [ChunkOutput?] in
                defer { delivery.next = delivery.outputs.count }
                return (delivery.next ..< delivery.outputs.count).map { delivery.delivered[$0] ? delivery.outputs[$0].take() : nil }
            }
            for out in rest {
                if let out { merge(out) } else { merged.complete = false }
            }
            table.publish()
            return merged
        }

        private func merge(_ out: ChunkOutput) {
            if out.stopped { merged.complete = false }
            merged.applied += out.applied
            merged.refused += out.refused
            merged.expansions += out.expansions
            merged.reached.merge(out.reached)
            for (p, list) in out.violations.enumerated() {
                for v in list where merged.found[p].count < options.distinct
                    && (merged.found[p].isEmpty || !merged.found[p].contains { $0.signature == v.signature }) {
                    merged.found[p].append(v)
                }
            }
            table.warm(out.candidates.lazy.map(\.fingerprint))
            out.bytes.withUnsafeBufferPointer { bytes in
                for c in out.candidates {
                    if let cap = options.maxStates, table.count >= cap { merged.stopReason = .maxStates(cap); break }
                    if table.insert(c.fingerprint, parent: base + c.parent).isNew {
                        merged.next.append(UnsafeBufferPointer(rebasing: bytes[c.start ..< c.start + c.length]))
                    }
                }
            }
        }
    }
}
