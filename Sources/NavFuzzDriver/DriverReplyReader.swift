@_spi(Engine) import CoordinatorModel
import NavFuzzDriverServer
@_spi(Engine) import NavFuzzKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a step reply straight from its bytes into what verification needs — outcome, events,
/// the snapshot as a `State`, leaks — without building a JSON tree or strings: the hot path of
/// every step through a driver. It gives up (nil) on anything it does not expect, such as an
/// escape in a string, a fraction, a wrong type or an `error` field; the general reader then
/// reads the line again and names what is wrong, so the two accept exactly the same replies
/// with the same meaning.
final class DriverReplyReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The reply read, or nil to leave it to the general reader.
    static func step(_ line: ArraySlice<UInt8>) -> SystemStep? {
        line.withUnsafeBufferPointer { buffer in
            let reader = DriverReplyReader(buffer)
            guard let step = reader.stepReply() else { return nil }
            reader.skipSpace()
            return reader.i == buffer.count ? step : nil
        }
    }

    // MARK: - The reply

    private func stepReply() -> SystemStep? {
        var outcome: Word?, reason: Word?, events: [Completion] = [], state: State?, leaked: [Int]?, unchanged = false, top: Int?, selected: Int?
        let ok = object { key in
            switch key {
            case "outcome": outcome = word(); return outcome != nil
            case "reason": reason = word(); return reason != nil
            case "events":
                if null() { return true }
                return array {
                    guard let event = event() else { return false }
                    events.append(event)
                    return true
                }
            case "snapshot":
                if null() { return true }
                state = snapshot()
                return state != nil
            case "leaked":
                if null() { return true }
                var list: [Int] = []
                guard array({ guard let n = int() else { return false }; list.append(n); return true }) else { return false }
                leaked = list
                return true
            case "unchanged":
                guard let b = bool() else { return false }
                unchanged = b
                return true
            case "top":
                if null() { return true }
                top = int()
                return top != nil
            case "selected":
                if null() { return true }
                selected = int()
                return selected != nil
            case "error", "restored": return false
            default: return skipValue()
            }
        }
        guard ok, let outcome else { return nil }
        switch outcome {
        case "applied": return SystemStep(outcome: .applied, events: events, state: state, leaked: leaked, unchanged: unchanged, top: top, selected: selected)
        case "refused":
            guard let reason, let r = reasons.first(where: { reason.is($0.rawValue) }) else { return nil }
            return SystemStep(outcome: .refused(r), events: events, state: state, leaked: leaked, unchanged: unchanged, top: top, selected: selected)
        default: return nil
        }
    }

    /// One completion event: `{"coordinator": ID, "result": "finished" | "cancelled"}`.
    private func event() -> Completion? {
        var id: Int?, result: FlowResult?
        guard object({ key in
            switch key {
            case "coordinator": id = int(); return id != nil
            case "result":
                guard let w = word() else { return false }
                switch w {
                case "finished": result = .finished
                case "cancelled": result = .cancelled
                default: return false
                }
                return true
            default: return skipValue()
            }
        }), let id, id >= 0, id <= Int(Int32.max), let result else { return nil }
        return Completion(CoordinatorID(id), result)
    }

    // MARK: - The snapshot

    private func snapshot() -> State? {
        var root: Int?, coordinators: [Coordinator] = [], listed = false
        guard object({ key in
            switch key {
            case "root": root = int(); return root != nil
            case "coordinators":
                listed = true
                return array {
                    guard let c = coordinator() else { return false }
                    coordinators.append(c)
                    return true
                }
            default: return skipValue()
            }
        }), listed, let root, let rootID = id(root) else { return nil }
        return State(coordinators: coordinators, root: rootID)
    }

    private func coordinator() -> Coordinator? {
        var id: CoordinatorID?, kind: Kind?, parent: CoordinatorID?, children: [CoordinatorID] = [], initial = Route(0)
        var stack: [Entry] = [], modals: [Modal] = [], tab: TabState?, shared = false
        guard object({ key in
            switch key {
            case "id": id = int().flatMap { self.id($0) }; return id != nil
            case "kind":
                guard let w = word() else { return false }
                switch w {
                case "navigation": kind = .navigation
                case "tab": kind = .tab
                case "redirection": kind = .redirection
                default: return false
                }
                return true
            case "parent":
                if null() { return true }
                parent = int().flatMap { self.id($0) }
                return parent != nil
            case "children":
                if null() { return true }
                return array { guard let n = int(), let c = self.id(n) else { return false }; children.append(c); return true }
            case "initialRoute":
                if null() { return true }
                guard let r = indexed(UInt8(ascii: "r")) else { return false }
                initial = Route(r)
                return true
            case "stack":
                if null() { return true }
                return array { guard let e = entry() else { return false }; stack.append(e); return true }
            case "modals":
                if null() { return true }
                return array {
                    var style: Style?, e: Entry?
                    guard object({ key in
                        switch key {
                        case "style":
                            guard let w = word(), let s = styles.first(where: { w.is($0.description) }) else { return false }
                            style = s
                            return true
                        case "entry": e = entry(); return e != nil
                        default: return skipValue()
                        }
                    }), let style, let e else { return false }
                    modals.append(Modal(style, e))
                    return true
                }
            case "tab":
                if null() { return true }
                tab = tabState()
                return tab != nil
            case "sharesRouter":
                if null() || literal("false") { return true }
                shared = literal("true")
                return shared
            default: return skipValue()
            }
        }), let id, let kind else { return nil }
        if children.count > 1 { children.sort() }
        return Coordinator(id: id, kind: kind, parent: parent, children: children, initialRoute: initial,
                           stack: stack, modals: modals, tab: tab, sharesRouter: shared)
    }

    private func tabState() -> TabState? {
        var pages: [Page]?, current: Page?, badges: [TabState.Badge] = [], pcs: [CoordinatorID]?
        guard object({ key in
            switch key {
            case "pages":
                var list: [Page] = []
                guard array({ guard let p = indexed(UInt8(ascii: "p")) else { return false }; list.append(Page(p)); return true }) else { return false }
                pages = list
                return true
            case "current": current = indexed(UInt8(ascii: "p")).map(Page.init); return current != nil
            case "badges":
                if null() { return true }
                return object { key in
                    guard key.bytes.count >= 2, key.bytes.first == UInt8(ascii: "p"), let n = number(key.bytes.dropFirst()), n <= 255,
                          let v = int() else { return false }
                    badges.append(TabState.Badge(page: Page(n), value: v))
                    return true
                }
            case "pageCoordinators":
                var list: [CoordinatorID] = []
                guard array({ guard let n = int(), let c = self.id(n) else { return false }; list.append(c); return true }) else { return false }
                pcs = list
                return true
            default: return skipValue()
            }
        }), let pages, let current, let pcs else { return nil }
        badges.sort { $0.page < $1.page }
        return TabState(pages: pages, current: current, badges: badges, pageCoordinators: pcs)
    }

    private func id(_ n: Int) -> CoordinatorID? { n >= 0 && n <= Int(Int32.max) ? CoordinatorID(n) : nil }

    /// `r<n>` a screen, `c<n>` a child.
    private func entry() -> Entry? {
        let start = i
        if let r = indexed(UInt8(ascii: "r")) { return .screen(Route(r)) }
        i = start
        guard let text = rawString(), text.count >= 2, text.first == UInt8(ascii: "c"),
              let n = number(text.dropFirst()), n <= Int(Int32.max) else { return nil }
        return .child(CoordinatorID(n))
    }

    /// A string `<prefix><n>` with `n` from 0 to 255, as `DriverMessages.index` reads it.
    private func indexed(_ prefix: UInt8) -> Int? {
        guard let text = rawString(), text.count >= 2, text.first == prefix, let n = number(text.dropFirst()), n <= 255 else { return nil }
        return n
    }

    /// Decimal digits without a sign or leading zeros (but `0`), as `Int(_:)` and the
    /// general reader's check accept them.
    private func number(_ digits: UnsafeBufferPointer<UInt8>.SubSequence) -> Int? {
        guard !digits.isEmpty, digits.count <= 10, digits.count == 1 || digits.first != UInt8(ascii: "0") else { return nil }
        var n = 0
        for d in digits {
            guard d >= 48 && d <= 57 else { return nil }
            n = n * 10 + Int(d - 48)
        }
        return n
    }

    // MARK: - JSON

    private func skipSpace() {
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
    }

    private func consume(_ c: UInt8) -> Bool {
        skipSpace()
        guard i < bytes.count, bytes[i] == c else { return false }
        i += 1
        return true
    }

    /// The keys of the objects being read, innermost last, as (start, count) in `bytes`.
    private var keys: [(Int, Int)] = []

    /// `{ "key": value, … }`, each value read by `member`, which returns false to give up.
    /// A key that repeats gives up too: which of two counts is the general reader's to say.
    private func object(_ member: (Word) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        let outer = keys.count
        defer { keys.removeLast(keys.count - outer) }
        repeat {
            skipSpace()
            guard let raw = rawString(), consume(UInt8(ascii: ":")) else { return false }
            for (start, count) in keys[outer...] where count == raw.count && bytes[start ..< start + count].elementsEqual(raw) {
                return false
            }
            keys.append((raw.startIndex, raw.count))
            guard member(Word(raw)) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    private func array(_ element: () -> Bool) -> Bool {
        guard consume(UInt8(ascii: "[")) else { return false }
        if consume(UInt8(ascii: "]")) { return true }
        repeat { guard element() else { return false } } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]"))
    }

    /// The bytes of a string without escapes, without the quotes.
    private func rawString() -> UnsafeBufferPointer<UInt8>.SubSequence? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            if bytes[i] == UInt8(ascii: "\\") || bytes[i] < 32 { return nil }
            i += 1
        }
        guard i < bytes.count else { return nil }
        i += 1
        return bytes[start ..< i - 1]
    }

    private func word() -> Word? { rawString().map(Word.init) }

    /// A whole number of at most 18 digits; a fraction or an exponent is the general reader's
    /// to judge.
    private func int() -> Int? {
        skipSpace()
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let start = i
        var n = 0
        while i < bytes.count, bytes[i] >= 48 && bytes[i] <= 57 {
            n = n * 10 + Int(bytes[i] - 48)
            i += 1
        }
        guard i > start, i - start <= 18, i - start == 1 || bytes[start] != 48 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") { return nil }
        return negative ? -n : n
    }

    private func literal(_ word: StaticString) -> Bool {
        skipSpace()
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        let ok = word.withUTF8Buffer { w in (0 ..< n).allSatisfy { bytes[i + $0] == w[$0] } }
        if ok { i += n }
        return ok
    }

    private func null() -> Bool { literal("null") }

    private func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// Any value, read and dropped; nested at most 32 deep.
    private func skipValue(depth: Int = 0) -> Bool {
        skipSpace()
        guard i < bytes.count, depth < 32 else { return false }
        switch bytes[i] {
        case UInt8(ascii: "{"): return object { _ in skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): return array { skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): return rawString() != nil
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return bool() != nil
        case UInt8(ascii: "n"): return null()
        default: return int() != nil
        }
    }
}

/// A string or key of a reply as its bytes, matched against literals without making a String.
private struct Word {
    let bytes: UnsafeBufferPointer<UInt8>.SubSequence
    init(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) { self.bytes = bytes }

    func `is`(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes.elementsEqual($0) }
    }

    static func ~= (pattern: StaticString, word: Word) -> Bool {
        let n = pattern.utf8CodeUnitCount
        guard word.bytes.count == n, let base = word.bytes.base.baseAddress else { return false }
        return memcmp(base + word.bytes.startIndex, pattern.utf8Start, n) == 0
    }
}

private let reasons = RefusalReason.allCases
private let styles = Style.allCases
