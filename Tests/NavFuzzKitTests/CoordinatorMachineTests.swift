@_spi(Engine) import CoordinatorModel
import XCTest
@_spi(Engine) @testable import NavFuzzKit

/// The coordinator machine checks its invariants directly, not through the properties'
/// closures; both must report the same property indices and reasons.
final class CoordinatorMachineTests: XCTestCase {
    /// Every failure the properties' closures report on the states and steps of `machine`
    /// within `depth` actions, against those the machine's direct checks report.
    private func compareChecks(_ machine: CoordinatorMachine, depth: Int) -> (failures: (state: Int, transition: Int), compared: Int) {
        let checks = PropertyChecks(machine.properties)
        var frontier = machine.initialStates()
        var failures = (state: 0, transition: 0), compared = 0
        var actions: [Action] = []
        for _ in 0..<depth {
            var next: [CoordinatorModel.State] = []
            for state in frontier {
                var direct: [String] = [], closures: [String] = []
                machine.checkState(state, checks) { direct.append("\($0): \($1)") }
                for (p, f) in checks.state { if let r = f(state) { closures.append("\(p): \(r)") } }
                XCTAssertEqual(direct, closures, "state checks on\n\(state)")
                failures.state += closures.count
                actions.removeAll()
                machine.actions(in: state, into: &actions)
                for action in actions {
                    let step = machine.step(state, action)
                    direct = []; closures = []
                    machine.checkTransition(state, action, step, checks) { direct.append("\($0): \($1)") }
                    for (p, f) in checks.transition { if let r = f(state, action, step) { closures.append("\(p): \(r)") } }
                    XCTAssertEqual(direct, closures, "transition checks of '\(action)' on\n\(state)")
                    failures.transition += closures.count
                    compared += 1
                    if let s = machine.successor(of: step), machine.isWithinBounds(s), next.count < 300 { next.append(s) }
                }
            }
            frontier = next
        }
        return (failures, compared)
    }

    func testDirectChecksReportWhatThePropertiesReportOnEveryFault() {
        var failures = (state: 0, transition: 0)
        for fault in Fault.allCases {
            let preset: Preset = fault.rawValue.hasPrefix("tab") || fault == .duplicatePageChild ? .smallTab : .small
            let result = compareChecks(CoordinatorMachine(preset: preset, fault: fault), depth: 3)
            XCTAssertGreaterThan(result.compared, 100, "\(fault)")
            failures.state += result.failures.state
            failures.transition += result.failures.transition
        }
        // Both kinds must have failed somewhere, or a wrong index would go unseen.
        XCTAssertGreaterThan(failures.state, 0)
        XCTAssertGreaterThan(failures.transition, 0)
    }

    func testDirectChecksHoldWhereThePropertiesHoldOnTheCorrectModel() {
        for preset in [Preset.small, .smallTab] {
            let result = compareChecks(CoordinatorMachine(preset: preset), depth: 3)
            XCTAssertEqual(result.failures.state + result.failures.transition, 0, preset.name)
        }
    }
}
