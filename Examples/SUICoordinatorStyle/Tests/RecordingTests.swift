import SUIStyleAdapter
import CoordinatorModel
import Foundation
import NavFuzzDriverServer
import NavFuzzKit
import NavFuzzRecorder
import SUIStyleCoordinators
import Testing

// docs/VALIDATE.md §5 points here: the SUICoordinator-style app recorded as its debug build
// records it, driven by a script as a UI test drives it, then validated against the model.

/// The app run through `calls`, each recorded with what it did and the tree after it (the
/// adapter's `observedState()`: one adapter, two uses).
@MainActor
private func recordRun(_ app: SUICoordinatorSystem, _ calls: [Action]) async throws -> String {
    let path = NSTemporaryDirectory() + "navfuzz-sui-\(UUID().uuidString).jsonl"
    await app.reset(configuration: Configuration())
    let recorder = try NavigationRecorder(writingTo: URL(fileURLWithPath: path), configuration: Configuration(),
                                          tree: app.observedState())
    for call in calls {
        let step = await app.apply(call)
        recorder.record(call, outcome: step.outcome, events: step.events, tree: app.observedState(), top: step.top)
    }
    try recorder.flush()
    return path
}

/// A tester opens a pushed flow and goes back out of it, then opens a sheet flow, goes one
/// screen deeper in it and swipes the sheet down.
private let sheetRun: [Action] = [
    .start(CoordinatorID(0), .navigation, .push, Route(1)), .userBack,
    .start(CoordinatorID(0), .navigation, .sheet, Route(1)), .push(CoordinatorID(2), Route(0)), .userSwipeDismiss,
]

@MainActor @Test func aRecordingOfTheCorrectAppValidates() async throws {
    let path = try await recordRun(SUICoordinatorSystem(animated: false), sheetRun)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = RecordingFile.validate(path: path)
    #expect(result.divergence == nil, "\(result.divergence.map { ConformanceFailure.text($0.failures) } ?? "")")
    #expect(result.events == 5)
}

/// The library's old bug, a sheet swiped away that stays among its parent's children: the
/// recording is flagged at the swipe (line 6), the regression test it prints leaves out the
/// pushed flow that came and went, and it fails on that library and passes on the correct one.
@MainActor @Test func aRecordingOfTheSwipeBugIsFlaggedAtTheSwipe() async throws {
    let path = try await recordRun(SUICoordinatorSystem(faults: [.swipeKeepsChild], animated: false), sheetRun)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let divergence = try #require(RecordingFile.validate(path: path).divergence)
    #expect(divergence.line == 6)
    #expect(divergence.failures.map(\.check) == [.invariant("no-orphan-children"), .snapshotConforms])
    let failure = try #require(divergence.failures.first)
    #expect(failure.trace.map(\.description) == ["start c0 navigation sheet r1", "push c1 r0", "userSwipeDismiss"])
    let replaying = Verifier.Options.replaying(failure.trace.map(\.description), configuration: failure.configuration)
    #expect(await !verifyConformance(SUICoordinatorSystem(faults: [.swipeKeepsChild]), options: replaying).passed)
    #expect(await verifyConformance(SUICoordinatorSystem(), options: replaying).passed)
}
