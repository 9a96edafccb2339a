@_spi(Engine) import CoordinatorModel

/// One broken check at one step.
struct Finding: Hashable, Sendable {
    var check: Check
    var reason: String
    init(_ check: Check, _ reason: String) { self.check = check; self.reason = reason }
}
