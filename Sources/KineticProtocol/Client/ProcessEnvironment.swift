// SPDX-License-Identifier: Apache-2.0
import Glibc

/// The process environment as a dictionary (read once per call; the daemon reads it at start-up).
public enum ProcessEnvironment {
    /// Every `NAME=VALUE` of the process environment.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
