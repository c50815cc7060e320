// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Reads a whole file with read(2), within a size limit: recordings (``RecordingFormat``) and the
/// daemon's configuration file use it.
public enum FileBytes {
    /// Why a file could not be read.
    public enum Failure: Error, Equatable {
        /// open(2) or read(2) failed; the reason is `strerror(errno)`.
        case unreadable(String)
        /// The file holds more than the limit.
        case tooLarge
    }

    /// The bytes of the file at `path`, at most `limit` of them.
    ///
    /// One buffer sized from fstat; files whose stat size is 0 or wrong (/proc, pipes, a file still
    /// growing) are read to their end all the same, never past `limit` + 1 bytes, which proves the
    /// file too large.
    public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var size = stat()
        let hint = fstat(fd, &size) == 0 && size.st_size > 0 ? Int(size.st_size) : 64 * 1024
        var bytes = [UInt8](repeating: 0, count: min(hint, limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { break }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - count)))
            }
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { throw .tooLarge }
        bytes.removeSubrange(count...)
        return bytes
    }
}
