import Foundation
@_spi(Engine) import NavFuzzKit

/// Numbers for people: `1,234,567`, `3.2M`, `0.41 s`.
package enum Figures {
    package static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }

    package static func rate(_ perSecond: Double) -> String {
        switch perSecond {
        case 1e6...: String(format: "%.2fM", perSecond / 1e6)
        case 1e3...: String(format: "%.1fK", perSecond / 1e3)
        default: String(format: "%.0f", perSecond)
        }
    }

    package static func seconds(_ s: Double) -> String { String(format: "%.2f s", s) }

    package static func bytes(_ b: Int) -> String {
        b >= 1 << 20 ? String(format: "%.1f MiB", Double(b) / 1048576) : String(format: "%.1f KiB", Double(b) / 1024)
    }
}
