/// The text form of actions: one action per line, e.g. `push c0 r1`,
/// `start c0 navigation sheet r1`, `setPages c0 [p1,p0]`, `multiple c0 [push r1, dismiss]`.
/// Printing and parsing round-trip; a parse error names the column and what was expected.
extension Action: CustomStringConvertible {
    /// The text form, e.g. `push c0 r1`.
    public var description: String {
        var bytes: [UInt8] = []
        writeText(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the text form as UTF-8, without building strings: what a driver request carries.
    public func writeText(into out: inout [UInt8]) {
        writeName(into: &out)
        if let c = target { out.append(32); Self.write("c", Int(c.index), into: &out) }
        writeArguments(into: &out)
    }

    private func writeName(into out: inout [UInt8]) { out.append(contentsOf: name.rawValue.utf8) }

    /// The arguments after the target, each after a space; a part of `multiple` is written
    /// without its target.
    private func writeArguments(into out: inout [UInt8]) {
        func space() { out.append(32) }
        func route(_ r: Route) { space(); Self.write("r", Int(r.index), into: &out) }
        func page(_ p: Page) { space(); Self.write("p", Int(p.index), into: &out) }
        func word(_ w: some CustomStringConvertible) { space(); out.append(contentsOf: w.description.utf8) }
        func routeList(_ routes: [Route]) {
            space()
            out.append(UInt8(ascii: "["))
            for (i, r) in routes.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.write("r", Int(r.index), into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        switch self {
        case .push(_, let r), .popTo(_, let r), .setRoot(_, let r), .replaceRoot(_, let r), .set(_, let r):
            route(r)
        case .present(_, let r, let s), .redirect(_, let r, let s):
            route(r); word(s)
        case .start(_, let k, let s, let r), .forcePresentation(let k, let s, let r):
            word(k); word(s); route(r)
        case .select(_, let p), .userSelectTab(let p):
            page(p)
        case .setPages(_, let pages, let current):
            space()
            out.append(UInt8(ascii: "["))
            for (i, p) in pages.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.write("p", Int(p.index), into: &out)
            }
            out.append(UInt8(ascii: "]"))
            if let current { page(current) }
        case .setBadge(_, let p, let v):
            page(p)
            if let v { word(v) } else { word("nil") }
        case .switchRoot(let k, let r):
            word(k); route(r)
        case .redirectTo(_, let part):
            space()
            part.writeName(into: &out)
            part.writeArguments(into: &out)
        case .startShared(_, let r):
            route(r)
        case .setStack(_, let routes):
            routeList(routes)
        case .startStack(_, let s, let routes):
            word(s); routeList(routes)
        case .multiple(_, let parts):
            space()
            out.append(UInt8(ascii: "["))
            for (i, part) in parts.enumerated() {
                if i > 0 { out.append(contentsOf: ", ".utf8) }
                part.writeName(into: &out)
                part.writeArguments(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        default:
            break
        }
    }

    /// `c12`, `r0`: a letter and a number, written without a string.
    private static func write(_ letter: Unicode.Scalar, _ n: Int, into out: inout [UInt8]) {
        out.append(UInt8(ascii: letter))
        if n < 0 { out.append(UInt8(ascii: "-")); write(n.magnitude, into: &out); return }
        write(UInt(n), into: &out)
    }

    private static func write(_ n: UInt, into out: inout [UInt8]) {
        if n >= 10 { write(n / 10, into: &out) }
        out.append(UInt8(48 + n % 10))
    }

    /// Parses one action. Throws a `TextFormError` naming the column and what was expected.
    public init(parsing text: String) throws(TextFormError) {
        var p = TextParser(text)
        self = try p.action(target: nil)
        try p.expectEnd()
    }
}

/// A number as the text form prints it: ASCII digits without a sign or a leading zero (`0`,
/// `12`; not `01`, `+1`, `-0`), so that what is read prints back the same. The corpus's
/// settings read their numbers by it too.
package func printedNumber(_ text: Substring) -> Int? {
    guard let first = text.first, text.allSatisfy({ $0.isASCII && $0.isNumber }), first != "0" || text.count == 1 else { return nil }
    return Int(text)
}
