public struct Presentation {
    public var style: PresentationStyle
    public var content: RouterEntry
}
