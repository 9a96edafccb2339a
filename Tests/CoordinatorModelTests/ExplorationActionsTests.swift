import XCTest
@_spi(Engine) @testable import CoordinatorModel

/// Exploration steps `Domain.actions(in:notRefusedUpFrontBy:into:)`: the domain's actions without
/// those `Model.step` refuses up front, which it counts as refused unstepped. That is sound only
/// when the list is exactly the domain's actions that the up-front check passes, in order, and
/// when no invariant can fail on one of the actions it leaves out.
final class ExplorationActionsTests: XCTestCase {

    /// Up to `cap` distinct states of each breadth-first level within `depth` steps, under every
    /// fault as well (faults reach states the correct model never does).
    private func states(_ preset: Preset, depth: Int, cap: Int = 60) -> [(Model, State)] {
        var out: [(Model, State)] = []
        for fault in [nil] + Fault.allCases.map(Optional.some) {
            let model = Model(configuration: preset.configuration, fault: fault)
            var frontier = [model.initialState()], seen = Set(frontier)
            var actions: [Action] = []
            for _ in 0...depth {
                out += frontier.map { (model, $0) }
                var next: [State] = []
                for state in frontier {
                    actions.removeAll()
                    preset.domain.actions(in: state, into: &actions)
                    for a in actions {
                        let after = model.step(state, a).state
                        if next.count < cap, preset.bounds.contains(after), seen.insert(after).inserted { next.append(after) }
                    }
                }
                frontier = next
            }
        }
        return out
    }

    private func check(_ domain: Domain, on pairs: [(Model, State)], file: StaticString = #filePath, line: UInt = #line) -> Int {
        var leftOut = 0
        for (model, state) in pairs {
            var all: [Action] = [], kept: [Action] = []
            domain.actions(in: state, into: &all)
            let left = domain.actions(in: state, notRefusedUpFrontBy: model, into: &kept)
            let expected = all.filter { Effects.refusalUpFront($0, in: state, model.configuration) == nil }
            XCTAssertEqual(kept, expected, "in\n\(state)", file: file, line: line)
            XCTAssertEqual(left, all.count - kept.count, "in\n\(state)", file: file, line: line)
            leftOut += left
        }
        return leftOut
    }

    func testTheKindRulesKeepExactlyWhatTheUpFrontCheckPasses() {
        var leftOut = 0
        for preset in [Preset.small, .smallTab, .ci] {
            leftOut += check(preset.domain, on: states(preset, depth: 3, cap: 25))
        }
        XCTAssertGreaterThan(leftOut, 10_000)
    }

    /// A domain the kind rules cannot serve is filtered action by action, to the same effect.
    func testDomainsOutsideTheAlphabetsOrWithMultipleAreFilteredOneByOne() {
        let pairs = states(.smallTab, depth: 2, cap: 8)
        var outside = Preset.smallTab.domain
        outside.routes.append(Route(7))
        outside.pageLists.append([Page(1), Page(1)])
        XCTAssertFalse(outside.fits(Preset.smallTab.configuration))
        XCTAssertGreaterThan(check(outside, on: pairs), 0)
        var multiple = Preset.smallTab.domain
        multiple.includeNoneAndMultiple = true
        XCTAssertGreaterThan(check(multiple, on: pairs), 0)
        // Styles the up-front check refuses are left out by the kind rules too.
        var styles = Preset.small.domain
        styles.presentStyles = [.push, .sheet]
        styles.forceStyles = [.push, .fullScreen]
        XCTAssertTrue(styles.fits(Preset.small.configuration))
        XCTAssertGreaterThan(check(styles, on: states(.small, depth: 2, cap: 8)), 0)
    }

    /// What exploration leaves unstepped: each is refused with the state as it was and no
    /// events, and no invariant fails on it, under every fault.
    func testNoInvariantCanFailOnAnActionLeftOut() {
        var checked = 0
        for preset in [Preset.small, .smallTab] {
            for (model, state) in states(preset, depth: 2, cap: 20) {
                var all: [Action] = []
                preset.domain.actions(in: state, into: &all)
                for a in all where Effects.refusalUpFront(a, in: state, model.configuration) != nil {
                    let step = model.step(state, a)
                    XCTAssertTrue(step.outcome.isRefused, "\(a)")
                    XCTAssertEqual(step.state, state, "\(a)")
                    XCTAssertTrue(step.events.isEmpty, "\(a)")
                    Invariant.checkAll(state, a, step, model.configuration) { k, reason in
                        XCTFail("\(Invariant.all[k].name) failed on \(a), left out: \(reason)")
                    }
                    // The state invariants look at the state after, which is the state before:
                    // exploration checks them on it once, as a state.
                    for invariant in Invariant.transitionInvariants {
                        XCTAssertNil(invariant.violation(before: state, action: a, step: step, configuration: model.configuration))
                    }
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 5_000)
    }
}
