@_spi(Engine) import CoordinatorModel

/// How the model's ids and an implementation's pair up where the two are in the same state:
/// coordinators at equal canonical positions are the same coordinator. An implementation may
/// number its coordinators as it likes (docs/VERIFY.md §2); actions are written with the
/// model's ids and translated here before they are sent.
struct IDMap {
    let model: State
    let impl: State
    /// Both sides use the same ids (an implementation that numbers in creation order): the
    /// tables are then not needed.
    let identity: Bool
    /// `implID[p]`: the implementation's id of the model coordinator at position `p` of
    /// `model`; `modelID[q]` the other way round.
    private let implID: [CoordinatorID]
    private let modelID: [CoordinatorID]

    /// The pairing of `model` and `impl`, the same state; `identical` when they have the same ids.
    init(model: State, impl: State, identical: Bool? = nil) {
        self.model = model
        self.impl = impl
        identity = identical ?? model.sameCoordinators(as: impl)
        guard !identity else {
            implID = []; modelID = []
            return
        }
        var implID = [CoordinatorID](repeating: CoordinatorID(-1), count: model.count)
        var modelID = [CoordinatorID](repeating: CoordinatorID(-1), count: impl.count)
        for (m, i) in zip(model.canonicalOrder(), impl.canonicalOrder()) {
            implID[m] = impl.id(at: i)
            modelID[i] = model.id(at: m)
        }
        self.implID = implID
        self.modelID = modelID
    }

    /// The implementation's id for a model id; an id that is not live maps to one that is not
    /// live on the implementation's side either.
    func toImplementation(_ id: CoordinatorID) -> CoordinatorID {
        if identity { return id }
        if let p = model.index(of: id), p < implID.count, implID[p].index >= 0 { return implID[p] }
        let top = impl.count == 0 ? 0 : Int(impl.id(at: impl.count - 1).index)
        return CoordinatorID(top + 1 + Int(id.index))
    }

    /// The model's id for an implementation id; a negative marker for one not live there.
    func modelIDOrMarker(ofImplementation id: CoordinatorID) -> CoordinatorID {
        if identity { return impl.isLive(id) ? id : CoordinatorID(-1 - Int(id.index)) }
        if let q = impl.index(of: id), q < modelID.count, modelID[q].index >= 0 { return modelID[q] }
        return CoordinatorID(-1 - Int(id.index))
    }

    /// An invariant's reason about the implementation's state, its coordinators named as the
    /// trace names them (model ids), so that the report reads the same whatever ids the
    /// implementation gives (docs/VERIFY.md §2): `c3 is a child of c0` becomes `c1 is a child
    /// of c0`. A coordinator the model has no id for keeps `the implementation's cN`.
    func inModelIDs(_ reason: String) -> String {
        if identity { return reason }
        let chars = Array(reason)
        func inWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "'" || c == "_" }
        var out = ""
        var i = 0
        while i < chars.count {
            if chars[i] == "c", i == 0 || !inWord(chars[i - 1]) {
                var j = i + 1
                while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
                if j > i + 1, j == chars.count || !inWord(chars[j]), let n = Int(String(chars[(i + 1)..<j])) {
                    out += modelName(ofImplementation: CoordinatorID(n))
                    i = j
                    continue
                }
            }
            out.append(chars[i])
            i += 1
        }
        return out
    }

    /// How a report names an implementation coordinator: its model id when it has one.
    func modelName(ofImplementation id: CoordinatorID) -> String {
        let m = modelIDOrMarker(ofImplementation: id)
        return m.index >= 0 ? m.description : "the implementation's c\(id.index)"
    }
}
