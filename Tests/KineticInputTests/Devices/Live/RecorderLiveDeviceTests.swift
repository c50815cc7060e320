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

    @Test(arguments: [SIGTERM, SIGINT])
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

        let exited = Self.waitUntil(seconds: 60) { !process.isRunning }
        try #require(exited, "kineticctl record still running 60 s after signal \(signal)")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
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
