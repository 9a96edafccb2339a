@_spi(Engine) import CoordinatorModel
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// One option of a verification, declared once: `verify`'s flag and its help line, the project
/// file's key, the range both accept, the default both show and the report's property come from
/// here (docs/PROJECT.md, docs/VERIFY.md §3). The corpus and the baseline are not among them:
/// a file names a corpus list, and a baseline per system.
struct VerifySetting: Sendable {
    /// An option's property.
    typealias Field<T> = WritableKeyPath<Verifier.Options, T> & Sendable

    enum Value: Sendable {
        /// A whole number in a range.
        case count(Field<Int>, ClosedRange<Int>)
        /// Seconds, above 0 and up to `maxSeconds`.
        case seconds(Field<Double>)
        /// The walks' seed: a whole number, decimal or `0x` hex.
        case seed
        /// A switch: the flag sets it to `flagSets`; the key is `true` or `false`.
        case toggle(Field<Bool>, flagSets: Bool)
        /// Preset names: a comma-separated list after the flag, an array in the file.
        case presets
        /// The child the root presents as it starts: `KIND STYLE ROUTE`.
        case launch
    }

    /// The project file's key.
    let key: String
    /// `verify`'s flag.
    let flag: String
    /// What follows the flag in the help (`N`, `S`), empty for a switch.
    let placeholder: String
    /// The help line; `{default}` stands for the default.
    let help: String
    let value: Value
    /// The report's property holding the value, when it tells runs apart (`merge`).
    var property: String?

    static let maxSeconds = 3600.0

    static let all: [VerifySetting] = [
        VerifySetting(key: "presets", flag: "--presets", placeholder: "LIST",
                      help: "presets to explore (default: {default}; also --preset)", value: .presets, property: "presets"),
        VerifySetting(key: "depth", flag: "--depth", placeholder: "N",
                      help: "explore every path of at most N actions (default: {default}; 0: none; also --max-depth)",
                      value: .count(\.depth, 0...12), property: "max-depth"),
        VerifySetting(key: "walks", flag: "--walks", placeholder: "N", help: "random walks per walk preset (default: {default}; 0: none)",
                      value: .count(\.walks, 0...100_000_000), property: "walks-asked"),
        VerifySetting(key: "walkLength", flag: "--walk-length", placeholder: "N", help: "actions per walk (default: {default})",
                      value: .count(\.walkLength, 1...100_000), property: "walk-length"),
        VerifySetting(key: "seed", flag: "--seed", placeholder: "N", help: "seed of the walks (default: {default})",
                      value: .seed, property: "seed"),
        VerifySetting(key: "overlapDepth", flag: "--overlap-depth", placeholder: "N",
                      help: "overlapping calls from every state within N actions of each preset's initial state (default: {default}; -1: none)",
                      value: .count(\.overlapDepth, -1...6), property: "overlap-depth"),
        VerifySetting(key: "overlapCalls", flag: "--overlap-calls", placeholder: "N",
                      help: "calls that overlap in one run: 2 or 3 (default: {default})", value: .count(\.overlapCalls, 2...3),
                      property: "overlap-calls"),
        VerifySetting(key: "distinct", flag: "--distinct", placeholder: "N",
                      help: "failures reported per check, when they differ (default: {default})", value: .count(\.distinct, 1...100),
                      property: "distinct"),
        VerifySetting(key: "timeout", flag: "--timeout", placeholder: "S",
                      help: "seconds a driver may take to answer one request (default: {default})", value: .seconds(\.timeout)),
        VerifySetting(key: "startupTimeout", flag: "--startup-timeout", placeholder: "S",
                      help: "seconds a driver may take to start and answer its handshake, at least --timeout (default: {default})",
                      value: .seconds(\.startupTimeout)),
        VerifySetting(key: "firstFailure", flag: "--first-failure", placeholder: "",
                      help: "stop looking once a check fails (the failure is still shrunk)",
                      value: .toggle(\.stopAtFirstFailure, flagSets: true)),
        VerifySetting(key: "positions", flag: "--no-positions", placeholder: "",
                      help: "leave out the position goals: each call at each position of its target (docs/VERIFY.md §1, Positions)",
                      value: .toggle(\.positions, flagSets: false), property: "positions"),
        VerifySetting(key: "restore", flag: "--no-restore", placeholder: "",
                      help: "replay every path from reset even when the driver saves states", value: .toggle(\.restore, flagSets: false)),
        VerifySetting(key: "pin", flag: "--pin", placeholder: "",
                      help: "run the driver on the core of the verifying thread (default: any core; see docs/VERIFY.md §5)",
                      value: .toggle(\.pinDriver, flagSets: true)),
        VerifySetting(key: "launch", flag: "--launch", placeholder: "'KIND STYLE R'",
                      help: "the root presents this child as it starts and on restartApp, in every preset and walk, e.g. "
                          + "'navigation fullScreen r1' (docs/SEMANTICS.md §2.2; default: {default})",
                      value: .launch, property: "launch"),
    ]

    /// The value of `options` as the help and the report write it.
    func text(of options: Verifier.Options) -> String {
        switch value {
        case .count(let path, _): String(options[keyPath: path])
        case .seconds(let path): Self.seconds(options[keyPath: path])
        case .seed: String(options.seed)
        case .toggle(let path, _): String(options[keyPath: path])
        case .presets: options.presets.map(\.name).joined(separator: ",")
        case .launch: options.launch?.description ?? "none"
        }
    }

    /// `5`, `0.25`: seconds as a person writes them.
    static func seconds(_ s: Double) -> String { s == s.rounded() && abs(s) < 1e9 ? String(Int(s)) : String(s) }

    /// The help's lines for every setting, the descriptions wrapped at `width` columns.
    static func help(width: Int = 95) -> String {
        let indent = 27, defaults = Verifier.Options()
        return all.map { s in
            let head = "  " + s.flag + (s.placeholder.isEmpty ? "" : " " + s.placeholder)
            var lines = [head.count < indent - 1 ? head.padding(toLength: indent, withPad: " ", startingAt: 0) : head + " "]
            for word in s.help.replacingOccurrences(of: "{default}", with: s.text(of: defaults)).split(separator: " ") {
                let last = lines[lines.count - 1]
                if last.count > indent && last.count + 1 + word.count > width {
                    lines.append(String(repeating: " ", count: indent) + word)
                } else {
                    lines[lines.count - 1] = last + (last.count > indent ? " " : "") + word
                }
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Reads every setting's flag into `options`.
    static func parse(_ args: inout Arguments, into options: inout Verifier.Options) throws(UsageError) {
        for s in all {
            switch s.value {
            case .count(let path, let range): if let n = try args.int(s.flag, in: range) { options[keyPath: path] = n }
            case .seconds(let path): if let d = try args.double(s.flag, upTo: maxSeconds) { options[keyPath: path] = d }
            case .seed: if let n = try args.seed(s.flag) { options.seed = n }
            case .toggle(let path, let flagSets): if args.flag(s.flag) { options[keyPath: path] = flagSets }
            case .presets:
                guard let list = try args.option(s.flag) else { continue }
                var presets: [Preset] = []
                for name in list.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let p = Preset.named(String(name)) else {
                        throw UsageError("\(args.spelled(s.flag)) takes preset names (\(Preset.everyNamed.map(\.name).joined(separator: ", "))), not '\(name)'",
                                         hint: "for example \(s.flag) small,small-tab")
                    }
                    presets.append(p)
                }
                options.presets = presets
            case .launch:
                guard let text = try args.option(s.flag) else { continue }
                do { options.launch = try Launch(parsing: text) } catch {
                    throw UsageError("\(s.flag) takes 'KIND STYLE ROUTE' with a modal style; '\(text)': \(error)",
                                     hint: "for example \(s.flag) 'navigation fullScreen r1'")
                }
            }
        }
    }

    /// The report's properties of the settings that tell runs apart.
    static func properties(of options: Verifier.Options) -> [JUnitProperty] {
        all.compactMap { s in
            guard let name = s.property else { return nil }
            if case .launch = s.value, options.launch == nil { return nil }
            return JUnitProperty(name: name, value: s.text(of: options))
        }
    }
}
