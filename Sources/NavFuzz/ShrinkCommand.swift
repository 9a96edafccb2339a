@_spi(Engine) import CoordinatorModel
import Foundation
import NavFuzzJUnit
@_spi(Engine) import NavFuzzKit

/// `NavFuzz shrink FILE`: the shortest trace that breaks the same invariant as the file.
enum ShrinkCommand {
    static let help = """
    USAGE: NavFuzz shrink FILE [options]

    Replays the corpus file FILE, takes the first invariant it breaks, and shrinks the trace —
    deleting chunks and single steps, simplifying arguments — to a 1-minimal one that breaks the
    same invariant. The result is printed and saved as a corpus file (--save-failures, default:
    the directory of FILE). Exits 1, since the trace still breaks the invariant.

    OPTIONS:
      --save-failures DIR      where to save the shrunk file
      --trace-format FORMAT    text or json
      --max-seconds S          stop shrinking after S seconds and keep the shortest failing trace
                               found so far (default: no limit)
    """

    static func run(_ args: inout Arguments, context: Context) throws(UsageError) -> Int32 {
        let format = try args.choice("--trace-format", ["text", "json"]) ?? "text"
        let directory = try args.option("--save-failures")
        let maxSeconds = try args.double("--max-seconds")
        let files = try args.positionals()
        guard files.count == 1, let file = files.first else {
            throw UsageError("'shrink' takes exactly one corpus file", hint: "for example NavFuzz shrink Corpus/x.trace")
        }
        let corpus = Corpus<CoordinatorMachine>.coordinators
        let entry: CorpusEntry<CoordinatorMachine>
        do {
            guard try Corpus<CoordinatorMachine>.files(at: file) == [file], let e = try corpus.load(path: file).first else {
                throw UsageError("\(file) is a directory; 'shrink' takes one corpus file", hint: "for example NavFuzz shrink Corpus/x.trace")
            }
            entry = e
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError("\(error)", hint: "see docs/CORPUS.md for the format")
        }
        Heartbeat.shared.start(terminal: context.terminal, environment: context.environment)
        Heartbeat.shared.doing("shrink \(file) (\(entry.actions.count) steps)")
        // The first invariant the file breaks is found in the shrinker's first pass.
        guard let result = Shrinker.coordinators(entry.machine, actions: entry.actions, from: entry.initial, property: nil,
                                                 maxSeconds: maxSeconds) else {
            throw UsageError("\(file): every invariant holds over its \(entry.actions.count) steps, so there is nothing to shrink",
                             hint: "shrink a file that fails under 'NavFuzz replay'")
        }
        let c = result.counterexample
        let saveTo = directory ?? (AtomicFile.directory(of: file).isEmpty ? "." : AtomicFile.directory(of: file))
        let notes = [CorpusNote(key: "shrunk-from", value: file), CorpusNote(key: "broke", value: "\(c.property): \(c.reason)")]
        let terminal = context.terminal
        if format == "json" { terminal.outJSON(TraceText.json(c, machine: entry.machine)) } else {
            terminal.outText(TraceText.text(c, machine: entry.machine))
        }
        terminal.out("shrunk \(result.originalLength) steps to \(result.shrunkLength) in \(Figures.seconds(result.seconds)) (\(result.replays) replays)"
                     + (result.complete ? "" : "; stopped by --max-seconds: it still fails, but may not be minimal"))
        do {
            let path = try Corpus<CoordinatorMachine>.save(c, machine: entry.machine, settings: entry.machine.corpusSettings,
                                                           notes: notes, expectation: entry.expectation, to: saveTo)
            terminal.out("saved: \(path)")
            terminal.out("replay: \(Invocation.replay(path))")
        } catch {
            throw UsageError("\(error)", hint: "pass --save-failures with a writable directory")
        }
        return 1
    }
}
