import CoordinatorModel
import Foundation
import NavFuzzDriverServer
import NavFuzzKit
import NavFuzzRecorder
import Testing

// docs/VALIDATE.md §5 points here: the ALCoordinator-style app recorded as its debug build
// records it, driven by a script as a UI test drives it, then validated against the model.

/// The app run through `calls`, each recorded with what it did, the tree after it (the
/// adapter's `observedState()`: one adapter, two uses) and the main tab bar's own answer to
/// `getCoordinatorSelected()`.
private func recordRun(_ app: ALCoordinatorSystem, _ calls: [Action], configuration: Configuration) throws -> String {
    let path = NSTemporaryDirectory() + "navfuzz-al-\(UUID().uuidString).jsonl"
    try app.reset(configuration: configuration)
    let recorder = try NavigationRecorder(writingTo: URL(fileURLWithPath: path), configuration: configuration, tree: app.observedState())
    for call in calls {
        let step = try app.apply(call)
        recorder.record(call, outcome: step.outcome, events: step.events, tree: app.observedState(), top: step.top, selected: step.selected)
    }
    try recorder.flush()
    return path
}

/// An app whose tab bar opens on its second tab (`currentPage:`), and a tester on it: the
/// tabs reordered by a settings screen, then a tap on the first tab and one back. The calls
/// name the app's own coordinators: this adapter numbers the pages' flows first, so the tab
/// bar is `c2` (the regression test names it in the model's numbering, `c0`).
private let tabApp = Configuration(rootKind: .tab, startPage: Page(1))
private let tabRun: [Action] = [.setPages(CoordinatorID(2), [Page(1), Page(0)], current: nil), .userSelectTab(Page(0)), .userSelectTab(Page(1))]

@Test func aRecordingOfTheCorrectAppValidates() throws {
    let path = try recordRun(ALCoordinatorSystem(), tabRun, configuration: tabApp)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = RecordingFile.validate(path: path)
    #expect(result.divergence == nil, "\(result.divergence.map { ConformanceFailure.text($0.failures) } ?? "")")
    #expect(result.unreadable == nil)
    #expect(result.events == 3)
}

/// The library's `getCoordinatorSelected()` read at the tab bar's selected index: the
/// recording is flagged at the reorder (line 2, after the header), and the
/// regression test it prints fails on that library and passes on the correct one.
@Test func aRecordingOfTheSelectedByIndexBugIsFlaggedAtTheReorder() throws {
    let path = try recordRun(ALCoordinatorSystem(selectedByTabIndex: true), tabRun, configuration: tabApp)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let divergence = try #require(RecordingFile.validate(path: path).divergence)
    #expect(divergence.line == 2)
    let failure = try #require(divergence.failures.first)
    #expect(failure.check == .snapshotConforms)
    #expect(failure.reason.contains("shows the root's current page, its tree shows"), "\(failure.reason)")
    #expect(divergence.traceFound)
    #expect(failure.trace.map(\.description) == ["setPages c0 [p1,p0]"])
    let replaying = Verifier.Options.replaying(failure.trace.map(\.description), configuration: failure.configuration)
    #expect(!verifyConformance(ALCoordinatorSystem(selectedByTabIndex: true), options: replaying).passed)
    #expect(verifyConformance(ALCoordinatorSystem(), options: replaying).passed)
}
