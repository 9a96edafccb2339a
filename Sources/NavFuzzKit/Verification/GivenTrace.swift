@_spi(Engine) import CoordinatorModel

/// A trace to replay against the implementation, with the configuration it runs under.
public struct GivenTrace: Sendable {
    /// How reports name it (a corpus file's path, say).
    public var name: String
    /// The configuration the trace runs under.
    public var configuration: Configuration
    /// The actions, in the model's ids.
    public var actions: [Action]
    /// Overlapping calls after the actions, run in the order of their steps (docs/VERIFY.md
    /// §2.4), on a system that hands over suspension points.
    public var interleaving: Interleaving?

    /// A trace named `name`.
    public init(name: String, configuration: Configuration = Configuration(), actions: [Action], interleaving: Interleaving? = nil) {
        self.name = name; self.configuration = configuration; self.actions = actions; self.interleaving = interleaving
    }
}

extension CorpusEntry where M == CoordinatorMachine {
    /// The trace to replay against an implementation, its overlapping calls included.
    @_spi(Engine) public var givenTrace: GivenTrace {
        let configuration = machine.model.configuration
        guard let overlap, overlapCalls >= 2, actions.count >= overlapCalls else {
            return GivenTrace(name: path, configuration: configuration, actions: actions)
        }
        return GivenTrace(name: path, configuration: configuration, actions: Array(actions.dropLast(overlapCalls)),
                          interleaving: Interleaving(calls: Array(actions.suffix(overlapCalls)), events: overlap))
    }
}
