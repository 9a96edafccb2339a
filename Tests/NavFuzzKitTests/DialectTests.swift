@_spi(Engine) import CoordinatorModel
@_spi(Engine) import NavFuzzKit
import XCTest

/// Each dialect changes exactly the behaviour docs/SEMANTICS.md §9 documents, and the model in
/// each dialect keeps every invariant.
final class DialectTests: XCTestCase {
    /// Steps `texts` from the initial state of `configuration`; the last step.
    func run(_ texts: [String], _ configuration: Configuration) throws -> Step {
        let model = Model(configuration: configuration)
        var state = model.initialState()
        var last = Step(outcome: .applied, state: state, events: [])
        for t in texts {
            last = model.step(state, try Action(parsing: t))
            state = last.state
        }
        return last
    }

    func dialect(_ d: Dialect, root: Kind = .navigation) -> Configuration { Configuration(rootKind: root, dialect: d) }

    func testDismissWithNothingPresentedIsANoOp() throws {
        let strict = try run(["dismiss c0"], Configuration())
        XCTAssertEqual(strict.outcome, .refused(.nothingPresented))
        let step = try run(["dismiss c0"], dialect(.dismissNothingApplies))
        XCTAssertEqual(step.outcome, .applied)
        XCTAssertEqual(step.state, Model().initialState())
        XCTAssertEqual(step.events, [])
    }

    func testPopToLooksAtPresentedScreens() throws {
        let d = dialect(.popToPresented)
        // A presented screen is found: the modals above it go.
        let modal = try run(["push c0 r1", "present c0 r0 sheet", "present c0 r1 sheet", "present c0 r1 sheet", "popTo c0 r0"], d)
        XCTAssertEqual(modal.state.description, "c0 navigation stack [r0, r1] modals [sheet r0]   <- visible")
        let strict = try run(["push c0 r1", "present c0 r0 sheet", "present c0 r1 sheet", "present c0 r1 sheet", "popTo c0 r0"], Configuration())
        XCTAssertEqual(strict.state.description, "c0 navigation stack [r0] modals [sheet r0, sheet r1, sheet r1]   <- visible")
        // The topmost of two presented screens showing the route.
        let top = try run(["present c0 r1 sheet", "present c0 r1 sheet", "present c0 r0 sheet", "popTo c0 r1"], d)
        XCTAssertEqual(top.state.description, "c0 navigation stack [r0] modals [sheet r1, sheet r1]   <- visible")
        // Found on the stack: every modal goes too, as when a routes array is cut there.
        let stack = try run(["push c0 r1", "push c0 r0", "start c0 navigation sheet r0", "popTo c0 r1"], d)
        XCTAssertEqual(stack.state.description, "c0 navigation stack [r0, r1]   <- visible")
        XCTAssertEqual(stack.events, [Completion(CoordinatorID(1), .cancelled)])
        // With stack-on-top-layer too, popTo still looks at the target's own modals and stack.
        let both = try run(["push c0 r1", "present c0 r0 sheet", "popTo c0 r1"], dialect([.popToPresented, .stackOnTopLayer]))
        XCTAssertEqual(both.state.description, "c0 navigation stack [r0, r1]   <- visible")
        // Found nowhere: refused as in the strict model.
        XCTAssertEqual(try run(["present c0 r0 sheet", "popTo c0 r1"], d).outcome, .refused(.notFound))
    }

    func testStackActionsActOnTheTopmostPresentedLayer() throws {
        let d = dialect(.stackOnTopLayer)
        let pushed = try run(["start c0 navigation sheet r0", "push c0 r1"], d)
        XCTAssertEqual(pushed.state.description, """
            c0 navigation stack [r0] modals [sheet c1]
              c1 navigation (sheet) stack [r0, r1]   <- visible
            """)
        let strict = try run(["start c0 navigation sheet r0", "push c0 r1"], Configuration())
        XCTAssertEqual(strict.state.description, """
            c0 navigation stack [r0, r1] modals [sheet c1]
              c1 navigation (sheet) stack [r0]   <- visible
            """)
        // Followed down through presented coordinators; pop and popToRoot alike.
        let deep = try run(["start c0 navigation sheet r0", "start c1 navigation fullScreen r0", "push c0 r1", "push c0 r1",
                            "pop c0"], d)
        XCTAssertTrue(deep.state.description.contains("c2 navigation (fullScreen) stack [r0, r1]"), deep.state.description)
        XCTAssertEqual(try run(["start c0 navigation sheet r0", "pop c0"], d).outcome, .refused(.atRoot))
        // A presented screen has no stack: refused.
        XCTAssertEqual(try run(["present c0 r0 sheet", "push c0 r1"], d).outcome, .refused(.unsupported))
        // A redirect pushes on its parent's own stack, whatever is presented.
        let redirect = try run(["start c0 redirection push r0", "present c0 r1 sheet", "redirect c1 r1 push"], d)
        XCTAssertTrue(redirect.state.description.hasPrefix("c0 navigation stack [r0, c1, r1] modals [sheet r1]"), redirect.state.description)
    }

    func testADeepLinkPushesOntoTheStackOfTheVisibleScreen() throws {
        let d = dialect(.pushedDeepLink)
        XCTAssertEqual(try run(["forcePresentation navigation push r1"], Configuration()).outcome, .refused(.unsupported))
        let pushed = try run(["forcePresentation navigation push r1"], d)
        XCTAssertEqual(pushed.outcome, .applied)
        XCTAssertEqual(pushed.state.description, """
            c0 navigation stack [r0, c1]
              c1 navigation (push) initial r1 stack [r1]   <- visible
            """)
        // Through a presented flow, onto its stack.
        let presented = try run(["start c0 navigation sheet r0", "forcePresentation redirection push r1"], d)
        XCTAssertEqual(presented.state.description, """
            c0 navigation stack [r0] modals [sheet c1]
              c1 navigation (sheet) stack [r0, c2]
                c2 redirection (push) initial r1 stack [r1]   <- visible
            """)
        // On a tab root, onto its current page's stack.
        let tab = try run(["forcePresentation navigation push r1"], dialect(.pushedDeepLink, root: .tab))
        XCTAssertTrue(tab.state.description.contains("c1 navigation (page p0) stack [r0, c3]"), tab.state.description)
        // Beneath a presented screen the user would not see it; a tab is never pushed; a
        // navigation flow is not, with no-pushed-navigation too.
        XCTAssertEqual(try run(["present c0 r0 sheet", "forcePresentation navigation push r1"], d).outcome, .refused(.unsupported))
        XCTAssertEqual(try run(["forcePresentation tab push r0"], d).outcome, .refused(.unsupported))
        XCTAssertEqual(try run(["forcePresentation navigation push r1"], dialect([.pushedDeepLink, .noPushedNavigation])).outcome,
                       .refused(.unsupported))
        XCTAssertEqual(try run(["forcePresentation redirection push r1"], dialect([.pushedDeepLink, .noPushedNavigation])).outcome, .applied)
        // The modal deep links are the strict model's.
        XCTAssertEqual(try run(["present c0 r0 sheet", "forcePresentation navigation sheet r1"], d),
                       try run(["present c0 r0 sheet", "forcePresentation navigation sheet r1"], Configuration()))
    }

    /// Over every state of `small` and `small-tab` within two steps, each dialect's step
    /// differs from the strict model's only in its documented case, and does differ there.
    func testEachDialectChangesExactlyItsDocumentedCase() {
        typealias Case = (Dialect, (State, Action) -> Bool)
        func hasModals(_ s: State, _ c: CoordinatorID) -> Bool { s.index(of: c).map { s.modalCount(at: $0) > 0 } ?? false }
        let cases: [Case] = [
            (.dismissNothingApplies, { s, a in if case .dismiss(let c) = a { return s.isLive(c) && !hasModals(s, c) }; return false }),
            (.popToPresented, { s, a in if case .popTo(let c, _) = a { return hasModals(s, c) }; return false }),
            (.pushedDeepLink, { _, a in if case .forcePresentation(_, .push, _) = a { return true }; return false }),
            (.stackOnTopLayer, { s, a in
                switch a {
                case .push(let c, _), .pop(let c), .popToRoot(let c), .popTo(let c, _): return hasModals(s, c)
                default: return false
                }
            }),
        ]
        for preset in [Preset.small, Preset.smallTab] {
            let strict = Model(configuration: preset.configuration)
            var level = [strict.initialState()], seen = Set(level)
            var actions: [Action] = []
            var differing = [Int](repeating: 0, count: cases.count)
            for _ in 0 ..< 2 {
                var next: [State] = []
                for s in level {
                    actions.removeAll(keepingCapacity: true)
                    preset.domain.actions(in: s, into: &actions)
                    actions += [.dismiss(CoordinatorID(1)), .popTo(CoordinatorID(0), Route(1)), .forcePresentation(.navigation, .push, Route(1))]
                    for a in actions {
                        let plain = strict.step(s, a)
                        for (k, (option, documented)) in cases.enumerated() {
                            var c = preset.configuration
                            c.dialect = option
                            let other = Model(configuration: c).step(s, a)
                            if other != plain {
                                differing[k] += 1
                                XCTAssertTrue(documented(s, a), "\(option) changed '\(a)' in\n\(s)")
                            }
                        }
                        if !plain.outcome.isRefused, preset.bounds.contains(plain.state), seen.insert(plain.state).inserted {
                            next.append(plain.state)
                        }
                    }
                }
                level = next
            }
            for (k, n) in differing.enumerated() { XCTAssertGreaterThan(n, 5, "\(cases[k].0) on \(preset.name)") }
        }
    }

    /// Exploration in each dialect, and in all at once with a tab root too, finds no invariant
    /// broken.
    func testEveryInvariantHoldsInEveryDialect() {
        let all = Dialect.named.reduce(Dialect.strict) { $0.union($1.option) }
        let runs = Dialect.named.map { ($0.option, Preset.small) } + [(all, .small), (all, .smallTab)]
        for (d, preset) in runs {
            do {
                var preset = preset
                preset.configuration.dialect = d
                let report = Explorer(CoordinatorMachine(preset: preset), options: .init(workers: 2, maxDepth: 3)).run()
                XCTAssertEqual(report.violations.map(\.property), [], "\(d) on \(preset.name): \(report.violations.first.map { "\($0.actions): \($0.reason)" } ?? "")")
                XCTAssertGreaterThan(report.states, 100)
            }
        }
    }

    func testNamesReadBack() {
        XCTAssertEqual(Dialect(names: "strict"), .strict)
        XCTAssertEqual(Dialect(names: "pop-to-presented,dismiss-nothing-applies"), [.popToPresented, .dismissNothingApplies])
        XCTAssertEqual(Dialect([.popToPresented, .stackOnTopLayer]).description, "stack-on-top-layer,pop-to-presented")
        XCTAssertNil(Dialect(names: "pop-to"))
        XCTAssertNil(Dialect(names: ""))
    }
}
