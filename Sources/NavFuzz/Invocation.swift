@_spi(Engine) import NavFuzzKit

/// How NavFuzz was started, for the commands it prints (replay lines): `swift run NavFuzz` from
/// a debug build of a package, `swift run -c release NavFuzz` from a release build, else the
/// program as it was typed (an installed `navfuzz`, a copied binary).
enum Invocation {
    static let program = describe(CommandLine.arguments.first ?? "NavFuzz")

    static func describe(_ argv0: String) -> String {
        let parts = argv0.split(separator: "/")
        if let i = parts.lastIndex(of: ".build"), parts.last == "NavFuzz" {
            let below = parts[(i + 1)...]
            if below.contains("release") { return "swift run -c release NavFuzz" }
            if below.contains("debug") { return "swift run NavFuzz" }
        }
        return TraceText.shellQuoted(argv0)
    }

    /// The command that replays a saved corpus file, as NavFuzz was started.
    static func replay(_ path: String) -> String { "\(program) replay \(TraceText.shellQuoted(path))" }
}
