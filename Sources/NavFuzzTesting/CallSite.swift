/// A call of a helper in the user's test: the child process run for it finds it by this.
struct CallSite: Hashable, Sendable, CustomStringConvertible {
    var file: String
    var line: Int
    var description: String { "\(file):\(line)" }
}
