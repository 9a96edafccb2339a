/// Where a coordinator is hosted in its parent.
public enum Hosting: Hashable, Sendable {
    case stack(index: Int)
    case modal(index: Int)
    case page(Page)
}
