import Foundation
@_spi(Engine) import NavFuzzKit

/// A JUnit XML report: the `<testsuites>` root.
/// Plain values, so a run can build it up and the writer/reader/merger stay free of state.
package struct JUnitReport: Sendable, Equatable {
    package var suites: [JUnitSuite]
    /// Write each case's `file` (and `line="1"`) as attributes. Off by default: the strict
    /// schema has no such attributes.
    package var fileAttributes = false

    package init(suites: [JUnitSuite] = []) {
        self.suites = suites
    }
}
