import Dispatch
import Foundation

/// How often each action kind applied or was refused (by reason), and how often each property
/// was checked and in how many walks it failed.
@_spi(Engine) public struct FuzzCoverage: Sendable, Hashable {
    @_spi(Engine) public struct Refusal: Sendable, Hashable {
        @_spi(Engine) public var reason: String
        @_spi(Engine) public var count: Int
    }
    @_spi(Engine) public struct KindCount: Sendable, Hashable {
        @_spi(Engine) public var kind: String
        @_spi(Engine) public var weight: Int
        @_spi(Engine) public var applied: Int
        /// By reason, sorted by reason.
        @_spi(Engine) public var refused: [Refusal]
        @_spi(Engine) public var refusedTotal: Int { refused.reduce(0) { $0 + $1.count } }
    }
    @_spi(Engine) public struct PropertyCount: Sendable, Hashable {
        @_spi(Engine) public var property: String
        @_spi(Engine) public var kind: PropertyKind
        /// State and `sometimes` properties: the initial state of each walk and every applied
        /// step; transition properties: every step, refused ones included.
        @_spi(Engine) public var checks: Int
        /// Walks that ended on a violation of this property; 0 when it never failed.
        @_spi(Engine) public var failedWalks: Int
        /// For a `sometimes` property: whether a walk reached it.
        @_spi(Engine) public var reached: Bool
    }
    @_spi(Engine) public var kinds: [KindCount]
    @_spi(Engine) public var properties: [PropertyCount]
}
