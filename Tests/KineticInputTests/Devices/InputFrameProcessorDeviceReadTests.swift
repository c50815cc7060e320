import Testing
@testable import KineticInput
import KineticTime

/// A device read goes through the frame processor; a device that is gone cancels its gestures (§1.11).
@Suite struct InputFrameProcessorDeviceReadTests {
    static func time(_ milliseconds: Int32) -> UInt64 { Nanoseconds.of(seconds: 100, microseconds: UInt32(milliseconds) * 1000) }

    /// Touch down at (3600, 1300), then one move to x = 3592, on the 16 units/mm example touchscreen.
    static let touchDownAndMove: [InputEvent] = [
        InputEvent(time: time(0), type: Code.evAbs, code: Code.absMTTrackingID, value: 31),
        InputEvent(time: time(0), type: Code.evAbs, code: Code.absMTPositionX, value: 3600),
        InputEvent(time: time(0), type: Code.evAbs, code: Code.absMTPositionY, value: 1300),
        InputEvent(time: time(0), type: Code.evKey, code: Code.btnTouch, value: 1),
        InputEvent(time: time(0), type: 0, code: 0, value: 0),
        InputEvent(time: time(8), type: Code.evAbs, code: Code.absMTPositionX, value: 3592),
        InputEvent(time: time(8), type: 0, code: 0, value: 0),
    ]

    @Test(arguments: [DeviceReadResult.Status.unplugged, .failed(.unplugged(path: "/dev/input/event1")), .closed])
    func goneDeviceCancelsTheGestureInProgress(_ status: DeviceReadResult.Status) {
        var processor = InputFrameProcessor(device: DeviceFixtures.touchscreen)
        let read = DeviceReadResult(events: Self.touchDownAndMove, resyncCount: 0, status: status)
        let gestures = processor.process(read, goneAt: Self.time(20))
        #expect(gestures.map(\.phase) == [.began, .changed, .cancelled])
        #expect(gestures.allSatisfy { $0.source == .touch(id: 31) })
        let cancel = gestures.last
        #expect(cancel?.time == Self.time(20))
        // 3592 / 16 units per mm = 224.5 mm, 1300 / 16 = 81.25 mm; a cancel never carries a fling velocity.
        #expect(cancel?.location.x == 224.5)
        #expect(cancel?.location.y == 81.25)
        #expect(cancel?.velocity == .zero)
        #expect(processor.activeSources.isEmpty)
    }

    @Test func openDeviceKeepsTheGestureGoing() {
        var processor = InputFrameProcessor(device: DeviceFixtures.touchscreen)
        let read = DeviceReadResult(events: Self.touchDownAndMove, resyncCount: 0, status: .open)
        #expect(processor.process(read, goneAt: Self.time(20)).map(\.phase) == [.began, .changed])
        #expect(processor.activeSources == [.touch(id: 31)])
    }
}
