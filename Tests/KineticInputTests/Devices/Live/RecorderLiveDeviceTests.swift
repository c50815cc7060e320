import Foundation
import Testing
@testable import KineticInput

/// The real `kineticctl record` on a uinput touchscreen, stopped by SIGTERM and by SIGINT (issue 5 item 4: nothing
/// buffered is lost, the file always parses). Runs in the VM of `make vm-test`; the suite name matches its
/// `LiveDeviceTests` filter. kineticctl is the one `swift build --build-tests` put beside the test binary.
@Suite(.serialized, .enabled(if: LiveDeviceEnvironment.isEnabled, "needs uinput; runs in the VM (make vm-test)"))
struct RecorderLiveDeviceTests {
    static var kineticctl: String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let path = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("kineticctl").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Polls `condition` every 20 ms until it holds or `seconds` passed.
    static func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    /// How the child ended (exited normally, and its status or signal), or nil while it runs. Seen with `waitid`
    /// without reaping: Foundation's `Process` reaps it, but its `isRunning` was seen to lag behind a zombie for
    /// over a minute in the VM.
    static func exitStatus(_ pid: Int32) -> (exited: Bool, status: Int32)? {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0,
              info._sifields._sigchld.si_pid == pid else { return nil }
        return (info.si_code == CLD_EXITED, info._sifields._sigchld.si_status)
    }

    /// The process's and its threads' states and signal masks, for a failure message.
    static func diagnosis(_ process: Process) -> String {
        let proc = "/proc/\(process.processIdentifier)"
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
        let path = RecordingWriterTests.temporaryPath("recorded-\(signal).evemu")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: kineticctl)
        process.arguments = ["record", try #require(device.devnode), "-o", path, "--seconds", "300"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

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
        kill(process.processIdentifier, signal)

        var exit: (exited: Bool, status: Int32)?
        let ended = Self.waitUntil(seconds: 60) {
            exit = Self.exitStatus(process.processIdentifier)
            return exit != nil
        }
        try #require(ended, "kineticctl record still running 60 s after signal \(signal): \(Self.diagnosis(process))")
        #expect(exit?.exited == true && exit?.status == 0, "exited normally with 0, not killed by the signal")
        let recording = try EvemuFormat.read(contentsOf: path)
        let expected = LiveGestures.swipe.flatMap { $0 + [LiveGestures.report] }
        #expect(recording.events.map { [Int32($0.type), Int32($0.code), $0.value] }
                == expected.map { [Int32($0.type), Int32($0.code), $0.value] })
        #expect(recording.trailingEventCount == 0)
        #expect(recording.device.name == DeviceFixtures.touchscreen.name)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        #expect(printed.contains("\(LiveGestures.swipe.count) frames, \(expected.count) events (stopped: \(name))"),
                "\(printed)")
    }
}
