// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Glibc
import KineticCommandLine
import KineticProtocol

/// A failure kineticctl reports in one line on standard error, `kineticctl: MESSAGE`, ending with `status`
/// (``ExitStatus``, sysexits): what failed, why, and what to do.
struct Failure: Error, CustomStringConvertible {
    var description: String
    var status: Int32

    init(_ description: String, status: Int32) {
        self.description = description
        self.status = status
    }

    /// A file that cannot be read: missing or unreadable (66), or not of the kind wanted (65).
    static func unreadable(_ path: String, errno error: Int32) -> Failure {
        switch error {
        case ENOENT: Failure("\(path): no such file", status: ExitStatus.noInput)
        case EACCES, EPERM: Failure("\(path): permission denied", status: ExitStatus.noPermission)
        case EISDIR: Failure("\(path): is a directory, not a file", status: ExitStatus.noInput)
        default: Failure("\(path): \(String(cString: strerror(error)))", status: ExitStatus.noInput)
        }
    }

    /// A file that cannot be written.
    static func unwritable(_ path: String, errno error: Int32) -> Failure {
        switch error {
        case ENOENT, ENOTDIR: Failure("cannot write \(path): its folder does not exist", status: ExitStatus.cannotCreate)
        case EACCES, EPERM, EROFS: Failure("cannot write \(path): permission denied", status: ExitStatus.cannotCreate)
        default: Failure("cannot write \(path): \(String(cString: strerror(error)))", status: ExitStatus.cannotCreate)
        }
    }
}

/// Fails unless `path` names a readable file: missing (66), unreadable, a directory.
func requireReadable(_ path: String) throws {
    var info = stat()
    guard stat(path, &info) == 0 else { throw Failure.unreadable(path, errno: errno) }
    if info.st_mode & S_IFMT == S_IFDIR { throw Failure.unreadable(path, errno: EISDIR) }
    guard access(path, R_OK) == 0 else { throw Failure.unreadable(path, errno: errno) }
}

/// Writes `text` to `path` (created or truncated, mode 0644), failing with the file and the reason.
func writeFile(_ path: String, _ text: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw Failure.unwritable(path, errno: errno) }
    defer { close(fd) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            throw Failure.unwritable(path, errno: errno)
        }
        bytes = bytes.dropFirst(written)
    }
}

/// Writes one line to standard error.
func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
