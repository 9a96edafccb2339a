import CoordinatorModel  // `printedNumber`: one rule for the numbers of the corpus grammar
import Foundation

/// The regression corpus: a directory of small trace files (docs/CORPUS.md), replayed on every
/// run, in the manner of libFuzzer's corpus. Generic: the caller's factory turns a file's
/// settings into the machine, so this file knows nothing of coordinators.
@_spi(Engine) public struct Corpus<M: DescribedMachine>: Sendable {
    @_spi(Engine) public typealias Factory = @Sendable (CorpusConfiguration) throws(CorpusError) -> M
    @_spi(Engine) public let factory: Factory

    @_spi(Engine) public init(factory: @escaping Factory) { self.factory = factory }

    /// The entries of a file, or of every `.trace` file under a directory (subdirectories
    /// included, hidden names skipped), sorted by path so that order never depends on the disk.
    @_spi(Engine) public func load(path: String) throws(CorpusError) -> [CorpusEntry<M>] {
        var entries: [CorpusEntry<M>] = []
        for file in try Self.files(at: path) {
            entries.append(try parse(try Self.read(file), path: file))
        }
        return entries
    }

    /// A corpus file is at most this big: corpus files are a few lines, and a bigger one is a
    /// mistake (a log, a device, `/dev/zero`).
    @_spi(Engine) public static var maximumFileBytes: Int { 16 << 20 }

    /// The text of a regular file of at most `maximumFileBytes`; anything else is refused before
    /// it is read, so that a FIFO cannot hang the run nor a device fill the memory.
    static func read(_ file: String) throws(CorpusError) -> String {
        func refuse(_ message: String) -> CorpusError { CorpusError(file: file, line: 0, column: 0, message: message) }
        let attributes: [FileAttributeKey: Any]
        // The file a link points at is what is read.
        let target = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
        do { attributes = try FileManager.default.attributesOfItem(atPath: target) } catch { throw refuse("cannot read the file") }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw refuse("not a regular file") }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumFileBytes {
            throw refuse("the file has \(size) bytes, more than a corpus file's \(maximumFileBytes)")
        }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw refuse("cannot read the file as UTF-8 text")
        }
        return text
    }

    /// One file's text bound to its machine: settings through the factory, actions through
    /// `parseAction`, the expectation checked against the machine's property names.
    @_spi(Engine) public func parse(_ text: String, path: String) throws(CorpusError) -> CorpusEntry<M> {
        let file = try CorpusFile(parsing: text, file: path)
        let own = file.settings.first { $0.key == "initial" }
        let machine = try factory(CorpusConfiguration(file: path, settings: file.settings.filter { $0.key != "initial" }))
        let initials = machine.initialStates()
        var initial = initials.first
        if let own {
            guard let k = printedNumber(own.value[...]), k < initials.count else {
                throw CorpusError(file: path, line: own.line, column: own.column,
                                  message: "expected the number of an initial state, 0 to \(initials.count - 1), found '\(own.value)'")
            }
            initial = initials[k]
        }
        guard let initial else {
            throw CorpusError(file: path, line: 1, column: 1, message: "expected a machine with an initial state")
        }
        if case .violates(let name) = file.expectation, !machine.properties.contains(where: { $0.name == name }) {
            throw CorpusError(file: path, line: file.expectationLine, column: file.expectationColumn + "violates ".count,
                              message: "expected a property (\(machine.properties.map(\.name).joined(separator: ", "))), found '\(name)'")
        }
        var actions: [M.Action] = []
        for located in file.actions {
            do { actions.append(try machine.parseAction(located.text)) } catch {
                throw CorpusError(file: path, line: located.line, column: located.column + error.column - 1, message: error.message)
            }
        }
        // Overlapping calls: on the model, one after the other in the order they started.
        var overlap: [Interleaving.Event]?
        var overlapCalls = 0
        if let located = file.overlap {
            func fail(_ message: String, at offset: Int = 0) -> CorpusError {
                CorpusError(file: path, line: located.line, column: located.column + offset, message: message)
            }
            switch Interleaving.parts(ofReplayText: located.text) {
            case .failure(let error): throw fail(error.description)
            case .success(let (calls, events)):
                for call in calls {
                    let offset = located.text.range(of: call).map { located.text.distance(from: located.text.startIndex, to: $0.lowerBound) } ?? 0
                    do { actions.append(try machine.parseAction(call)) } catch {
                        throw fail(error.message, at: offset + error.column - 1)
                    }
                }
                overlap = events
                overlapCalls = calls.count
            }
        }
        return CorpusEntry(path: path, file: file, machine: machine, initial: initial, actions: actions, overlap: overlap, overlapCalls: overlapCalls)
    }

    /// Replays one entry with every property checked after every step and judges it.
    @_spi(Engine) public func replay(_ entry: CorpusEntry<M>) -> CorpusResult {
        let first = TraceRun(entry.machine, initial: entry.initial, actions: entry.actions, keeping: .firstViolations).firstViolations
        let step = first.first?.step
        let action = step.flatMap { $0 > 0 ? entry.machine.describe(entry.actions[$0 - 1]) : nil }
        let passed: Bool
        switch entry.file.expectation {
        case .holds: passed = first.isEmpty
        case .violates(let name): passed = first.contains { $0.property == name }
        }
        return CorpusResult(path: entry.path, expectation: entry.file.expectation, steps: entry.actions.count,
                            violations: first, failingAction: action, passed: passed)
    }

    /// Loads and replays a file or directory.
    @_spi(Engine) public func replay(path: String) throws(CorpusError) -> [CorpusResult] {
        try load(path: path).map(replay)
    }

    /// The trace files `load` reads, in order.
    @_spi(Engine) public static func files(at path: String) throws(CorpusError) -> [String] {
        try listing(at: path).files
    }

    /// The trace files under `path` (or `path` itself when it is a file), sorted by their bytes,
    /// and apart the `.trace` files whose names are not UTF-8: those cannot be opened by a name
    /// NavFuzz can print, so they are named with each byte that is not UTF-8 written out
    /// (`a\x{ff}.trace`), for a run to report rather than stop at. Subdirectories are walked,
    /// links to directories are not (a loop of links cannot hang the walk), names starting
    /// with `.` are skipped. `ending`: the files to list (recordings are `.jsonl`).
    @_spi(Engine) public static func listing(at path: String, ending: String = ".trace") throws(CorpusError) -> (files: [String], misnamed: [String]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CorpusError(file: path, line: 0, column: 0, message: "no such file or directory")
        }
        guard isDirectory.boolValue else { return ([path], []) }
        var found: [[UInt8]] = []
        var misnamed: [[UInt8]] = []
        // A directory or entry the walk cannot enter is an error, never a file skipped: a corpus
        // not replayed must not look like a corpus that passed.
        if let (place, code) = walk(Array(path.utf8), relative: [], ending: Array(ending.utf8), into: &found, misnamed: &misnamed) {
            let name = place.isEmpty ? path : (path.hasSuffix("/") ? path : path + "/") + writtenOut(place)
            throw CorpusError(file: name, line: 0, column: 0, message: "cannot read it: \(String(cString: strerror(code)))")
        }
        let base = path.hasSuffix("/") ? path : path + "/"
        let sorted = { (names: [[UInt8]]) in names.sorted { $0.lexicographicallyPrecedes($1) } }
        return (sorted(found).map { base + String(decoding: $0, as: UTF8.self) },
                sorted(misnamed).map { base + writtenOut($0) })
    }

    /// Lists `directory` (bytes) below `relative` into `found`; the first place (relative) that
    /// cannot be listed or looked at, with its errno, or nil.
    private static func walk(_ directory: [UInt8], relative: [UInt8], ending: [UInt8], into found: inout [[UInt8]],
                             misnamed: inout [[UInt8]]) -> (place: [UInt8], code: Int32)? {
        guard let stream = (directory + [0]).withUnsafeBufferPointer({ opendir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) })
        else { return (relative, errno) }
        defer { closedir(stream) }
        var subdirectories: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name.first == UInt8(ascii: ".") { continue }
            let full = directory + [UInt8(ascii: "/")] + name
            let path = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            var info = stat()
            guard (full + [0]).withUnsafeBufferPointer({ lstat(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), &info) }) == 0
            else {
                if errno == ENOENT { continue }  // gone since it was listed
                return (path, errno)
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                subdirectories.append(name)
            } else if name.count >= ending.count, name.suffix(ending.count).elementsEqual(ending) {
                if utf8(path) == nil { misnamed.append(path) } else { found.append(path) }
            }
        }
        for name in subdirectories {
            let path = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            if let failed = walk(directory + [UInt8(ascii: "/")] + name, relative: path, ending: ending, into: &found, misnamed: &misnamed) { return failed }
        }
        return nil
    }

    /// The bytes as text when they are valid UTF-8 (`String(validating:)` needs iOS 18).
    static func utf8(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// Bytes as text, each byte that is not part of valid UTF-8 written as `\x{ff}`.
    static func writtenOut(_ bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            // The longest valid sequence starting here (1 to 4 bytes).
            var decoded: String?
            for length in 1...4 where i + length <= bytes.count {
                if let s = utf8(Array(bytes[i..<(i + length)])) { decoded = s; i += length; break }
            }
            if let decoded { out += decoded } else { out += "\\x{\(String(bytes[i], radix: 16))}"; i += 1 }
        }
        return out
    }
}

extension Corpus where M: ExplorableMachine {
    /// Writes a counterexample as a corpus file named by the hash of its meaningful lines
    /// (settings, actions, expectation; not the comments): the same trace saved twice gets the
    /// same name, and an existing file is left as it is. Written by `AtomicFile`, so a reader
    /// never sees half a file. Returns the path.
    @_spi(Engine) public static func save(_ counterexample: Counterexample<M>, machine: M, settings: [CorpusSetting],
                            notes: [CorpusNote], expectation: CorpusExpectation, to directory: String) throws(CorpusError) -> String {
        var all = settings
        let initials = machine.initialStates()
        if let k = initials.firstIndex(where: { encoding(machine, $0) == encoding(machine, counterexample.initial) }), k != 0 {
            all.append(CorpusSetting(key: "initial", value: String(k)))
        }
        let file = CorpusFile(notes: notes, settings: all,
                              actions: counterexample.actions.map { .init(text: machine.describe($0), line: 0, column: 1) },
                              expectation: expectation)
        let hash = String(Fingerprint.of(Array(file.contentText.utf8)), radix: 16)
        let name = String(repeating: "0", count: 16 - hash.count) + hash + ".trace"
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let path = base + name
        if FileManager.default.fileExists(atPath: path) { return path }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CorpusError(file: directory, line: 0, column: 0, message: "cannot create the corpus directory")
        }
        do { try AtomicFile.write(Array(file.text.utf8), to: path) } catch {
            throw CorpusError(file: path, line: 0, column: 0, message: "cannot write the file: \(error.reason)")
        }
        return path
    }

    private static func encoding(_ machine: M, _ state: M.State) -> [UInt8] {
        var bytes: [UInt8] = []
        machine.encode(state, into: &bytes)
        return bytes
    }
}
