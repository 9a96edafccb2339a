@_spi(Engine) import CoordinatorModel
import Testing

/// Every action the exploration and fuzzing domains enumerate prints and parses back to
/// itself, from states a few steps deep (Swift Testing, alongside the XCTest suites).
@Suite struct DomainTextRoundTripTests {
    @Test(arguments: [Preset.small, Preset.smallTab, Preset.ci])
    func everyEnumeratedActionRoundTrips(preset: Preset) throws {
        var domain = preset.domain
        domain.includeNoneAndMultiple = true
        let model = Model(configuration: preset.configuration)
        var state = model.initialState()
        var checked = 0
        for round in 0..<4 {
            var actions: [Action] = []
            domain.actions(in: state, into: &actions)
            for action in actions {
                #expect(try Action(parsing: action.description) == action)
                checked += 1
            }
            // Move on through the first action that applies and adds a coordinator or an entry.
            if let next = actions.lazy.map({ model.step(state, $0) }).first(where: { !$0.outcome.isRefused && $0.state != state }) {
                state = next.state
            } else {
                Issue.record("no action applies in round \(round)")
            }
        }
        #expect(checked > 1000)
    }
}
