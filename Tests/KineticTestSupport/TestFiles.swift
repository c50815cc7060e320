import Foundation
import Glibc

/// A temporary directory under `$TMPDIR` (the VM suite's is /dev/shm), or under `base`, removed at deinit.
package final class TemporaryDirectory {
    package let path: String
    package init(in base: String? = nil) {
        let base = base ?? ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/kinetic-test-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        // Without a directory the test's socket cannot bind and the test fails with that error; never trap here.
        path = made ?? base + "/kinetic-test-unavailable"
    }
    deinit {
        _ = try? FileManager.default.removeItem(atPath: path)
    }
}

/// The folder of products that `swift build --build-tests` made: the one the running test binary is in (its modules
/// are in `Modules` there), or nil when it cannot be read.
package func builtProductsFolder() -> String? {
    guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
    return URL(fileURLWithPath: executable).deletingLastPathComponent().path
}

/// The product `name` (an executable such as `kineticctl`) that `swift build --build-tests` put beside the running test
/// binary, or nil when it is not there.
package func builtProduct(_ name: String) -> String? {
    guard let folder = builtProductsFolder() else { return nil }
    let path = folder + "/" + name
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}

/// Puts the built product `name` into `directory` as a hard link, and returns its path there: a program to run from
/// another folder, with nothing written. A copy would be: while this process forks a child elsewhere (the tests run in
/// parallel), the child inherits the copy's write descriptor, and running the copy fails with ETXTBSY ("Text file
/// busy"). `directory` must be on the products' file system (``TemporaryDirectory/init(in:)`` with
/// ``builtProductsFolder()``).
package func linkBuiltProduct(_ name: String, into directory: String) throws -> String {
    guard let product = builtProduct(name) else { throw TestFileError(text: "no built \(name) beside the test binary") }
    let path = directory + "/" + name
    guard link(product, path) == 0 else {
        throw TestFileError(text: "cannot link \(product) into \(directory): \(String(cString: strerror(errno)))")
    }
    return path
}

/// Why a test's file could not be made.
package struct TestFileError: Error, CustomStringConvertible {
    package var text: String
    package var description: String { text }
}

/// What a finished process wrote and how it ended.
package struct ProcessResult: Sendable {
    /// The exit status.
    package var status: Int32
    /// Standard output, as text.
    package var output: String
    /// Standard error, as text.
    package var error: String
}

/// Runs the built product `name` (``builtProduct(_:)``; with `direct`, the system's /usr/sbin/`name`) with `arguments` to its end, with standard input closed and
/// its output and errors collected in files (no pipe can fill up while the other is read).
package func runProduct(_ name: String, _ arguments: [String], environment: [String: String]? = nil,
                         direct: Bool = false) throws -> ProcessResult {
    guard let path = direct ? "/usr/sbin/" + name : builtProduct(name) else {
        struct Missing: Error, CustomStringConvertible { var description: String }
        throw Missing(description: "\(name) is not beside the test binary")
    }
    return try runProgram(path, arguments, environment: environment)
}

/// Runs the program at `path` to its end, its output and error kept whole (for the failure message of a test).
package func runProgram(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
    let directory = TemporaryDirectory()
    let outputPath = directory.path + "/output", errorPath = directory.path + "/error"
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardOutput = FileHandle(forWritingAtPath: outputPath)
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    return ProcessResult(status: process.terminationStatus, output: output, error: error)
}
