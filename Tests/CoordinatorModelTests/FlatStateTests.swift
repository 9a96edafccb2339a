import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// A state keeps its coordinators in one buffer of words (State.swift). Every change must leave
/// the buffer exactly as packing the changed coordinators would: compact, records in id order,
/// so that equal states have equal words.
final class FlatStateTests: XCTestCase {

    /// Every state reachable within `depth` actions of `preset`'s domain, on the correct model
    /// and on every fault (faults make the broken states the invariants must read).
    private func reachable(_ preset: Preset, depth: Int, visit: (State, Action, State) -> Void) {
        reachable(preset, depth: depth) { _, before, action, after in visit(before, action, after) }
    }

    /// The same, with the model (and so the fault) of each step.
    private func reachable(_ preset: Preset, depth: Int, visit: (Model, State, Action, State) -> Void) {
        for fault in [nil] + Fault.allCases.map(Optional.some) {
            let model = Model(configuration: preset.configuration, fault: fault)
            var frontier = [model.initialState()]
            var actions: [Action] = []
            for _ in 0..<depth {
                var next: [State] = []
                for state in frontier {
                    actions.removeAll()
                    preset.domain.actions(in: state, into: &actions)
                    for action in actions {
                        let after = model.step(state, action).state
                        visit(model, state, action, after)
                        if after != state, preset.bounds.contains(after), next.count < 50 { next.append(after) }
                    }
                }
                frontier = next
            }
        }
    }

    func testEveryStepLeavesTheBufferAsPackingItsCoordinatorsWould() {
        var checked = 0
        for preset in [Preset.small, .smallTab] {
            reachable(preset, depth: 3) { before, action, after in
                XCTAssertEqual(after.words, State.pack(after.coordinators), "\(action) on\n\(before)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 5_000)
    }

    /// `start` writes its change in one pass (`State.startChild`); the result must be what the
    /// general mechanisms give: a created coordinator, a child, a hosting entry appended.
    func testStartInOnePassEqualsCreatingThenAppending() {
        // The first 400 distinct states met, in a fixed order: tabs, stacks and modals.
        var seen = Set<State>(), states: [State] = []
        reachable(.smallTab, depth: 2) { _, _, after in
            if states.count < 400, seen.insert(after).inserted { states.append(after) }
        }
        var checked = 0
        for configuration in [Preset.small.configuration, Configuration(routeCount: 2, pageCount: 3, initialPages: [P(2), P(0), P(1)])] {
            let model = Model(configuration: configuration)
            for state in states {
                for i in state.positions {
                    for kind in Kind.allCases {
                        for style in [Style.push, .sheet, .fullScreen] {
                            var fast = state
                            XCTAssertTrue(withUnsafePointer(to: configuration) { fast.startChild(at: i, kind: kind, route: R(1), modal: style == .push ? nil : style, $0) })
                            var general = state, events: [Completion] = []
                            let d = Effects.on(&general, &events, model.configuration, fault: model.fault) { $0.create(kind: kind, parent: state.id(at: i), route: R(1)) }
                            if style == .push { general.append(i, stack: .child(d)) } else { general.append(i, modal: Modal(style, .child(d))) }
                            XCTAssertEqual(fast, general, "start \(kind) \(style) from \(state.id(at: i)) in\n\(state)")
                            XCTAssertEqual(fast.words, State.pack(fast.coordinators))
                            checked += 1
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 1_000)
        // New ids that would not follow every live id: nothing changes, the general path runs.
        var state = State(coordinators: [nav(0, children: [3], stack: [scr(0), kid(3)]), nav(3, parent: 0, stack: [scr(0)])], root: C(0), nextID: 2)
        let before = state
        XCTAssertFalse(withUnsafePointer(to: Configuration()) { state.startChild(at: 0, kind: .navigation, route: R(0), modal: nil, $0) })
        XCTAssertEqual(state, before)
        XCTAssertEqual(step(before, "start c0 navigation push r1").state[C(2)]?.parent, C(0))
    }

    /// Exploration steps each action into the storage of the step before
    /// (`Model.step(_:_:into:)`): every result must equal a step of its own, whatever the
    /// storage held and however much room it had, and a copy kept of an earlier result must not
    /// change when the storage is written again.
    func testSteppingIntoTheStepBeforeEqualsSteppingAfresh() {
        var checked = 0, reused = 0
        for preset in [Preset.small, .smallTab] {
            var spare: Step?
            var kept: (copy: Step, expected: Step)?
            reachable(preset, depth: 3) { model, before, action, _ in
                let fresh = model.step(before, action)
                if spare == nil { spare = fresh }
                let capacity = spare!.state.words.capacity
                model.step(before, action, into: &spare!)
                XCTAssertEqual(spare, fresh, "\(action) on\n\(before)")
                XCTAssertEqual(spare!.state.words, State.pack(spare!.state.coordinators), "\(action) on\n\(before)")
                if let k = kept { XCTAssertEqual(k.copy, k.expected, "a kept result changed when the next step was written") }
                // Every third result is kept, so that the next step finds its storage shared.
                kept = checked % 3 == 0 ? (spare!, fresh) : nil
                if spare!.state.words.capacity == capacity { reused += 1 }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 5_000)
        XCTAssertGreaterThan(reused, checked / 2, "most steps were written into the storage they found")
    }

    func testTheDecoderWritesTheBufferPackingWould() {
        reachable(.smallTab, depth: 2) { _, action, after in
            guard let decoded = State(canonicalEncoding: after.canonicalEncoding()) else {
                return XCTFail("\(action): the encoding does not decode")
            }
            XCTAssertEqual(decoded.words, State.pack(decoded.coordinators), "\(action)")
            XCTAssertTrue(decoded.isSameState(as: after), "\(action)")
        }
    }

    func testSubtreeMembershipAgreesWithTheSubtree() {
        reachable(.small, depth: 2) { _, _, s in
            for i in s.positions {
                let top = s.id(at: i), below = s.subtree(of: top)
                for j in s.positions {
                    XCTAssertEqual(s.isInSubtree(s.id(at: j), of: top), below.contains(s.id(at: j)), "\(s)")
                }
            }
        }
    }

    func testCoordinatorsComeBackAsGiven() {
        let cs = [
            nav(0, children: [1, 4], stack: [scr(0), kid(1)], modals: [modal(.sheet, kid(4)), modal(.fullScreen, scr(1))]),
            tab(1, parent: 0, pages: [(1, 2), (0, 3)], current: 0, badges: [(0, 7), (1, -3)]),
            nav(2, parent: 1, stack: [scr(1)]),
            nav(3, parent: 1, initial: 1, stack: [scr(1), scr(0)]),
            redir(4, parent: 0, stack: [scr(1)]),
        ]
        let state = State(coordinators: cs.reversed(), root: C(0))
        XCTAssertEqual(state.coordinators, cs)
        XCTAssertEqual(state.nextID, 5)
        XCTAssertEqual(state[C(3)], cs[3])
        XCTAssertNil(state[C(5)])
        // Changing one list through `coordinators` changes that list only.
        var changed = state
        changed.coordinators[2].stack.append(scr(0))
        XCTAssertEqual(changed.coordinators[2].stack, [scr(1), scr(0)])
        XCTAssertEqual(changed.coordinators.enumerated().filter { $0.offset != 2 }.map(\.element),
                       cs.enumerated().filter { $0.offset != 2 }.map(\.element))
        XCTAssertNotEqual(changed, state)
    }

    func testTheDecoderRefusesIdsOutOfOrder() {
        let state = State(coordinators: [nav(0, children: [1], stack: [scr(0), kid(1)]), nav(1, parent: 0, stack: [scr(0)])], root: C(0))
        var bytes = state.canonicalEncoding()
        XCTAssertNotNil(State(canonicalEncoding: bytes))
        // Byte 2 is the first record's id (after the count and the root): make it 1, as the second's.
        XCTAssertEqual(bytes[2], 0)
        bytes[2] = 1
        XCTAssertNil(State(canonicalEncoding: bytes))
    }

    func testInitialPagesSurvivePackingWhateverTheirNumber() {
        for pages in [[P(1), P(0)], (0..<8).reversed().map(P), (0..<12).map(P)] {
            let c = Configuration(routeCount: 2, pageCount: 12, initialPages: pages)
            XCTAssertEqual(c.initialPages, pages)
            XCTAssertEqual(c.initialPageCount, pages.count)
            XCTAssertEqual((0..<c.initialPageCount).map(c.initialPage), pages)
            XCTAssertEqual(c, Configuration(routeCount: 2, pageCount: 12, initialPages: pages))
            XCTAssertNotEqual(c, Configuration(routeCount: 2, pageCount: 12, initialPages: pages.reversed()))
        }
    }

    /// States a driver may report: empty, with a repeated id, with negative or dangling ids.
    /// Every invariant, the encoder and `descend` read them without stopping, and the
    /// invariants say what is wrong.
    func testBrokenStatesAreReadWithoutStopping() {
        let broken: [(State, String)] = [
            (State(coordinators: [], root: C(0)), "tree-consistent"),
            (State(coordinators: [nav(0, children: [1], stack: [scr(0), kid(1)]), nav(1, parent: 0, stack: [scr(0)]),
                                  nav(1, parent: 0, stack: [scr(1)])], root: C(0)), "no-orphan-children"),
            (State(coordinators: [nav(-3, stack: [scr(0), kid(7)], modals: [modal(.sheet, kid(-9))])], root: C(-3)), "no-orphan-children"),
        ]
        for (state, expected) in broken {
            var failed: [String] = []
            Invariant.checkAll(state) { failed.append(Invariant.all[$0].name); _ = $1 }
            XCTAssertTrue(failed.contains(expected), "\(failed) on\n\(state)")
            let step = Transition(before: state, action: .restartApp, step: Step(outcome: .refused(.invalid), state: state, events: []),
                                  configuration: Configuration())
            Invariant.checkAll(step) { XCTFail("\(Invariant.all[$0].name): \($1)") }
            XCTAssertFalse(state.canonicalEncoding().isEmpty)
            XCTAssertEqual(state.count, state.coordinators.count)
            _ = state.descend()
        }
    }

    /// The encoder writes into memory sized by `State.canonicalBound`: the largest values a
    /// state can hold (extreme ids, dangling ids, extreme badge values, long lists) stay inside.
    func testTheEncodingStaysWithinItsBound() {
        let big = Int(Int32.max), small = Int(Int32.min)
        let longStack = [scr(255)] + (0..<40).map { _ in kid(small) }
        let states = [
            State(coordinators: [nav(big, children: [small, small, big - 1], initial: 255, stack: longStack,
                                     modals: (0..<20).map { _ in modal(.fullScreen, kid(big - 7)) })], root: C(small)),
            State(coordinators: [tab(small, parent: big, children: [big, small, 5], pages: [(255, big), (0, small)], current: 255,
                                     badges: [(255, Int.min), (0, Int.max)], modals: [modal(.sheet, kid(small + 1))]),
                                 nav(0, parent: small, stack: [scr(0), kid(small)])], root: C(big)),
            State(coordinators: (0..<30).map { nav($0, parent: $0 == 0 ? nil : $0 - 1, children: [$0 + 1], stack: [scr(0), kid($0 + 1)]) },
                  root: C(0)),
        ]
        for state in states {
            XCTAssertLessThanOrEqual(state.canonicalEncoding().count, State.canonicalBound(state), "\(state)")
        }
    }
}
