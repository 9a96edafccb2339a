// An app imports NavFuzzRecorder alone: the model's actions and states come with it.
@_exported import CoordinatorModel
import Dispatch
import Foundation

/// Records what an app's coordinators do, one JSON line per event, for `NavFuzz validate` to
/// check against the model (docs/VALIDATE.md): each call the app's code makes, each gesture the
/// library's delegates report, what it did (applied or refused, the coordinators that
/// completed) and the tree after it, as the adapter's `observedState()` reads it.
///
/// Link it in debug and QA builds. `record` copies the values and returns: lines are written in
/// order on a queue of the recorder's own, so the main actor never waits for the disk. Each
/// line is written whole, so a recording cut short by a crash ends at its last event.
public final class NavigationRecorder: Sendable {
    /// The version of the recording format this recorder writes (docs/VALIDATE.md).
    public static let formatVersion = 1

    private let queue = DispatchQueue(label: "NavFuzzRecorder.writes")
    /// Touched only on `queue`; the closures hold it, never the recorder, so that the
    /// recorder's end is never on the queue.
    private let writer: Writer

    /// Starts a recording at `url` for an app set up as `configuration`; a file already there
    /// is an earlier recording, never written over (`CocoaError.fileWriteFileExists`): name each
    /// run's recording afresh. `tree`: what the app shows now (`observedState()`), at launch or
    /// later; it pairs the app's ids with the model's, so give it even when events carry no
    /// tree (docs/VALIDATE.md §3). Nil: the ids are paired as events name them.
    public init(writingTo url: URL, configuration: Configuration, tree: State? = nil) throws {
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: url.path])
        }
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let writer = Writer(try FileHandle(forWritingTo: url))
        self.writer = writer
        var line = Array(#"{"navfuzz-recording":"#.utf8)
        JSONValue.writeInt(Self.formatVersion, into: &line)
        line.append(contentsOf: #","configuration":"#.utf8)
        WireForm.configuration(configuration).write(into: &line)
        if let tree {
            line.append(contentsOf: #","snapshot":"#.utf8)
            WireForm.writeSnapshot(tree, into: &line)
        }
        line.append(UInt8(ascii: "}"))
        queue.async { [line] in writer.write(line) }
    }

    /// Records one event: `action` in the ids the app's adapter gives its coordinators, what
    /// it did, and the coordinators it ended. `tree`: the state after it (`observedState()`);
    /// nil records the event without one, and its outcome and events are still checked.
    /// `top` and `selected`: the library's own answers after it, if the app asked them
    /// (`SystemStep.top`, `SystemStep.selected`).
    public func record(_ action: Action, outcome: Outcome, events: [Completion] = [], tree: State? = nil,
                       top: Int? = nil, selected: Int? = nil) {
        let writer = writer
        queue.async {
            var line: [UInt8] = []
            line.reserveCapacity(512)
            writer.events += 1
            WireForm.writeStep(event: writer.events, action: action, outcome: outcome, events: events, state: tree, top: top,
                               selected: selected, into: &line)
            writer.write(line)
        }
    }

    /// Waits until every event recorded so far is on disk; throws the first write that failed.
    public func flush() throws {
        let writer = writer
        if let error = queue.sync(execute: { writer.synchronize() }) { throw error }
    }

    /// Writes what is queued before the recorder goes.
    deinit {
        let writer = writer
        queue.sync { _ = writer.synchronize() }
    }

    /// The file, on the queue.
    private final class Writer: @unchecked Sendable {
        let file: FileHandle
        /// The first write that failed: the recording stops there rather than skip a line.
        var failed: Error?
        /// Events written, which number them: a line lost or moved is seen when it is read.
        var events = 0

        init(_ file: FileHandle) { self.file = file }

        func write(_ line: [UInt8]) {
            guard failed == nil else { return }
            var bytes = line
            bytes.append(UInt8(ascii: "\n"))
            do { try file.write(contentsOf: Data(bytes)) } catch { failed = error }
        }

        func synchronize() -> Error? {
            if failed == nil { do { try file.synchronize() } catch { failed = error } }
            return failed
        }

        deinit { try? file.close() }
    }
}
