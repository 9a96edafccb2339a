@_spi(Engine) import CoordinatorModel

/// One event of a recording (docs/VALIDATE.md): a call the app's code made or a gesture the
/// library reported, in the app's ids, what it did, and what the app showed after it.
package struct RecordedEvent: Sendable {
    /// The line of the recording it was read from (1-based), for reports.
    package var line: Int
    package var action: Action
    package var outcome: Outcome
    /// The coordinators that completed, in the app's ids.
    package var events: [Completion]
    /// The tree after the event; nil when the recorder was given none.
    package var tree: State?
    /// The library's own answers after it, when the app asked them (`SystemStep.top`, `selected`).
    package var top: Int?
    package var selected: Int?

    package init(line: Int, action: Action, outcome: Outcome, events: [Completion] = [], tree: State? = nil,
                 top: Int? = nil, selected: Int? = nil) {
        self.line = line; self.action = action; self.outcome = outcome; self.events = events; self.tree = tree
        self.top = top; self.selected = selected
    }
}
