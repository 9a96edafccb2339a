import Foundation
@_spi(Engine) import NavFuzzKit

/// One `<testcase>`.
package struct JUnitCase: Sendable, Equatable {
    /// What happened to the case; at most one of failure/error/skipped is emitted.
    package enum Outcome: Sendable, Equatable {
        case passed
        /// An assertion failed (the check found a wrong result).
        case failure(message: String, type: String, text: String)
        /// The case could not run properly (crash, timeout, harness problem).
        case error(message: String, type: String, text: String)
        case skipped(message: String)

        package var isFailure: Bool { if case .failure = self { true } else { false } }
        package var isError: Bool { if case .error = self { true } else { false } }
        package var isSkipped: Bool { if case .skipped = self { true } else { false } }
        /// Failure or error: the case did not pass and was not skipped.
        package var isFailed: Bool { isFailure || isError }
    }

    package var classname: String
    package var name: String
    /// Seconds spent in this case.
    package var time: Double
    package var outcome: Outcome
    /// The file to open for this case (a corpus file, a saved failing trace), written as the
    /// `file` and `line` attributes that GitLab and others link. Outside the strict schema, so
    /// written only when a report asks for it (`JUnitReport.fileAttributes`).
    package var file: String?

    package init(classname: String, name: String, time: Double = 0, outcome: Outcome = .passed) {
        self.classname = classname
        self.name = name
        self.time = time
        self.outcome = outcome
    }
}
extension JUnitCase {
    /// A verification's failed case for a `sometimes` property no step reached: a run that never
    /// got there did not test it. Made by the verifying run, or by `merge` from its shards.
    package static func neverReached(suite: String, property: String) -> JUnitCase {
        let message = "\(property): never reached, so the run did not test it"
        return JUnitCase(classname: suite, name: property, time: 0, outcome: .failure(message: message, type: "sometimes", text: message))
    }
}
