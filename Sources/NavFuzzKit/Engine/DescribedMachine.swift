/// Text: states and actions for people, actions parsed back from corpus files.
@_spi(Engine) public protocol DescribedMachine: StateMachine {
    func describe(_ state: State) -> String
    func describe(_ action: Action) -> String
    /// Parses the text form `describe(_:)` prints; the error names the column.
    func parseAction(_ text: String) throws(ActionParseError) -> Action
    /// Readable events a step emitted (shown in traces). Default: none.
    func events(of step: Step) -> [String]
}
extension DescribedMachine {
    @_spi(Engine) public func events(of step: Step) -> [String] { [] }
}
