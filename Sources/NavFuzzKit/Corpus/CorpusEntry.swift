import CoordinatorModel  // `printedNumber`: one rule for the numbers of the corpus grammar
import Foundation

/// A corpus file bound to its machine, ready to replay.
@_spi(Engine) public struct CorpusEntry<M: DescribedMachine> {
    @_spi(Engine) public var path: String
    @_spi(Engine) public var file: CorpusFile
    @_spi(Engine) public var machine: M
    @_spi(Engine) public var initial: M.State
    /// With overlapping calls, the last `overlapCalls` actions: the events of their steps.
    @_spi(Engine) public var actions: [M.Action]
    @_spi(Engine) public var overlap: [Interleaving.Event]?
    @_spi(Engine) public var overlapCalls = 0
    @_spi(Engine) public var expectation: CorpusExpectation { file.expectation }
}
