@_spi(Engine) import CoordinatorModel

/// A readable difference of two states, the way swift-custom-dump shows two values: both trees
/// with ids renumbered in canonical order (so that the implementation's own numbering does not
/// show up as a difference), and the lines only one side has, marked `-` (model) and `+`
/// (implementation).
enum TreeDifference {
    /// One line for a failure's reason: the first tree line where the two sides part.
    static func firstDifference(model: State, implementation: State) -> String {
        let ops = diff(lines(model), lines(implementation))
        var removed: String?, added: String?
        for op in ops {
            switch op {
            case .same:
                if removed != nil || added != nil { return describe(removed, added) }
            case .model(let l):
                if removed == nil { removed = l }
            case .implementation(let l):
                if added == nil { added = l }
            }
        }
        if removed == nil && added == nil, let hidden = hiddenDifferences(model: model, implementation: implementation).first {
            return "the state differs (canonical ids): \(hidden)"
        }
        return describe(removed, added)
    }

    /// Differences the tree form does not print: `children` lists and `parent` links.
    static func hiddenDifferences(model: State, implementation: State) -> [String] {
        let a = model.canonicalized(), b = implementation.canonicalized()
        var out: [String] = []
        func list(_ ids: [CoordinatorID]) -> String { "[\(ids.map(\.description).joined(separator: ", "))]" }
        for (x, y) in zip(a.coordinators, b.coordinators) where x.id == y.id {
            if x.children.sorted() != y.children.sorted() {
                out.append("\(x.id) lists children \(list(x.children.sorted())) in the model, \(list(y.children.sorted())) in the implementation")
            }
            if x.parent != y.parent {
                out.append("\(x.id) has parent \(x.parent.map(\.description) ?? "none") in the model, \(y.parent.map(\.description) ?? "none") in the implementation")
            }
        }
        return out
    }

    private static func describe(_ removed: String?, _ added: String?) -> String {
        switch (removed, added) {
        case let (r?, a?): return "the state differs (canonical ids): the model has '\(r)', the implementation '\(a)'"
        case let (r?, nil): return "the state differs (canonical ids): the implementation lacks '\(r)'"
        case let (nil, a?): return "the state differs (canonical ids): the implementation also has '\(a)'"
        default: return "the state differs in a way the tree form does not show (for example the order of children)"
        }
    }

    /// Every line of both canonical trees, marked `  ` (both), `- ` (model only), `+ `
    /// (implementation only), and `! ` lines for differences the tree form does not show.
    static func render(model: State, implementation: State) -> String {
        let ops = diff(lines(model), lines(implementation))
        var out = ops.map { op in
            switch op {
            case .same(let l): "  \(l)"
            case .model(let l): "- \(l)"
            case .implementation(let l): "+ \(l)"
            }
        }
        if ops.allSatisfy({ if case .same = $0 { true } else { false } }) {
            out += hiddenDifferences(model: model, implementation: implementation).map { "! \($0)" }
        }
        return out.joined(separator: "\n")
    }

    enum Op: Equatable { case same(String), model(String), implementation(String) }

    static func lines(_ state: State) -> [String] {
        state.canonicalized().description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A longest-common-subsequence line diff; trees are a few dozen lines at most.
    static func diff(_ a: [String], _ b: [String]) -> [Op] {
        let n = a.count, m = b.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var ops: [Op] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                ops.append(.same(a[i])); i += 1; j += 1
            } else if j < m, i == n || table[i][j + 1] > table[i + 1][j] {
                ops.append(.implementation(b[j])); j += 1
            } else {
                ops.append(.model(a[i])); i += 1
            }
        }
        return ops
    }
}
