import Glibc

/// What every thread of this process is doing, from /proc/self/task: its name, scheduler state (R running, S
/// sleeping, D in the kernel), the kernel function it waits in and the system call it is in. For a failing test's
/// message when something stopped answering: a thread busy (R) or waiting on a lock (futex) reads differently from
/// one idle in epoll_wait.
package enum ThreadStates {
    package static func describe() -> String {
        guard let directory = opendir("/proc/self/task") else { return "no /proc/self/task" }
        defer { closedir(directory) }
        var threads: [String] = []
        while let entry = readdir(directory) {
            let tid = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard Int(tid) != nil else { continue }
            let base = "/proc/self/task/\(tid)/"
            let name = read(base + "comm")
            // stat: "tid (comm) S …"; the state follows the last ')'.
            let stat = read(base + "stat")
            let state = stat.split(separator: ")").last.map { String($0.dropFirst().prefix(1)) } ?? "?"
            let syscall = read(base + "syscall").split(separator: " ").first.map(String.init) ?? "?"
            threads.append("\(tid) \(name) \(state) wchan=\(read(base + "wchan")) syscall=\(syscall)")
        }
        return threads.sorted().joined(separator: "; ")
    }

    private static func read(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "?" }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return "" }
        var text = String(decoding: bytes[0..<n], as: UTF8.self)
        while let last = text.last, last.isWhitespace || last == "\0" { text.removeLast() }
        return text
    }
}
