import Foundation
import Testing
@testable import KineticInput
import KineticTestSupport

/// The real `kineticctl record` on a uinput touchscreen, stopped by SIGTERM and by SIGINT (nothing
/// buffered is lost, the file always parses). Runs in the VM of `make vm-test`; the suite name matches its
/// `LiveDeviceTests` filter. kineticctl is the one `swift build --build-tests` put beside the test binary.
@Suite(.serialized, .enabled(if: LiveDeviceEnvironment.isEnabled, "needs uinput; runs in the VM (make vm-test)"))
struct RecorderLiveDeviceTests {
    static var kineticctl: String? { builtProduct("kineticctl") }

    /// Polls `condition` every 20 ms until it holds or `seconds` passed.
    static func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    /// The process's and its threads' states and signal masks, for a failure message.
    static func diagnosis(_ pid: pid_t) -> String {
        let proc = "/proc/\(pid)"
        let wanted = ["State", "SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt"]
        func lines(_ path: String) -> String {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").filter { line in wanted.contains { line.hasPrefix($0) } }
                .joined(separator: " ")
        }
        var text = lines(proc + "/status")
        for task in (try? FileManager.default.contentsOfDirectory(atPath: proc + "/task")) ?? [] {
            let wchan = (try? String(contentsOfFile: "\(proc)/task/\(task)/wchan", encoding: .utf8)) ?? "?"
            text += " | task \(task) \(wchan): " + lines("\(proc)/task/\(task)/status")
        }
        return text
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func recorderStopsGracefullyOnSignal(_ signal: Int32) throws {
        let kineticctl = try #require(Self.kineticctl, "kineticctl beside the test binary")
        let device = try VirtualDevice(DeviceFixtures.touchscreen)
        defer { device.destroy() }
        let directory = TemporaryDirectory()
        let path = directory.path + "/recorded-\(signal).evemu"
        let child = try SpawnedChild(kineticctl, ["record", try #require(device.devnode), "-o", path, "--seconds", "300"])
        defer { child.killIfRunning() }

        // The header is on disk once the device is open, and the signal handlers are installed before that.
        let started = Self.waitUntil(seconds: 60) {
            (try? String(contentsOfFile: path, encoding: .utf8))?.contains("\nN: ") == true
        }
        try #require(started, "kineticctl record wrote no header within 60 s")
        for frame in LiveGestures.swipe { try device.writeFrame(frame) }
        // An unfinished frame: the kernel's input core holds these until a SYN_REPORT that never comes, so no
        // reader (the recorder included) ever sees them; they must not appear in the file.
        try device.write(type: Code.evAbs, code: Code.absMTPositionX, value: 3000)
        try device.write(type: Code.evAbs, code: Code.absX, value: 3000)
        kill(child.pid, signal)

        var status: Int32 = 0
        let ended = Self.waitUntil(seconds: 60) { child.reap(&status) }
        try #require(ended, "kineticctl record still running 60 s after signal \(signal): \(Self.diagnosis(child.pid))")
        #expect(status & 0x7f == 0 && (status >> 8) & 0xff == 0, "exited normally with 0, not killed (status \(status))")
        let recording = try EvemuFormat.read(contentsOf: path)
        let expected = LiveGestures.swipe.flatMap { $0 + [LiveGestures.report] }
        #expect(recording.events.map { [Int32($0.type), Int32($0.code), $0.value] }
                == expected.map { [Int32($0.type), Int32($0.code), $0.value] })
        #expect(recording.trailingEventCount == 0)
        #expect(recording.device.name == DeviceFixtures.touchscreen.name)
        let printed = child.readOutput()
        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        #expect(printed.contains("\(LiveGestures.swipe.count) frames, \(expected.count) events (stopped: \(name))"),
                "\(printed)")
    }
}

/// A child started with `posix_spawn` and reaped only here: Foundation's `Process` reaps on its own schedule (its
/// `isRunning` was seen to lag behind a zombie for over a minute in the VM). Its stdout goes to a pipe; it starts
/// with no signal blocked and SIGINT/SIGTERM at their defaults, as from a shell.
final class SpawnedChild {
    let pid: pid_t
    private let output: Int32
    private var reaped = false

    init(_ path: String, _ arguments: [String]) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw DeviceError.systemError(path: path, operation: "pipe", errno: errno) }
        // Not inherited by children other threads spawn (dup2 in this child clears it on its stdout).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        close(ends[1])
        guard rc == 0 else {
            close(ends[0])
            throw DeviceError.systemError(path: path, operation: "posix_spawn", errno: rc)
        }
        self.pid = pid
        output = ends[0]
    }

    deinit {
        killIfRunning()
        close(output)
    }

    /// Whether it ended (then `status` is its wait status), without blocking.
    func reap(_ status: inout Int32) -> Bool {
        guard !reaped else { return true }
        reaped = waitpid(pid, &status, WNOHANG) == pid
        return reaped
    }

    /// Kills and reaps it when it still runs (a failed test must not leave it behind).
    func killIfRunning() {
        guard !reaped else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        reaped = waitpid(pid, &status, 0) == pid
    }

    /// Everything it wrote to stdout (call after it ended; non-blocking, so it never waits on a stray writer).
    func readOutput() -> String {
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
