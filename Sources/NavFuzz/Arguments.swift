@_spi(Engine) import NavFuzzKit

/// A small command-line reader: flags and options in any order (`--x v` or `--x=v`),
/// positionals, and one-line errors that name the bad argument and say how to fix it.
struct Arguments {
    let command: String
    private var items: [String]
    private var used: [Bool]
    /// The flags and options found, with their values, in the order asked for.
    private var given: [(name: String, value: String?)] = []

    /// How each flag was spelled where an old spelling was used: errors say what was typed.
    private var typed: [String: String] = [:]

    init(command: String, _ items: [String]) {
        self.command = command
        let aliases = Self.aliases(of: command)
        var typed: [String: String] = [:]
        self.items = items.map { item in
            let name = String(item.prefix { $0 != "=" })
            guard let canonical = aliases[name] else { return item }
            typed[canonical] = name
            return canonical + item.dropFirst(name.count)
        }
        self.typed = typed
        self.used = Array(repeating: false, count: items.count)
    }

    /// The old spellings each command still takes (CHANGELOG.md, 0.4.0): one spelling per
    /// meaning across commands, `--depth` for a depth and `--presets` for a list of presets
    /// (`--preset` for the one preset of `explore`, `fuzz` and `bench`).
    static func aliases(of command: String) -> [String: String] {
        switch command {
        case "explore", "fuzz", "bench": ["--max-depth": "--depth", "--presets": "--preset"]
        case "verify", "": ["--max-depth": "--depth", "--explore": "--presets", "--preset": "--presets"]
        default: [:]
        }
    }

    /// `name` as the user typed it (an old spelling, or the name itself).
    func spelled(_ name: String) -> String { typed[name] ?? name }

    /// Whether `--name` is present (as a bare flag).
    mutating func flag(_ name: String) -> Bool {
        guard let i = items.indices.first(where: { !used[$0] && items[$0] == name }) else { return false }
        used[i] = true
        given.append((name, nil))
        return true
    }

    /// The value of `--name v` or `--name=v`; the last one wins.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        var value: String?
        for i in items.indices where !used[i] {
            if items[i] == name {
                guard i + 1 < items.count, !used[i + 1] else {
                    throw UsageError("\(spelled(name)) needs a value", hint: "see \(help)")
                }
                used[i] = true; used[i + 1] = true
                value = items[i + 1]
            } else if items[i].hasPrefix(name + "=") {
                used[i] = true
                value = String(items[i].dropFirst(name.count + 1))
            }
        }
        if let value { given.append((name, value)) }
        return value
    }

    /// What the command was asked to do, for telling two runs apart (`merge`): its flags and
    /// options, sorted, without those in `leaving` (where the output goes, how fast it runs).
    func settings(leaving: Set<String>) -> String {
        let kept = given.filter { !leaving.contains($0.name) }.map { $0.name + ($0.value.map { " " + TraceText.shellQuoted($0) } ?? "") }
        return ([command.isEmpty ? "NavFuzz" : "NavFuzz " + command] + kept.sorted()).joined(separator: " ")
    }

    /// Where this command's options are listed.
    private var help: String { command.isEmpty ? "'NavFuzz --help'" : "'NavFuzz \(command) --help'" }

    mutating func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = try option(name) else { return nil }
        guard let v = Int(text), range.contains(v) else {
            throw UsageError("\(spelled(name)) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'",
                             hint: "for example \(spelled(name)) \(range.lowerBound)")
        }
        return v
    }

    /// Seconds above 0 (and up to `limit`, a whole number of seconds).
    mutating func double(_ name: String, upTo limit: Double = .infinity) throws(UsageError) -> Double? {
        guard let text = try option(name) else { return nil }
        guard let v = Double(text), v.isFinite, v > 0, v <= limit else {
            let bound = limit.isFinite ? " up to \(Int(limit))" : ""
            throw UsageError("\(spelled(name)) takes a positive number of seconds\(bound), not '\(text)'", hint: "for example \(spelled(name)) 30")
        }
        return v
    }

    mutating func seed(_ name: String) throws(UsageError) -> UInt64? {
        guard let text = try option(name) else { return nil }
        let v = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        guard let v else {
            throw UsageError("\(spelled(name)) takes a whole number (decimal or 0x hex), not '\(text)'", hint: "for example \(spelled(name)) 42")
        }
        return v
    }

    /// One of `choices`, by name.
    mutating func choice(_ name: String, _ choices: [String]) throws(UsageError) -> String? {
        guard let text = try option(name) else { return nil }
        guard choices.contains(text) else {
            throw UsageError("\(spelled(name)) takes one of \(choices.joined(separator: ", ")), not '\(text)'",
                             hint: "for example \(spelled(name)) \(choices[0])")
        }
        return text
    }

    /// The remaining positionals. Fails on any flag nobody asked for.
    mutating func positionals() throws(UsageError) -> [String] {
        var out: [String] = []
        for i in items.indices where !used[i] {
            if items[i].hasPrefix("-") && items[i] != "-" {
                throw UsageError("unknown option '\(items[i])'" + (command.isEmpty ? "" : " for '\(command)'"), hint: "see \(help)")
            }
            out.append(items[i])
            used[i] = true
        }
        return out
    }

    mutating func noPositionals() throws(UsageError) {
        if let extra = try positionals().first {
            throw UsageError((command.isEmpty ? "NavFuzz" : "'\(command)'") + " takes no argument '\(extra)'", hint: "see \(help)")
        }
    }
}
