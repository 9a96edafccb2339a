import Foundation
@_spi(Engine) import NavFuzzKit

/// One `<property name value>` of a suite (e.g. seed, shard, toolchain).
package struct JUnitProperty: Sendable, Equatable, Hashable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
