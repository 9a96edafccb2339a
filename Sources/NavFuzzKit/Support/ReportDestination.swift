import Foundation

/// Where writing to a report path lands. Only a plain file is replaced (atomically); a symbolic
/// link leads to its target, and a device, a FIFO or a descriptor of this process is written
/// in place, so that a link, `/dev/null` or `/dev/stdout` is never replaced by a file and
/// nothing but the report's own file changes.
package enum ReportDestination: Equatable, Sendable {
    /// A plain file, or nothing yet: written beside it and renamed over it. The path is the
    /// final target when links led there.
    case file(String)
    /// A device or a FIFO: opened and written as it is.
    case inPlace(String)
    /// An open descriptor of this process (`/dev/stdout`, `/dev/fd/3`): written to directly, in
    /// sequence with what else goes there (opening its path again would start at its beginning).
    case descriptor(Int32)

    /// Links followed at most, as the kernel does.
    static let maximumLinks = 40

    /// Follows `path`'s links to what it names; an error (errno) for a loop of links or a
    /// directory.
    package static func of(_ path: String) -> Result<ReportDestination, ReportPathError> {
        var current = path
        for _ in 0...maximumLinks {
            if let fd = descriptor(named: current) { return .success(.descriptor(fd)) }
            var info = stat()
            guard lstat(current, &info) == 0 else {
                // Nothing there yet (or not reachable): a new plain file.
                return .success(.file(current))
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                guard let target = linkTarget(current) else { return .failure(ReportPathError(path: path, code: errno)) }
                current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
            case S_IFREG:
                return .success(.file(current))
            case S_IFDIR:
                return .failure(ReportPathError(path: path, code: EISDIR))
            default:
                return .success(.inPlace(current))
            }
        }
        return .failure(ReportPathError(path: path, code: ELOOP))
    }

    /// Whether the report goes to a file a reader can open later (so a page of pictures and saved
    /// failures belong next to it), rather than a stream or a device.
    package var isFile: Bool { if case .file = self { true } else { false } }

    /// `N` for `/dev/fd/N` and `/proc/self/fd/N` (also by this process's id or `thread-self`):
    /// the names under which the kernel reaches an open descriptor rather than a file.
    static func descriptor(named path: String) -> Int32? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 3, let n = Int32(parts[parts.count - 1]), n >= 0, parts[parts.count - 1].allSatisfy(\.isASCII),
              parts[parts.count - 2] == "fd" else { return nil }
        let head = parts.dropLast(2).map(String.init)
        let own = ["self", "thread-self", String(getpid())]
        if head == ["dev"] || (head.count == 2 && head[0] == "proc" && own.contains(head[1])) { return n }
        return nil
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        // A target that is not UTF-8 could only be written under another name: refused.
        let bytes = buffer[..<n].map { UInt8(bitPattern: $0) }
        let target = String(decoding: bytes, as: UTF8.self)
        // (`String(validating:)` needs macOS 15.)
        guard target.utf8.elementsEqual(bytes) else {
            errno = EILSEQ
            return nil
        }
        return target
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
