/// What the check of one recording found.
package struct RecordingResult: Sendable {
    /// The recording's path, as given.
    package var path: String
    /// Events checked.
    package var events: Int
    /// Where the app left the model; nil when it never did.
    package var divergence: Divergence?
    /// Why the recording could not be read to its end (`FILE:LINE: field: message`); the
    /// events before were checked.
    package var unreadable: String?
    /// Why the recording could not be judged past a line (`line N: reason`); the events
    /// before conform.
    package var undecided: String?

    package init(path: String, events: Int, divergence: Divergence? = nil, unreadable: String? = nil, undecided: String? = nil) {
        self.path = path; self.events = events; self.divergence = divergence; self.unreadable = unreadable
        self.undecided = undecided
    }
}
