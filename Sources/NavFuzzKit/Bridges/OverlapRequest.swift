@_spi(Engine) import CoordinatorModel

/// Overlapping calls to run: the first, then each next one started while those before it are
/// in flight; `choices` says what goes on at each step after the first call started, and
/// after them the first option of each step is taken (start the next call, else the latest
/// call that can go on), up to `OverlapScheduler.stepBound` steps, then the call that waited
/// longest (docs/VERIFY.md §2.4).
package struct OverlapRequest: Sendable, Hashable {
    package var calls: [Action]
    package var choices: [OverlapChoice]
    /// Seconds a call may run without waiting at a point or returning; nil: the system's own.
    package var timeout: Double?

    package init(calls: [Action], choices: [OverlapChoice], timeout: Double? = nil) {
        self.calls = calls; self.choices = choices; self.timeout = timeout
    }
}
