@_spi(Engine) import NavFuzzKit

/// The driver protocol's JSON (the value and its writer are the model's `JSONValue`), with the
/// parser that says where a line stops making sense.
package typealias DriverJSON = JSONValue

extension JSONValue {
    // MARK: - Parsing

    /// Parses one complete JSON text (surrounding spaces allowed).
    package init(parsing bytes: some Collection<UInt8>) throws(DriverJSONError) {
        var p = DriverJSONParser(bytes: Array(bytes))
        p.skipSpace()
        self = try p.value(depth: 0)
        p.skipSpace()
        if p.at < p.bytes.count { throw p.fail("the end of the line") }
    }

    package init(parsing text: String) throws(DriverJSONError) {
        try self.init(parsing: Array(text.utf8))
    }
}

/// A recursive-descent parser over UTF-8 bytes.
private struct DriverJSONParser {
    let bytes: [UInt8]
    var at = 0

    func fail(_ expected: String) -> DriverJSONError {
        let found: String
        if at >= bytes.count {
            found = "the end of the line"
        } else if bytes[at] >= 0x20 && bytes[at] < 0x7F {
            found = "'\(Character(Unicode.Scalar(bytes[at])))'"
        } else {
            found = "byte 0x\(String(bytes[at], radix: 16))"
        }
        return DriverJSONError(column: at + 1, message: "expected \(expected), found \(found)")
    }

    mutating func skipSpace() {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D { at += 1 }
    }

    mutating func literal(_ word: String, _ value: DriverJSON) throws(DriverJSONError) -> DriverJSON {
        for b in word.utf8 {
            guard at < bytes.count, bytes[at] == b else { throw fail("'\(word)'") }
            at += 1
        }
        return value
    }

    mutating func value(depth: Int) throws(DriverJSONError) -> DriverJSON {
        guard depth < 64 else { throw fail("at most 64 levels of nesting") }
        guard at < bytes.count else { throw fail("a JSON value") }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            at += 1
            var members: [(String, DriverJSON)] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("a member name in quotes") }
                let key = try string()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("':' after a member name") }
                at += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard at < bytes.count else { throw fail("',' or '}'") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                throw fail("',' or '}'")
            }
        case UInt8(ascii: "["):
            at += 1
            var items: [DriverJSON] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard at < bytes.count else { throw fail("',' or ']'") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                throw fail("',' or ']'")
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        default:
            throw fail("a JSON value")
        }
    }

    mutating func number() throws(DriverJSONError) -> DriverJSON {
        let start = at
        var integral = true
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        let digitsStart = at
        while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
        if at == digitsStart { throw fail("a digit") }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            integral = false
            at += 1
            let fraction = at
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
            if at == fraction { throw fail("a digit after '.'") }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            integral = false
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            let exponent = at
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
            if at == exponent { throw fail("a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        if integral, let i = Int(text) { return .int(i) }
        guard let d = Double(text) else { at = start; throw fail("a number") }
        return .double(d)
    }

    mutating func hex4() throws(DriverJSONError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard at < bytes.count else { throw fail("four hex digits") }
            let b = bytes[at]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fail("four hex digits")
            }
            v = v << 4 | d
            at += 1
        }
        return v
    }

    /// A string starting at the opening quote.
    mutating func string() throws(DriverJSONError) -> String {
        at += 1
        // Fast path: no escapes before the closing quote (names like "r0", keys like "stack").
        var end = at
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { at = end + 1 }
            return String(decoding: bytes[at..<end], as: UTF8.self)
        }
        var out: [UInt8] = []
        while true {
            guard at < bytes.count else { throw fail("a closing '\"'") }
            let b = bytes[at]
            if b == UInt8(ascii: "\"") { at += 1; break }
            if b < 0x20 { throw fail("no control characters inside a string") }
            if b != UInt8(ascii: "\\") { out.append(b); at += 1; continue }
            at += 1
            guard at < bytes.count else { throw fail("an escape") }
            let e = bytes[at]
            at += 1
            switch e {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                        throw fail("the second half of a surrogate pair")
                    }
                    at += 2
                    let low = try hex4()
                    guard low >= 0xDC00 && low < 0xE000 else { throw fail("the second half of a surrogate pair") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = Unicode.Scalar(scalar) else { throw fail("a valid Unicode escape") }
                out.append(contentsOf: String(Character(u)).utf8)
            default:
                at -= 1
                throw fail("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
