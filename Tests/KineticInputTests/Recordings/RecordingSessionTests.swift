import Foundation
import Testing
@testable import KineticInput
import KineticTestSupport

/// ``RecordingSession`` and ``RecordingStopRequest`` on a FakeEvdev pipe device: the real libevdev read loop,
/// stopped by a request, a handled signal, a time limit or the device's end. The real
/// `kineticctl record` under SIGINT/SIGTERM on a kernel device: RecorderLiveDeviceTests in the VM.
@Suite struct RecordingSessionTests {
    static func frame(_ milliseconds: Int32, _ events: [(UInt16, UInt16, Int32)]) -> [InputEvent] {
        InputDeviceTests.frame(milliseconds, events)
    }

    static let swipe = InputDeviceTests.down
        + frame(8, [(Code.evAbs, Code.absMTPositionX, 3592), (Code.evAbs, Code.absX, 3592)])
        + frame(16, [(Code.evAbs, Code.absMTPositionX, 3576), (Code.evAbs, Code.absX, 3576)])
    /// A frame the device had not finished: no SYN_REPORT.
    static let unfinished = Array(frame(24, [(Code.evAbs, Code.absMTPositionX, 3544), (Code.evAbs, Code.absX, 3544),
                                              (Code.evAbs, Code.absMTPositionY, 1290)]).dropLast())

    static func session(_ fake: FakeEvdevDevice, _ name: String, in directory: TemporaryDirectory) throws -> (RecordingSession, String) {
        let path = directory.path + "/" + name
        let device = try InputDevice.open(path: fake.path)
        let writer = try RecordingWriter(path: path, device: device.deviceDescription, timeBase: .asIs)
        return (RecordingSession(device: device, writer: writer, stop: try RecordingStopRequest()), path)
    }

    /// Everything the device queued before the stop is written; the unfinished frame is closed by a SYN_REPORT at
    /// its last event's time, so the file parses with no trailing events and keeps all of them.
    @Test func stopRequestWritesQueuedEventsAndClosesTheUnfinishedFrame() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.touchscreen)
        let directory = TemporaryDirectory()
        let (session, path) = try Self.session(fake, "stopped.evemu", in: directory)
        fake.write(Self.swipe + Self.unfinished)
        session.stop.request()
        let summary = try session.run()
        let closing = InputEvent(time: InputDeviceTests.time(24), type: 0, code: 0, value: 0)
        #expect(summary == RecordingSession.Summary(frames: 4, events: Self.swipe.count + 4, closedUnfinishedFrameEvents: 3,
                                                    resyncs: 0, reason: .requested))
        let recording = try EvemuFormat.read(contentsOf: path)
        #expect(recording.events == Self.swipe + Self.unfinished + [closing])
        #expect(recording.trailingEventCount == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("(added by the recorder, which stopped mid-frame after 3 events)\n"))
    }

    /// A stop requested from another thread wakes a waiting session at once (the 10 s limit only bounds the test:
    /// a session that missed the stop would end by ``RecordingStopReason/timeLimit``).
    @Test func stopFromAnotherThreadEndsAWaitingSession() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.touchscreen)
        let directory = TemporaryDirectory()
        let (session, path) = try Self.session(fake, "waiting.evemu", in: directory)
        fake.write(Self.swipe)
        let stop = session.stop
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { stop.request() }
        let summary = try session.run(timeLimit: .seconds(10))
        #expect(summary.reason == .requested)
        #expect(summary.frames == 3 && summary.closedUnfinishedFrameEvents == 0)
        #expect(try EvemuFormat.read(contentsOf: path).events == Self.swipe)
    }

    @Test func timeLimitEndsOnAWholeFrame() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.touchscreen)
        let directory = TemporaryDirectory()
        let (session, path) = try Self.session(fake, "timed.evemu", in: directory)
        fake.write(Self.swipe)
        let summary = try session.run(timeLimit: .milliseconds(100))
        #expect(summary.reason == .timeLimit)
        #expect(summary.frames == 3 && summary.events == Self.swipe.count)
        #expect(try EvemuFormat.read(contentsOf: path).events == Self.swipe)
    }

    /// An unplug mid-frame (the pipe's writer closed: POLLHUP) ends the session; the events read are kept.
    @Test func unplugMidFrameKeepsTheEventsRead() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.touchscreen)
        let directory = TemporaryDirectory()
        let (session, path) = try Self.session(fake, "unplugged.evemu", in: directory)
        fake.write(Self.swipe + Self.unfinished)
        fake.closeWriter()
        let summary = try session.run(timeLimit: .seconds(10))
        #expect(summary.reason == .deviceGone)
        #expect(summary.closedUnfinishedFrameEvents == 3)
        let recording = try EvemuFormat.read(contentsOf: path)
        #expect(recording.events.dropLast() == ArraySlice(Self.swipe + Self.unfinished))
        #expect(recording.trailingEventCount == 0)
    }

    /// A handled signal does not take its default action (SIGUSR2 would end the test process) but makes the
    /// stop pipe readable with its number; the handler goes away with the request.
    @Test func handledSignalRequestsAStop() throws {
        let stop = try RecordingStopRequest()
        #expect(stop.reason == nil)
        try stop.handleSignals([SIGUSR2])
        #expect(throws: DeviceError.self) { try RecordingStopRequest().handleSignals([SIGUSR2]) }
        raise(SIGUSR2)
        var descriptor = pollfd(fd: stop.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 0) == 1)
        #expect(stop.reason == .signal(SIGUSR2))
        stop.request()
        #expect(stop.reason == .signal(SIGUSR2), "the first reason stays")
        #expect(RecordingStopReason.signal(SIGTERM).description == "SIGTERM")
    }

    @Test func closingTheUnfinishedFrameOfAClosedWriterIsAnError() throws {
        let directory = TemporaryDirectory()
        let writer = try RecordingWriter(path: directory.path + "/closed.evemu", device: DeviceFixtures.touchscreen)
        #expect(try writer.closeUnfinishedFrame() == 0, "nothing pending: nothing written")
        try writer.close()
        #expect(throws: RecordingWriterError.self) { try writer.closeUnfinishedFrame() }
    }
}
