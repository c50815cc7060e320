import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A temporary directory under `$TMPDIR` (the VM suite's is /dev/shm), removed at deinit.
package final class TemporaryDirectory {
    package let path: String
    package init() {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
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
