import Glibc
import Testing
@testable import KineticTestSupport

/// The live-device suite's diagnosis of a daemon that stopped answering reads /proc/self/task: it must name the
/// threads it finds, with their states, or it would explain nothing when it is needed.
struct ThreadStatesTests {
    @Test("ThreadStates lists the calling thread as running, and every thread of the process")
    func callingThreadRuns() throws {
        // /proc/thread-self links to "PID/task/TID".
        var link = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &link, link.count - 1)
        try #require(length > 0)
        let tid = String(decoding: link[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: "/").last ?? ""
        let text = ThreadStates.describe()
        let entries = text.split(separator: ";").map { $0.trimmingPrefix(" ") }
        let match = entries.first { $0.hasPrefix("\(tid) ") }
        let own = try #require(match, "\(text)")
        // Reading its own stat, the thread is on the CPU.
        #expect(own.split(separator: " ")[2] == "R", "\(own)")
        var count = 0
        if let directory = opendir("/proc/self/task") {
            while let entry = readdir(directory) { if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 } }
            closedir(directory)
        }
        // Threads may come and go between the two readings (the test runner's pool): about the same number.
        #expect(abs(entries.count - count) <= 4 && entries.count >= 1, "\(entries.count) listed, \(count) in /proc: \(text)")
    }
}
