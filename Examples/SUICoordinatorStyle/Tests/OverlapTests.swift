@_spi(Engine) import NavFuzzKit
import SUIStyleAdapter
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
        #expect(result.interleavings > 1000, "\(result.sources)")
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

    @Test func theShortestInterleavingIsTheSameRunAfterRun() async {
        var seen: [[String]] = []
        for _ in 0 ..< 3 {
            let result = await verifyConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]),
                                                 options: Verifier.Options(presets: [.small], depth: 0, walks: 0))
            let failure = result.failure(.snapshotConforms)
            seen.append(failure.map { $0.trace.map(\.description) + ($0.interleaving?.lines ?? []) } ?? [])
        }
        #expect(Set(seen).count == 1, "\(Set(seen))")
        #expect(seen.first == ["push c0 r0"] + StalePop.doubleTap)
    }

    /// Without the breadth-first part's first step, the walks reach a state where a `pop`
    /// can overlap, and the steps before the calls are cut to one.
    @Test func theWalksReachDeeperStates() async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]),
                                             options: Verifier.Options(presets: [.small], depth: 0, overlapDepth: 0))
        let failure = result.failure(.snapshotConforms)
        #expect(failure?.source.hasPrefix("overlaps after the walks of swarm") == true, "\(result.text)")
        #expect(failure?.trace.count == 1, "\(result.text)")
        #expect(failure?.interleaving != nil)
    }

    @Test func sequentialRunsDoNotSeeIt() async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]), options: Verifier.Options(depth: 2, overlapDepth: -1))
        #expect(result.passed, "\(result.failureMessage)")
    }

    @Test func aCallThatNeverReturnsFailsNoHang() async {
        // Two sheets on one coordinator (`ci`'s bounds), then a second dismissal during the
        // first one's animation overwrites its completion.
        var options = Verifier.Options.replaying(["present c0 r0 sheet", "present c0 r1 sheet"],
                                                 overlapping: "dismiss c0 | dismiss c0 | start 2, resume 2")
        options.timeout = 0.5
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.oneDismissalCompletion]), options: options)
        let hang = result.failure(.noHang)
        #expect(hang != nil, "\(result.text)")
        #expect(hang?.interleaving?.lines.last?.hasSuffix("never returned") == true, "\(hang?.text ?? "")")
    }
}

enum StalePop {
    /// The interleaving the default run shows first, after `push c0 r0`: a double tap of `pop`.
    static let doubleTap = [
        "[1] pop c0 started",
        "[1] pop c0 suspended at sleep",
        "[2] pop c0 started",
        "[2] pop c0 suspended at sleep",
        "[2] pop c0 resumed",
        "[2] pop c0 returned: applied",
        "[1] pop c0 resumed",
        "[1] pop c0 returned: applied",
    ]
    /// The interleaving that shows the `popWritesStalePath` bug, after `push c0 r0`.
    static let lines = [
        "[1] pop c0 started",
        "[1] pop c0 suspended at sleep",
        "[2] userBack ran: applied",
        "[1] pop c0 resumed",
        "[1] pop c0 returned: applied",
    ]
}

/// A failure of the overlap phase is saved and replayed exactly: as a corpus file, and as the
/// regression test it prints.
@Suite struct SavedInterleavings {
    @Test func aSavedInterleavingReplaysTheSameFailure() async throws {
        let found = await verifyConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]),
                                            options: Verifier.Options(presets: [.small], depth: 0, walks: 0))
        let failure = try #require(found.failure(.snapshotConforms))
        let interleaving = try #require(failure.interleaving)
        let text = "# navfuzz-corpus 1\n" + failure.trace.map { "\($0)\n" }.joined() + "overlap: \(interleaving.replayText)\nexpect: holds\n"
        let entry = try Corpus.coordinators.parse(text, path: "saved.trace")
        #expect(Corpus.coordinators.replay(entry).passed, "the model holds")
        let given = Verifier.Options(presets: [], depth: 0, walkPresets: [], walks: 0, traces: [entry.givenTrace])
        let replayed = await verifyConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]), options: given)
        #expect(replayed.failure(.snapshotConforms)?.interleaving == interleaving, "\(replayed.text)")
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

/// `no-leak` after overlapping calls: the library built with `completionKeepsEndedFlow` keeps a
/// flow alive when a back swipe ends it during the animation that shows it, which only an
/// overlap can do. The failure is found, saved and replayed like any of the phase's.
@Suite struct LeaksAfterOverlappingCalls {
    static let faults: Set<LibraryFault> = [.completionKeepsEndedFlow]
    static let options = Verifier.Options(presets: [.small], depth: 0, walks: 0)

    @Test func aFlowKeptByItsCompletionFailsNoLeak() async throws {
        let result = await verifyConformance(SUICoordinatorSystem(faults: Self.faults), options: Self.options)
        let failure = try #require(result.failure(.noLeak), "\(result.text)")
        #expect(failure.reason == KeptFlow.reason, "\(failure.text)")
        #expect(failure.trace.isEmpty, "\(failure.text)")
        #expect(failure.interleaving?.lines == KeptFlow.lines, "\(failure.text)")
        #expect(failure.interleaving?.replayText == KeptFlow.replay)
        #expect(result.failures.map(\.check) == [.noLeak], "\(result.text)")
    }

    @Test func sequentialRunsDoNotSeeIt() async {
        let result = await verifyConformance(SUICoordinatorSystem(faults: Self.faults), options: Verifier.Options(depth: 2, overlapDepth: -1))
        #expect(result.passed, "\(result.failureMessage)")
    }

    @Test func aSavedLeakReplaysTheSameFailure() async throws {
        let text = "# navfuzz-corpus 1\noverlap: \(KeptFlow.replay)\nexpect: holds\n"
        let entry = try Corpus.coordinators.parse(text, path: "kept.trace")
        #expect(Corpus.coordinators.replay(entry).passed, "the model holds")
        let given = Verifier.Options(presets: [], depth: 0, walkPresets: [], walks: 0, traces: [entry.givenTrace])
        let replayed = await verifyConformance(SUICoordinatorSystem(faults: Self.faults), options: given)
        let failure = replayed.failure(.noLeak)
        #expect(failure?.interleaving?.lines == KeptFlow.lines, "\(replayed.text)")
        #expect(failure?.regressionTest(.swiftTesting, subject: "S()").contains("overlapping: \"\(KeptFlow.replay)\"") == true)
        #expect(await verifyConformance(SUICoordinatorSystem(), options: given).passed)
    }

    @Test func thePrintedRegressionTestFailsWhileTheBugIsThere() async {
        await withKnownIssue {
            await expectConformance(SUICoordinatorSystem(faults: Self.faults), options: .replaying([], overlapping: KeptFlow.replay))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("FAIL no-leak: " + KeptFlow.reason) && text.contains(KeptFlow.lines.joined(separator: "\n    "))
        }
        await expectConformance(SUICoordinatorSystem(), options: .replaying([], overlapping: KeptFlow.replay))
    }
}

enum KeptFlow {
    static let replay = "start c0 redirection push r0 | pop c0 | start 2, resume 2, resume 1"
    static let reason = "a coordinator made during the calls (its own id c1) ended but its object is still alive after "
        + "'start c0 redirection push r0' and 'pop c0' overlapped"
    /// The interleaving that shows `completionKeepsEndedFlow`, from the initial state: a
    /// `pop` during the push of a flow ends it while its completion waits.
    static let lines = [
        "[1] start c0 redirection push r0 started",
        "[1] start c0 redirection push r0 suspended at sleep",
        "[2] pop c0 started",
        "[2] pop c0 suspended at sleep",
        "[2] pop c0 resumed",
        "[2] pop c0 returned: applied",
        "[1] start c0 redirection push r0 resumed",
        "[1] start c0 redirection push r0 returned: applied",
    ]
}

/// A failure found after a random walk is shown from a shorter way to it.
@Suite struct ShrunkOverlaps {
    /// Overlaps after the walks of `swarm` only.
    static func afterWalks(seed: UInt64) -> Verifier.Options {
        Verifier.Options(presets: [], depth: 0, walkPresets: [.swarm], walks: 45, seed: seed)
    }

    /// Seed 0's first walk fails after five steps; the model's shortest way to the state it
    /// reached is one `push`, and the failure is shown from there.
    @Test func aWalksStepsAreCutToTheModelsShortestWay() async throws {
        let result = await verifyConformance(SUICoordinatorSystem(faults: [.popWritesStalePath]), options: Self.afterWalks(seed: 0))
        let failure = try #require(result.failure(.snapshotConforms), "\(result.text)")
        #expect(failure.source.hasPrefix("overlaps after the walks of swarm"), "\(failure.text)")
        #expect(failure.originalLength == 5)
        #expect(failure.trace.map(\.description) == ["push c0 r2"], "\(failure.text)")
        #expect(failure.text.contains("shrunk from 5 steps"), "\(failure.text)")
        #expect(failure.interleaving?.calls.first?.name == .pop)
    }

    @Test func aLeakFoundAfterAWalkIsShownFromTheInitialState() async throws {
        let result = await verifyConformance(SUICoordinatorSystem(faults: LeaksAfterOverlappingCalls.faults), options: Self.afterWalks(seed: 0))
        let failure = try #require(result.failure(.noLeak), "\(result.text)")
        #expect(failure.originalLength > failure.trace.count, "\(failure.text)")
        #expect(failure.trace.isEmpty, "\(failure.text)")
        #expect(failure.interleaving != nil, "\(failure.text)")
    }
}
