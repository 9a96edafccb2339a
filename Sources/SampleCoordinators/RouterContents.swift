/// A router's contents with the rules of every command. `apply` returns the entries it removed
/// (their coordinators must then end) and changes nothing when it throws.
struct RouterContents {
    var stack: [RouterEntry] = []
    var presented: [Presentation] = []

    mutating func apply(_ command: RouterCommand, kind: CoordinatorKind, mutant: Mutant?) throws(NavigationError) -> [RouterEntry] {
        switch command {
        case .push(let s):
            guard kind == .navigation else { throw .unsupported }
            stack.append(.screen(s))
            return []
        case .pop:
            guard kind == .navigation else { throw .unsupported }
            let floor = mutant == .popRemovesRoot ? 1 : 2
            guard stack.count >= floor else { throw .atRoot }
            return [stack.removeLast()]
        case .popToRoot:
            guard kind == .navigation else { throw .unsupported }
            return removeStack(from: mutant == .popToRootStopsAtSecond && stack.count >= 3 ? 2 : 1)
        case .popTo(let s):
            guard kind == .navigation else { throw .unsupported }
            guard let i = stack.lastIndex(where: { if case .screen(let x) = $0 { x == s } else { false } }) else { throw .notFound }
            return removeStack(from: i + 1)
        case .setRoot(let s):
            guard kind != .tab else { throw .unsupported }
            let removed = removeStack(from: 0)
            stack = [.screen(s)]
            return removed
        case .replaceRoot(let s):
            guard kind != .tab else { throw .unsupported }
            guard !stack.isEmpty else { stack = [.screen(s)]; return [] }
            let old = stack[0]
            stack[0] = .screen(s)
            return [old]
        case .present(let s, let style):
            guard style != .push else { throw .unsupported }
            presented.append(Presentation(style: style, content: .screen(s)))
            return []
        case .dismiss:
            guard !presented.isEmpty else { throw .nothingPresented }
            let levels = mutant == .dismissWrongLevel && presented.count >= 2 ? 2 : 1
            return removePresented(from: presented.count - levels)
        case .dismissAll:
            return removePresented(from: mutant == .dismissAllKeepsFirst && presented.count >= 2 ? 1 : 0)
        case .close:
            if !presented.isEmpty { return try apply(.dismiss, kind: kind, mutant: mutant) }
            guard kind == .navigation, stack.count >= 2 else { throw .nothingToClose }
            return [stack.removeLast()]
        case .set(let s):
            if let top = presented.indices.last {
                let old = presented[top].content
                presented[top].content = .screen(s)
                return [old]
            }
            guard kind != .tab, let top = stack.indices.last else { throw .unsupported }
            let old = stack[top]
            stack[top] = .screen(s)
            return [old]
        case .none:
            return []
        }
    }

    /// Removes stack entries from `index` up, topmost first.
    mutating func removeStack(from index: Int) -> [RouterEntry] {
        guard index < stack.count else { return [] }
        let removed = Array(stack[index...].reversed())
        stack.removeSubrange(index...)
        return removed
    }

    /// Removes presented modals from `index` up, topmost first.
    mutating func removePresented(from index: Int) -> [RouterEntry] {
        guard index < presented.count else { return [] }
        let removed = presented[index...].reversed().map(\.content)
        presented.removeSubrange(index...)
        return removed
    }
}
