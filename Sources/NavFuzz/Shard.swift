import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// Which part of the job this process does: `index` of `count`. Corpus files, presets and fuzz
/// walks are dealt out round-robin, so the shards together do the whole job.
struct Shard: Equatable {
    var index: Int
    var count: Int
    static let whole = Shard(index: 0, count: 1)

    /// Shards at most, from `--shard` and from Bazel's variables alike.
    static let maximumCount = 10_000

    static func parse(_ args: inout Arguments, environment: [String: String]) throws(UsageError) -> Shard {
        let total = environment["TEST_TOTAL_SHARDS"] ?? "", index = environment["TEST_SHARD_INDEX"] ?? ""
        // Bazel sets both; one alone is a mistake a run must not pass over quietly.
        if total.isEmpty && !index.isEmpty {
            throw UsageError("TEST_SHARD_INDEX=\(index) is set but TEST_TOTAL_SHARDS is not",
                             hint: "set both, as Bazel does, or neither and pass --shard I/N")
        }
        if let text = try args.option("--shard") {
            if !total.isEmpty {
                throw UsageError("--shard \(text) conflicts with TEST_TOTAL_SHARDS=\(total) from the environment",
                                 hint: "use one of them: under Bazel, leave out --shard")
            }
            guard let shard = Shard(text) else {
                throw UsageError("--shard takes I/N with 0 <= I < N <= \(maximumCount), not '\(text)'", hint: "for example --shard 0/4")
            }
            return shard
        }
        if !total.isEmpty {
            guard let shard = Shard(index + "/" + total) else {
                throw UsageError("TEST_TOTAL_SHARDS=\(total) and TEST_SHARD_INDEX=\(index) do not name a shard (0 <= I < N <= \(maximumCount))",
                                 hint: "set TEST_SHARD_INDEX to 0 … TEST_TOTAL_SHARDS-1, with at most \(maximumCount) shards")
            }
            // Bazel asks test runners that support sharding to touch this file; touched, never
            // replaced: it may be a link Bazel watches.
            if let status = environment["TEST_SHARD_STATUS_FILE"], !status.isEmpty {
                let fd = open(status, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
                if fd >= 0 { close(fd) }
            }
            return shard
        }
        return .whole
    }

    func owns(_ item: Int) -> Bool { item % count == index }
    var description: String { "\(index)/\(count)" }
}
extension Shard {
    /// `I/N` in digits, 0 <= I < N <= `maximumCount`: one reading for the flag, Bazel's
    /// variables and the shard a report names (`merge`).
    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= Self.maximumCount, i < n else { return nil }
        self.init(index: i, count: n)
    }
}
