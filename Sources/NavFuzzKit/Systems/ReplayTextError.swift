@_spi(Engine) import CoordinatorModel
import Foundation

/// Why a replay text of overlapping calls cannot be read.
package struct ReplayTextError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
