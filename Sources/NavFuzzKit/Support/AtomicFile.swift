import Foundation

/// The one way NavFuzz writes a file a reader will open: reports, per-suite files, the page of
/// pictures, saved failures. A reader (CI, a concurrent `merge`, a replay) sees the earlier
/// file or the complete new one, never a torn file, and the new one survives a crash of the
/// machine once written.
package enum AtomicFile {
    /// Writes `bytes` where `path` leads (`ReportDestination`): a plain file by a temporary
    /// file in its directory (so `rename` is atomic) renamed over it; on any failure the
    /// temporary file is removed and an existing file is untouched. A symbolic link is followed
    /// and its target written, the link left as it is; a device or a FIFO (`/dev/null`) is
    /// written in place, and a descriptor of this process (`/dev/stdout`) directly: renaming
    /// over any of them would replace it with a file. Missing parent directories are created
    /// for a path given as it is, not for the target of a link. Every file NavFuzz leaves for
    /// a reader goes through here: reports, pages, corpus files.
    package static func write(_ bytes: [UInt8], to path: String) throws(AtomicFileError) {
        func failure(_ code: Int32) -> AtomicFileError { AtomicFileError(path: path, reason: String(cString: strerror(code))) }
        guard !path.isEmpty else { throw AtomicFileError(path: path, reason: "empty path") }
        let target: String
        switch ReportDestination.of(path) {
        case .failure(let error):
            throw failure(error.code)
        case .success(.descriptor(let fd)):
            let code = writeAll(fd, bytes)
            if code != 0 { throw failure(code) }
            return
        case .success(.inPlace(let device)):
            let fd = open(device, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(errno) }
            var code = writeAll(fd, bytes)
            if close(fd) != 0, code == 0 { code = errno }
            if code != 0 { throw failure(code) }
            return
        case .success(.file(let file)):
            target = file
        }
        if target == path, let code = makeDirectories(parentDirectory(of: target)) { throw failure(code) }
        let temp = temporaryPath(for: target)
        // O_EXCL: a file or link already at the temporary name is never written through.
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { throw AtomicFileError(path: path, reason: "\(temp) is in the way") }
            throw failure(errno)
        }
        var code = writeAll(fd, bytes)
        if code == 0, fsync(fd) != 0 { code = errno }
        if close(fd) != 0, code == 0 { code = errno }
        if code == 0, rename(temp, target) != 0 { code = errno }
        if code != 0 {
            unlink(temp)
            throw failure(code)
        }
    }

    /// `path.tmp-PID` next to `path`, or a short name in the same directory when that would be
    /// longer than a file name may be (255 bytes).
    static func temporaryPath(for path: String) -> String {
        let suffix = ".tmp-\(getpid())"
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.utf8.count + suffix.utf8.count <= 255 { return path + suffix }
        let directory = parentDirectory(of: path)
        return (directory == "/" ? "" : directory) + "/.navfuzz" + suffix
    }

    /// Returns 0 or the errno of the failed write.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress else { return 0 }
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return 0
        }
    }

    private static func parentDirectory(of path: String) -> String {
        let parent = directory(of: path)
        return parent.isEmpty ? "." : parent
    }

    /// The directory part of `path`: "" for a bare name, "/" for a name at the root. (Foundation's
    /// `deletingLastPathComponent` traps on a one-character name on Linux, so NavFuzz uses this.)
    package static func directory(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `mkdir -p`; returns nil on success or the errno explaining why `dir` cannot be a directory.
    private static func makeDirectories(_ dir: String) -> Int32? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : ENOTDIR
        }
        let parent = parentDirectory(of: dir)
        if parent != dir, let code = makeDirectories(parent) { return code }
        if mkdir(dir, 0o755) == 0 { return nil }
        let code = errno
        if code == EEXIST, FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : ENOTDIR
        }
        return code
    }
}
