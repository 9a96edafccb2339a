@_spi(Engine) import CoordinatorModel

/// Numbers for an adapter's coordinator objects: the first time an object is seen it takes the
/// next number, and keeps it while it lives. Objects are held weakly, so an id never keeps a
/// coordinator alive and `no-leak` sees what the library itself keeps.
///
/// Ids are the implementation's own (docs/VERIFY.md §2): the runner maps them to the model's
/// through the canonical form, so first-seen order is as good as creation order.
public struct CoordinatorIDs {
    private final class Box { weak var object: AnyObject?; init(_ o: AnyObject) { object = o } }
    private var ids: [ObjectIdentifier: Int] = [:]
    private var objects: [Int: Box] = [:]
    private var next = 0

    /// No objects numbered yet.
    public init() {}

    /// The id of `object`, given it now when it has none.
    public mutating func id(of object: AnyObject) -> Int {
        // An identifier can be reused once its object is gone: only a live match counts.
        if let known = ids[ObjectIdentifier(object)], objects[known]?.object === object { return known }
        defer { next += 1 }
        ids[ObjectIdentifier(object)] = next
        objects[next] = Box(object)
        return next
    }

    /// The model's id for `object`.
    public mutating func coordinatorID(of object: AnyObject) -> CoordinatorID { CoordinatorID(id(of: object)) }

    /// The object numbered `id`, while it lives.
    public func object(_ id: Int) -> AnyObject? { objects[id]?.object }

    /// The object the model's `id` names, as `T`, while it lives.
    public func object<T: AnyObject>(_ id: CoordinatorID, as: T.Type = T.self) -> T? { object(Int(id.index)) as? T }

    /// Forgets every object (on reset): numbering starts again at 0.
    public mutating func removeAll() {
        ids = [:]; objects = [:]; next = 0
    }
}

extension CoordinatorIDs {
    /// Every object reachable from `root` through `next`, each once, `root` first: an object
    /// library's live coordinators, walked through what shows them and through `children`.
    /// Its own stack, so any depth is fine.
    public static func reachable<T: AnyObject>(from root: T, through next: (T) -> [T]) -> [T] {
        var out: [T] = []
        var seen: Set<ObjectIdentifier> = []
        var pending = [root]
        while let c = pending.popLast() {
            guard seen.insert(ObjectIdentifier(c)).inserted else { continue }
            out.append(c)
            pending += next(c)
        }
        return out
    }
}

extension Completion {
    /// The events of a step that ended the coordinators live `before` and not `after`: those in
    /// `finished` finished, every other one cancelled (docs/SEMANTICS.md §4.1).
    public static func ended(before: Set<Int>, after: Set<Int>, finished: Set<Int> = []) -> [Completion] {
        before.subtracting(after).sorted().map { Completion(CoordinatorID($0), finished.contains($0) ? .finished : .cancelled) }
    }
}
