import Glibc
import Testing
@testable import KineticInput
import KineticTime

/// ``InputDevice`` on a pipe that the FakeEvdev ioctl double presents as the example touchscreen: the real
/// libevdev read loop, deterministic timestamps and a controlled resync state, without a kernel device.
/// (The same paths against the real kernel: LiveDeviceTests in the VM.)
@Suite struct InputDeviceTests {
    static func time(_ milliseconds: Int32) -> UInt64 {
        Nanoseconds.of(seconds: 5, microseconds: UInt32(milliseconds) * 1000 + 1)
    }

    static func frame(_ milliseconds: Int32, _ events: [(UInt16, UInt16, Int32)]) -> [InputEvent] {
        (events + [(0, 0, 0)]).map { InputEvent(time: time(milliseconds), type: $0.0, code: $0.1, value: $0.2) }
    }

    static let down = frame(0, [(Code.evAbs, Code.absMTTrackingID, 31), (Code.evAbs, Code.absMTPositionX, 3600),
                                (Code.evAbs, Code.absMTPositionY, 1300), (Code.evKey, Code.btnTouch, 1),
                                (Code.evAbs, Code.absX, 3600), (Code.evAbs, Code.absY, 1300)])

    @Test func opensThroughLibevdevWithMonotonicTimestamps() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.touchscreen)
        let device = try InputDevice.open(path: fake.path)
        DeviceFixtures.expect(device.deviceDescription, describes: DeviceFixtures.touchscreen)
        #expect(device.deviceClass == .touchscreen)
        #expect(fake.clockRequests(CLOCK_MONOTONIC) == 1)
        #expect(!device.isGrabbed)
    }

    @Test func readsFramesWithTheirTimestamps() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.touchscreen)
        let device = try InputDevice.open(path: fake.path)
        #expect(device.wait(timeout: .milliseconds(50)) == .timedOut)
        #expect(device.readAvailable() == DeviceReadResult(events: [], resyncCount: 0, status: .open))

        let written = Self.down
            + Self.frame(8, [(Code.evAbs, Code.absMTPositionX, 3592), (Code.evAbs, Code.absX, 3592)])
            + Self.frame(16, [(Code.evAbs, Code.absMTTrackingID, -1), (Code.evKey, Code.btnTouch, 0)])
        fake.write(written)
        #expect(device.wait(timeout: .seconds(5)) == .readable)
        let read = device.readAvailable()
        #expect(read == DeviceReadResult(events: written, resyncCount: 0, status: .open))

        var processor = InputFrameProcessor(device: device.deviceDescription)
        let gestures = processor.process(read, goneAt: LiveReading.now())
        #expect(gestures.map(\.phase) == [.began, .changed, .ended])
        #expect(gestures.map(\.time) == [Self.time(0), Self.time(8), Self.time(16)])
        // 3592 / 16 units per mm.
        #expect(gestures.last?.location.x == 224.5)
    }

    @Test func readStopsAtTheLimitAndContinuesNextTime() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.touchscreen)
        let device = try InputDevice.open(path: fake.path)
        fake.write(Self.down)
        let first = device.readAvailable(limit: 4)
        #expect(first == DeviceReadResult(events: Array(Self.down.prefix(4)), resyncCount: 0, status: .open))
        let rest = device.readAvailable(limit: 4)
        #expect(rest.events == Array(Self.down.dropFirst(4)))
    }

    @Test func synDroppedHandsOnTheDropAndTheResyncDeltaOnly() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.touchscreen)
        let device = try InputDevice.open(path: fake.path)
        fake.write(Self.down)
        let first = device.readAvailable()
        #expect(first.events == Self.down)

        // Meanwhile the finger moved and lifted; the kernel queue overflowed. What is queued after the drop is
        // stale and must not be handed out (§1.2); the resync reads the state below instead.
        fake.setSlotValue(slot: 0, code: Code.absMTTrackingID, -1)
        fake.setSlotValue(slot: 0, code: Code.absMTPositionX, 2999)
        fake.setKey(Code.btnTouch, down: false)
        fake.setAbsValue(Code.absX, AbsInfo(value: 2999, minimum: 0, maximum: 4095, resolution: 16))
        let dropped = InputEvent(time: Self.time(40), type: 0, code: 3, value: 0)
        fake.write([dropped] + Self.frame(40, [(Code.evAbs, Code.absMTPositionX, 1500), (Code.evAbs, Code.absX, 1500)]))

        let read = device.readAvailable()
        #expect(read.resyncCount == 1)
        #expect(read.status == .open)
        #expect(read.events.first == dropped)
        #expect(!read.events.contains { $0.value == 1500 }, "events queued after the drop are discarded")
        #expect(read.events.last.map { [$0.type, $0.code] } == [0, 0])
        let state = AppliedDeviceState(applying: first.events + read.events)
        #expect(state.slotValue(slot: 0, code: Code.absMTTrackingID) == -1)
        #expect(state.value(type: Code.evKey, code: Code.btnTouch) == 0)
        #expect(state.value(type: Code.evAbs, code: Code.absX) == 2999)

        var processor = InputFrameProcessor(device: device.deviceDescription)
        #expect((processor.process(first, goneAt: LiveReading.now()) + processor.process(read, goneAt: LiveReading.now())).map(\.phase) == [.began, .ended])
        #expect(processor.activeSources.isEmpty)
    }

    @Test func grabTakenAndReleased() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.mouse)
        let device = try InputDevice.open(path: fake.path, grab: true)
        #expect(device.isGrabbed)
        try device.ungrab()
        #expect(!device.isGrabbed)
    }

    @Test func grabHeldByAnotherClientNamesTheDevice() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.mouse)
        fake.failGrabs(with: EBUSY)
        #expect(throws: DeviceError.grabbedByAnotherClient(path: fake.path)) {
            _ = try InputDevice.open(path: fake.path, grab: true)
        }
    }

    @Test func hangupIsReportedAsUnplugged() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.mouse)
        let device = try InputDevice.open(path: fake.path)
        fake.closeWriter()
        #expect(device.wait(timeout: .seconds(5)) == .unplugged)
    }

    @Test func closedDeviceReadsNothing() throws {
        let fake = try FakeEvdevDevice(DeviceFixtures.mouse)
        let device = try InputDevice.open(path: fake.path)
        device.close()
        device.close()
        #expect(!device.isOpen)
        #expect(device.readAvailable() == DeviceReadResult(events: [], resyncCount: 0, status: .closed))
        #expect(device.wait(timeout: .milliseconds(10)) == .closed)
    }
}
