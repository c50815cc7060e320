// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Writes bytes to standard output with `write(2)` directly: one system call per large block
/// instead of `print`'s per-line buffering, retrying short writes and `EINTR`.
enum StandardOutput {
    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    static func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WriteError(description: "cannot write to standard output: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }
}
