/// A table by id for ids below `count`: positions while the walk numbers the coordinators
/// (`position(of:in:)` looks other ids up), canonical numbers once it has.
struct IDLookup {
    let table: UnsafeMutablePointer<Int32>
    let count: Int
    @inline(__always) func position(of id: CoordinatorID, in s: State) -> Int? {
        let x = Int(id.index)
        guard x >= 0 && x < count else { return s.index(of: id) }
        return table[x] >= 0 ? Int(table[x]) : nil
    }
}
