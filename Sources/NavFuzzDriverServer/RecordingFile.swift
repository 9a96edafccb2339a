@_spi(Engine) import CoordinatorModel
import Foundation
@_spi(Engine) import NavFuzzKit

/// A recording read line by line (docs/VALIDATE.md): the first line names the format and the
/// configuration, each other line is one event, in the driver protocol's words: its number
/// `n` (optional), a step request's `action` and its reply's `outcome`, `reason`, `events`,
/// `snapshot`, `top` and `selected`. Read here, beside the driver protocol, so that the two
/// cannot drift apart; a line is read when it is needed, so a recording of any length takes
/// constant memory.
package struct RecordingFile {
    package let path: String
    package let configuration: Configuration
    /// The tree the app showed when the recorder started, if the recording says.
    package let start: State?
    private var lines: LineReader
    /// Events read so far.
    private var events = 0

    /// Opens `path` and reads its first line.
    package init(path: String) throws(RecordingError) {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw RecordingError(path, line: 0, field: nil, "cannot be read")
        }
        lines = LineReader(handle)
        guard let (number, header) = try lines.next(path) else {
            throw RecordingError(path, line: 1, field: nil, "empty: a recording starts with {\"navfuzz-recording\":1,\"configuration\":{…}}")
        }
        do throws(DriverFieldError) {
            let json = try Self.object(header)
            guard let version = json["navfuzz-recording"] else {
                throw DriverFieldError("navfuzz-recording", "missing: a recording starts with {\"navfuzz-recording\":1,\"configuration\":{…}}")
            }
            guard version.int == 1 else {
                throw DriverFieldError("navfuzz-recording", "this NavFuzz reads version 1, the file is version \(version.text)")
            }
            configuration = try DriverMessages.configuration(from: json["configuration"] ?? .null)
            start = try json["snapshot"].flatMap { $0.isNull ? nil : $0 }.map { s throws(DriverFieldError) in try DriverMessages.state(from: s) }
        } catch {
            throw RecordingError(path, line: number, field: error.field, error.message)
        }
    }

    /// The next event; nil at the end of the file.
    package mutating func next() throws(RecordingError) -> RecordedEvent? {
        guard let (number, bytes) = try lines.next(path) else { return nil }
        do throws(DriverFieldError) {
            let json = try Self.object(bytes)
            events += 1
            // The recorder numbers its events: a line missing or out of place is no recording.
            if let n = json["n"], !n.isNull, n.int != events {
                throw DriverFieldError("n", "event \(n.text) where event \(events) belongs: lines are missing or out of order")
            }
            let text = try DriverMessages.string(json, "action", at: "")
            let action: Action
            do { action = try Action(parsing: text) } catch {
                throw DriverFieldError("action", "'\(text)' is not an action: \(error)")
            }
            let (outcome, events) = try DriverMessages.outcomeAndEvents(from: json)
            let tree = try json["snapshot"].flatMap { $0.isNull ? nil : $0 }.map { s throws(DriverFieldError) in try DriverMessages.state(from: s) }
            return RecordedEvent(line: number, action: action, outcome: outcome, events: events, tree: tree,
                                 top: try Self.id(json, "top"), selected: try Self.id(json, "selected"))
        } catch {
            throw RecordingError(path, line: number, field: error.field, error.message)
        }
    }

    private static func object(_ bytes: [UInt8]) throws(DriverFieldError) -> DriverJSON {
        let json: DriverJSON
        do { json = try DriverJSON(parsing: bytes) } catch { throw DriverFieldError("", "not JSON: \(error)") }
        guard case .object = json else { throw DriverFieldError("", "expected an object, found \(json.typeName)") }
        return json
    }

    private static func id(_ json: DriverJSON, _ key: String) throws(DriverFieldError) -> Int? {
        guard let v = json[key], !v.isNull else { return nil }
        guard let n = v.int, n >= 0 else { throw DriverFieldError(key, "expected a coordinator id, found \(v.text)") }
        return n
    }
}

/// Lines of a file, read in blocks.
private struct LineReader {
    let handle: FileHandle
    var buffer: [UInt8] = []
    var start = 0
    var number = 0
    var atEnd = false
    /// A longer line is no recording's: a hostile file must not take the memory.
    static let longest = 16 << 20

    init(_ handle: FileHandle) { self.handle = handle }

    /// The next line that is not blank, with its number; nil at the end.
    mutating func next(_ path: String) throws(RecordingError) -> (Int, [UInt8])? {
        while true {
            guard let line = try nextLine(path) else { return nil }
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) { return (number, line) }
        }
    }

    private mutating func nextLine(_ path: String) throws(RecordingError) -> [UInt8]? {
        var scanned = start
        while true {
            if let nl = buffer[scanned...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start ..< nl])
                start = nl + 1
                number += 1
                return line
            }
            scanned = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                // The last line has no newline: a recording cut short while it was written.
                number += 1
                let line = Array(buffer[start...])
                start = buffer.count
                if (try? DriverJSON(parsing: line)) == nil {
                    throw RecordingError(path, line: number, field: nil, "the recording ends in the middle of a line (cut short while it was written?)")
                }
                return line
            }
            if buffer.count - start > Self.longest {
                throw RecordingError(path, line: number + 1, field: nil, "a line longer than \(Self.longest >> 20) MiB")
            }
            if start > 0 {
                buffer.removeFirst(start)
                scanned -= start
                start = 0
            }
            let block: Data?
            do { block = try handle.read(upToCount: 1 << 16) } catch {
                throw RecordingError(path, line: number + 1, field: nil, "cannot be read: \(error.localizedDescription)")
            }
            if let block, !block.isEmpty { buffer.append(contentsOf: block) } else { atEnd = true }
        }
    }
}

extension RecordingFile {
    /// Reads the recording at `path` and checks it against the model, event by event, up to
    /// its first divergence or the line that cannot be read.
    package static func validate(path: String) -> RecordingResult {
        var file: RecordingFile
        do { file = try RecordingFile(path: path) } catch { return RecordingResult(path: path, events: 0, unreadable: error.description) }
        var validator = RecordingValidator(name: path, configuration: file.configuration, tree: file.start)
        if let divergence = validator.startDivergence { return RecordingResult(path: path, events: 0, divergence: divergence) }
        do {
            while let event = try file.next() {
                if let divergence = validator.check(event) {
                    return RecordingResult(path: path, events: validator.events, divergence: divergence)
                }
                if let (line, why) = validator.undecided {
                    return RecordingResult(path: path, events: validator.events, undecided: "line \(line): \(why)")
                }
            }
        } catch {
            return RecordingResult(path: path, events: validator.events, unreadable: error.description)
        }
        return RecordingResult(path: path, events: validator.events)
    }
}
