/// `completed(coordinator, result)`: emitted once for every coordinator a step ends.
public struct Completion: Hashable, Sendable, CustomStringConvertible {
    /// The coordinator that ended.
    public var coordinator: CoordinatorID
    /// How its flow ended.
    public var result: FlowResult
    /// The event `completed(coordinator, result)`.
    public init(_ coordinator: CoordinatorID, _ result: FlowResult) {
        self.coordinator = coordinator; self.result = result
    }
    /// `completed(c<n>, result)`, as in the text form.
    public var description: String { "completed(\(coordinator), \(result))" }
}
