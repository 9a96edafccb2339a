import Foundation

/// A property that failed at a step of a replayed trace (step 0 is the initial state).
@_spi(Engine) public struct TraceViolation: Sendable, Hashable {
    @_spi(Engine) public var property: String
    @_spi(Engine) public var kind: PropertyKind
    @_spi(Engine) public var reason: String
    @_spi(Engine) public var step: Int
}
