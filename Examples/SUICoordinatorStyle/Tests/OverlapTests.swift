@_spi(Engine) import NavFuzzKit
import NavFuzzTesting
import SUIStyleCoordinators
import Testing

/// The overlap phase of the default verification (docs/VERIFY.md §2.4) on the library's
/// animations: the fixed library passes; a `pop` that writes the path it read before its
/// animation is found with the shortest interleaving, the same every time; a dismissal whose
/// completion a second one overwrites fails `no-hang` once the watchdog's timeout has passed.
@Suite struct OverlappingCalls {
    /// The overlap phase alone (the default run, `coordinatorsConformToTheModel`, has it too).
    static let overlapsOnly = Verifier.Options(depth: 0, walks: 0)

    @Test func theFixedLibraryPassesWithOverlaps() async {
        let result = await verifyConformance(SUICoordinatorSystem(), options: Self.overlapsOnly)
        #expect(result.passed, "\(result.failureMessage)")
        #expect(result.report.interleavings > 1000, "\(result.report.sources)")
    }

    @Test func aStalePathWrittenAfterAnAnimationIsFoundByTheDefaultRun() async {
        await withKnownIssue {
            await expectConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]))
        } matching: { issue in
            // Under each root: a `pop` that a back swipe or a second `pop` overlaps.
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("no order of the overlapping calls gives what the implementation did") && text.contains("pop c")
        }
    }

    @Test func theShortestInterleavingIsTheSameOverTwentyRuns() async {
        var seen: [[String]] = []
        for _ in 0 ..< 20 {
            let result = await verifyConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]),
                                                 options: Verifier.Options(presets: [.small], depth: 0, walks: 0))
            let failure = result.report.failure(.snapshotConforms)
            seen.append(failure.map { $0.trace.map(\.description) + ($0.interleaving?.lines ?? []) } ?? [])
        }
        #expect(Set(seen).count == 1, "\(Set(seen))")
        #expect(seen.first == ["push c0 r0"] + StalePop.lines)
    }

    /// Without the breadth-first part's first step, the walks reach a state where a `pop`
    /// can overlap, and the steps before the calls are cut to one.
    @Test func theWalksReachDeeperStates() async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]),
                                             options: Verifier.Options(presets: [.small], depth: 0, overlapDepth: 0))
        let failure = result.report.failure(.snapshotConforms)
        #expect(failure?.source.hasPrefix("overlaps after the walks of swarm") == true, "\(result.report.text)")
        #expect(failure?.trace.count == 1, "\(result.report.text)")
        #expect(failure?.interleaving?.calls.map(\.name).contains(.pop) == true)
    }

    @Test func sequentialRunsDoNotSeeIt() async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]), options: Verifier.Options(depth: 2, overlapDepth: -1))
        #expect(result.passed, "\(result.failureMessage)")
    }

    @Test func aCallThatNeverReturnsFailsNoHang() async {
        // Two sheets on one coordinator: `ci`'s bounds, two steps.
        let options = Verifier.Options(presets: [.ci], depth: 0, walks: 0, timeout: 0.5, overlapDepth: 2)
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.oneDismissalCompletion]), options: options)
        let hang = result.report.failure(.noHang)
        #expect(hang != nil, "\(result.report.text)")
        #expect(hang?.interleaving?.lines.last?.hasSuffix("never returned") == true, "\(hang?.text ?? "")")
    }
}

enum StalePop {
    /// The interleaving that shows the `popWritesStalePath` bug, after `push c0 r0`.
    static let lines = [
        "pop c0 started",
        "pop c0 suspended at sleep",
        "userBack ran: applied",
        "pop c0 resumed",
        "pop c0 returned: applied",
    ]
}

/// A failure of the overlap phase is saved and replayed exactly: as a corpus file, and as the
/// regression test it prints.
@Suite struct SavedInterleavings {
    @Test func aSavedInterleavingReplaysTheSameFailure() async throws {
        let found = await verifyConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]),
                                            options: Verifier.Options(presets: [.small], depth: 0, walks: 0))
        let failure = try #require(found.report.failure(.snapshotConforms))
        let interleaving = try #require(failure.interleaving)
        let text = "# navfuzz-corpus 1\n" + failure.trace.map { "\($0)\n" }.joined() + "overlap: \(interleaving.replayText)\nexpect: holds\n"
        let entry = try Corpus.coordinators.parse(text, path: "saved.trace")
        #expect(Corpus.coordinators.replay(entry).passed, "the model holds")
        let given = Verifier.Options(presets: [], depth: 0, walkPresets: [], walks: 0, traces: [entry.givenTrace])
        let replayed = await verifyConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]), options: given)
        #expect(replayed.report.failure(.snapshotConforms)?.interleaving == interleaving, "\(replayed.report.text)")
        #expect(await verifyConformance(SUICoordinatorSystem(), options: given).passed)
    }

    @Test func thePrintedRegressionTestFailsWhileTheBugIsThere() async {
        await withKnownIssue {
            await expectConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]),
                                    options: .replaying(["push c0 r0"], overlapping: "pop c0 | userBack | start 2, resume 1"))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(StalePop.lines.joined(separator: "\n    "))
        }
        await expectConformance(SUICoordinatorSystem(), options: .replaying(["push c0 r0"], overlapping: "pop c0 | userBack | start 2, resume 1"))
    }
}
