@_spi(Engine) import CoordinatorModel

/// `no-leak`: holds every coordinator object of a system weakly, from the step that creates it,
/// and reports the coordinators that ended but whose objects are still alive. Used by the
/// conformance runner in process and by `DriverServer` inside a driver.
package final class LeakTracker {
    private final class Box {
        weak var object: AnyObject?
        init(_ object: AnyObject?) { self.object = object }
    }

    private var boxes: [Int32: Box] = [:]
    /// The objects the last `leaked` found alive, held weakly, for `stillAlive()`.
    private var suspects: [(Int, Box)] = []

    package init() {}
    /// False once the system has shown it hands out no objects: tracking then costs nothing.
    package private(set) var enabled = true

    /// Forgets everything (after a reset the old objects are no business of the new run) and
    /// starts tracking `state`.
    package func reset(_ state: State, system: DrivenSystem) {
        reset(state, objects: system.coordinatorObject)
    }

    /// The same, with each coordinator's object from `objects`.
    package func reset(_ state: State, objects: (Int) -> AnyObject?) {
        enabled = objects(Int(state.root.index)) != nil
        guard enabled else { return boxes.removeAll(keepingCapacity: true) }
        // A restore follows a restore to much the same ids: their boxes are reused.
        if boxes.count > state.count || boxes.keys.contains(where: { state.index(of: CoordinatorID(Int($0))) == nil }) {
            boxes.removeAll(keepingCapacity: true)
        }
        for i in state.positions {
            let id = state.id(at: i).index
            let object = objects(Int(id))
            if let box = boxes[id] { box.object = object } else { boxes[id] = Box(object) }
        }
    }

    /// Starts holding the coordinators of `state` not held yet.
    package func track(_ state: State, system: DrivenSystem) {
        guard enabled else { return }
        for i in state.positions {
            let id = state.id(at: i).index
            if boxes[id] == nil { boxes[id] = Box(system.coordinatorObject(id: Int(id))) }
        }
    }

    /// Coordinators live in `before` and not in `after` whose objects are still alive; they are
    /// forgotten either way. The coordinators new in `after` are tracked from now on.
    package func leaked(before: State, after: State, system: DrivenSystem) -> [Int] {
        leaked(before: before, after: after, objects: system.coordinatorObject)
    }

    /// The same, with each coordinator's object from `objects`.
    package func leaked(before: State, after: State, objects: (Int) -> AnyObject?) -> [Int] {
        suspects.removeAll(keepingCapacity: true)
        guard enabled else { return [] }
        var out: [Int] = []
        // Both lists are sorted by id: one merge finds the ended and the new ones.
        var i = 0, j = 0
        while i < before.count || j < after.count {
            if j == after.count || (i < before.count && before.id(at: i) < after.id(at: j)) {
                let id = before.id(at: i).index
                if let box = boxes.removeValue(forKey: id), box.object != nil {
                    out.append(Int(id))
                    suspects.append((Int(id), box))
                }
                i += 1
            } else if i == before.count || after.id(at: j) < before.id(at: i) {
                let id = after.id(at: j).index
                if boxes[id] == nil { boxes[id] = Box(objects(Int(id))) }
                j += 1
            } else {
                i += 1; j += 1
            }
        }
        return out
    }

    /// Which of the objects the last `leaked` found are alive now: a library's task that ends
    /// just after the call (an animation's continuation) may hold one a moment longer.
    package func stillAlive() -> [Int] {
        suspects.filter { $0.1.object != nil }.map(\.0)
    }
}
