import FoundationEssentials
import Testing
@testable import KineticInput
import KineticTime

private typealias S = EventScript

@Suite struct MultitouchFrameTests {
    /// Two fingers in slots 0 and 1, slot 0 lifts and is reused by a third contact; positions are units / 10 mm.
    @Test func slotsAreTrackedAndReused() {
        var script = EventScript()
        script.frame(at: 0, [S.id(5), S.x(100), S.y(200)])
        script.frame(at: 10_000, [S.slot(1), S.id(6), S.x(500), S.y(250)])
        script.frame(at: 20_000, [S.slot(0), S.x(120)])          // slot 0 moves; slot 1 silent
        script.frame(at: 30_000, [S.id(-1)])                       // slot 0 lifts
        script.frame(at: 40_000, [S.id(7), S.x(900), S.y(400)])    // slot 0 reused by a new contact
        script.frame(at: 50_000, [S.slot(1), S.id(-1)])
        script.frame(at: 60_000, [S.slot(0), S.id(-1)])
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        let events = processor.process(script.events)
        let summary = events.map { "\($0.phase) \($0.source) \($0.location.x),\($0.location.y) n=\($0.activeCount)" }
        #expect(summary == [
            "began touch(id: 5) 10.0,20.0 n=1",
            "began touch(id: 6) 50.0,25.0 n=2",
            "changed touch(id: 5) 12.0,20.0 n=2",
            "ended touch(id: 5) 12.0,20.0 n=1",
            "began touch(id: 7) 90.0,40.0 n=2",
            "ended touch(id: 6) 50.0,25.0 n=1",
            "ended touch(id: 7) 90.0,40.0 n=0",
        ])
        #expect(events[4].normalizedLocation == CGPoint(x: 0.9, y: 0.8))
        #expect(processor.activeSources.isEmpty)
    }

    /// A new tracking id in a slot without a −1 first ends the old contact and begins the new one in that frame.
    @Test func trackingIDChangeInOneFrame() {
        var script = EventScript()
        script.frame(at: 0, [S.id(1), S.x(10), S.y(10)])
        script.frame(at: 8_000, [S.id(-1), S.id(2), S.x(30)])
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        let events = processor.process(script.events)
        #expect(events.map(\.phase) == [.began, .ended, .began])
        #expect(events[1].location == CGPoint(x: 1, y: 1))      // the old contact ends where it was
        #expect(events[2].location == CGPoint(x: 3, y: 1))
        #expect(events[2].activeCount == 1)
    }

    /// Nothing is emitted before SYN_REPORT; a frame with no change emits nothing.
    @Test func framesCloseAtSynReport() {
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        let t = Nanoseconds.of(seconds: 1, microseconds: 0)
        #expect(processor.process(InputEvent(time: t, type: 3, code: 0x39, value: 9)).isEmpty)
        #expect(processor.process(InputEvent(time: t, type: 3, code: 0x35, value: 9)).isEmpty)
        #expect(processor.process(InputEvent(time: t, type: 0, code: 0, value: 0)).count == 1)
        #expect(processor.process(InputEvent(time: t, type: 0, code: 0, value: 0)).isEmpty)
    }

    /// ABS_X/Y and BTN_TOUCH are the kernel's emulation on an MT device: ignored.
    @Test func singleTouchEmulationIsIgnoredOnMT() {
        var script = EventScript()
        script.frame(at: 0, [(1, 0x14a, 1), (3, 0, 500), (3, 1, 100)])
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        #expect(processor.process(script.events).isEmpty)
    }

    /// MT_TOOL_PALM cancels the touch; it stays silent until its tracking id ends.
    @Test func palmCancels() {
        var script = EventScript()
        script.frame(at: 0, [S.id(3), S.x(10), S.y(10)])
        script.frame(at: 8_000, [(3, 0x37, 2), S.x(20)])
        script.frame(at: 16_000, [S.x(30)])
        script.frame(at: 24_000, [S.id(-1)])
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        let events = processor.process(script.events)
        #expect(events.map(\.phase) == [.began, .cancelled])
        #expect(events[1].velocity == .zero && events[1].activeCount == 0)
    }

    /// Slot numbers outside the device's range are ignored (no trap, no phantom touch).
    @Test func outOfRangeSlotIsIgnored() {
        var script = EventScript()
        script.frame(at: 0, [S.slot(5000), S.id(1), S.x(1)])
        script.frame(at: 8_000, [S.slot(-3), S.id(2), S.x(1)])
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        #expect(processor.process(script.events).isEmpty)
    }
}

@Suite struct ResyncTests {
    /// docs/INPUT.md §1.2, the sequence verified in qemu: after SYN_DROPPED libevdev delivers
    /// `ABS_MT_SLOT 0, ABS_MT_TRACKING_ID -1, SYN_REPORT, BTN_TOUCH 0, ABS_X 2999, SYN_REPORT`.
    /// The touch ends once, with zero velocity (its release motion was lost), and nothing leaks.
    @Test func droppedLiftEndsTheTouchWithoutFling() {
        var script = EventScript()
        script.frame(at: 0, [S.id(4), S.x(100), S.y(100)])
        for i in 1...5 { script.frame(at: i * 8_000, [S.x(Int32(100 + 40 * i))]) }
        let t = Nanoseconds.of(seconds: 0, microseconds: 50_000)
        script.events += [InputEvent(time: t, type: 3, code: 0x35, value: 320),       // half-read frame
                          InputEvent(time: t, type: 0, code: 3, value: 0),            // SYN_DROPPED
                          InputEvent(time: t, type: 3, code: 0x2f, value: 0),
                          InputEvent(time: t, type: 3, code: 0x39, value: -1),
                          InputEvent(time: t, type: 0, code: 0, value: 0),
                          InputEvent(time: t, type: 1, code: 0x14a, value: 0),
                          InputEvent(time: t, type: 3, code: 0, value: 2999),
                          InputEvent(time: t, type: 0, code: 0, value: 0)]
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        let events = processor.process(script.events)
        #expect(events.map(\.phase) == [.began] + Array(repeating: .changed, count: 6) + [.ended])
        #expect(events[6].location.x == 32)           // the half-read frame was closed, as libinput does
        #expect(events.last?.velocity == .zero)
        #expect(events.last?.location.x == 32)
        #expect(processor.activeSources.isEmpty)
    }

    /// A resync that re-delivers the tracking id a slot already has continues the same touch: no second `began`.
    @Test func redeliveredTrackingIDIsNotDuplicated() {
        var script = EventScript()
        script.frame(at: 0, [S.id(8), S.x(100), S.y(100)])
        script.events.append(InputEvent(time: script.time, type: 0, code: 3, value: 0))
        script.frame(at: 30_000, [S.slot(0), S.id(8), S.x(150), S.y(100)])
        script.frame(at: 38_000, [S.x(160)])
        script.frame(at: 46_000, [S.id(-1)])
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        let events = processor.process(script.events)
        #expect(events.map(\.phase) == [.began, .changed, .changed, .ended])
        #expect(Set(events.map(\.source)) == [.touch(id: 8)])
    }

    /// The full-state hook: slots not in the snapshot end, same ids continue, new ids begin.
    @Test func snapshotResync() {
        var script = EventScript()
        script.frame(at: 0, [S.id(1), S.x(100), S.y(100), S.slot(1), S.id(2), S.x(200), S.y(200)])
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        #expect(processor.process(script.events).count == 2)
        let state = DeviceState(slots: [1: .init(trackingID: 2, x: 210, y: 200), 2: .init(trackingID: 3, x: 300, y: 300)],
                                currentSlot: 2, keysDown: [EventCodes.btnTouch])
        let events = processor.resynchronize(to: state, at: Nanoseconds.of(seconds: 1, microseconds: 0))
        let summary = events.map { "\($0.phase) \($0.source) \($0.location.x)" }
        #expect(summary == ["ended touch(id: 1) 10.0", "changed touch(id: 2) 21.0", "began touch(id: 3) 30.0"])
        #expect(events[0].velocity == .zero)
        #expect(processor.activeSources == [.touch(id: 2), .touch(id: 3)])
        // The current slot came from the snapshot: a bare position now moves slot 2.
        script = EventScript()
        script.frame(at: 1_008_000, [S.x(310)])
        #expect(processor.process(script.events).map(\.source) == [.touch(id: 3)])
    }
}

@Suite struct CancelAllTests {
    /// Unplug mid-gesture: every active gesture is cancelled (no fling) and remains silent afterwards.
    @Test func cancelsTouchesAndStaysSilent() {
        var script = EventScript()
        script.frame(at: 0, [S.id(1), S.x(100), S.y(100), S.slot(1), S.id(2), S.x(200), S.y(200)])
        script.frame(at: 8_000, [S.slot(0), S.x(150)])
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        _ = processor.process(script.events)
        let cancelled = processor.cancelAll(at: Nanoseconds.of(seconds: 0, microseconds: 9_000))
        #expect(cancelled.map(\.phase) == [.cancelled, .cancelled])
        #expect(cancelled.map(\.source) == [.touch(id: 1), .touch(id: 2)])
        #expect(cancelled.allSatisfy { $0.velocity == .zero && $0.activeCount == 0 })
        script = EventScript()
        script.frame(at: 16_000, [S.slot(0), S.x(170)])
        script.frame(at: 24_000, [S.id(-1), S.slot(1), S.id(-1)])
        script.frame(at: 32_000, [S.slot(0), S.id(9), S.x(1), S.y(1)])
        let after = processor.process(script.events)
        #expect(after.map(\.phase) == [.began])
        #expect(after.first?.source == .touch(id: 9))
        #expect(processor.cancelAll(at: script.time).count == 1)
        #expect(processor.cancelAll(at: script.time).isEmpty)
    }
}

@Suite struct SingleTouchFrameTests {
    /// ABS_X/Y from 100 at 20 units/mm: (300, 500) is (10, 20) mm; ids count from 0.
    @Test func btnTouchMakesOneContact() {
        var script = EventScript()
        script.frame(at: 0, [(1, 0x14a, 1), (3, 0, 300), (3, 1, 500)])
        script.frame(at: 10_000, [(3, 0, 340)])
        script.frame(at: 20_000, [(1, 0x14a, 0)])
        script.frame(at: 30_000, [(1, 0x14a, 1), (3, 0, 1100)])
        var processor = InputFrameProcessor(device: TestDevices.singleTouch)
        let events = processor.process(script.events)
        #expect(events.map(\.phase) == [.began, .changed, .ended, .began])
        #expect(events.map(\.source) == [.touch(id: 0), .touch(id: 0), .touch(id: 0), .touch(id: 1)])
        #expect(events[0].location == CGPoint(x: 10, y: 20))
        #expect(events[1].location == CGPoint(x: 12, y: 20))
        #expect(abs(events[1].velocity.width - 200) < 1e-9)   // 2 mm in 10 ms, two samples
        #expect(events[3].normalizedLocation == CGPoint(x: 1, y: 0.4))
    }
}

@Suite struct PointerFrameTests {
    /// docs/INPUT.md §2.4's mouse drag: BTN_LEFT down, moves summing to (66, −12) counts, release 48 ms after the
    /// last move, then a wheel notch. At 1000 DPI one count is 0.0254 mm.
    @Test func mouseDragWithButton() {
        var script = EventScript()
        script.frame(at: 1, [(4, 4, 589825), (1, 0x110, 1)])
        let moves: [(Int32, Int32)] = [(4, -1), (9, -2), (15, -3), (18, -3), (14, -2), (6, -1)]
        for (i, m) in moves.enumerated() { script.frame(at: 8_001 * (i + 1) - i, [(2, 0, m.0), (2, 1, m.1)]) }
        script.frame(at: 96_001, [(4, 4, 589825), (1, 0x110, 0)])
        script.frame(at: 446_001, [(2, 11, 120), (2, 8, 1)])
        var processor = InputFrameProcessor(device: TestDevices.mouse)
        let events = processor.process(script.events)
        #expect(events.map(\.phase) == [.began] + Array(repeating: .changed, count: 6) + [.ended])
        #expect(Set(events.map(\.source)) == [.pointer(button: 0x110)])
        #expect(events[0].location == .zero)
        let end = events[7].location
        #expect(abs(end.x - 66 * 0.0254) < 1e-9 && abs(end.y - -12 * 0.0254) < 1e-9)
        #expect(events[7].normalizedLocation == nil)
        #expect(events[7].time == Nanoseconds.of(seconds: 0, microseconds: 96_001))
        // Released 48 ms after the last move: the stop rule gives no fling.
        #expect(events[7].velocity == .zero)
    }

    /// Motion without a button only moves the pointer; the drag starts where the pointer is.
    /// With 25.4 counts/mm (a 645 DPI mouse), 254 counts are 10 mm.
    @Test func motionWithoutButtonIsNoGesture() {
        var script = EventScript()
        script.frame(at: 0, [(2, 0, 254), (2, 1, 508)])
        script.frame(at: 8_000, [(1, 0x111, 1)])
        script.frame(at: 16_000, [(1, 0x110, 1), (2, 0, 254)])
        script.frame(at: 24_000, [(1, 0x111, 0)])
        var processor = InputFrameProcessor(device: TestDevices.mouse, configuration: .init(pointerCountsPerMillimetre: 25.4))
        let events = processor.process(script.events)
        #expect(events.map(\.phase) == [.began, .changed, .ended])
        #expect(events[0].source == .pointer(button: 0x111))
        #expect(abs(events[0].location.x - 10) < 1e-9 && abs(events[0].location.y - 20) < 1e-9)
        #expect(abs(events[1].location.x - 20) < 1e-9)
        // The right button started the drag; releasing it ends the drag even though the left is still down.
        #expect(events[2].activeCount == 0)
        #expect(processor.activeSources.isEmpty)
    }

    @Test func cancelAllCancelsTheDrag() {
        var script = EventScript()
        script.frame(at: 0, [(1, 0x110, 1)])
        script.frame(at: 8_000, [(2, 0, 10)])
        var processor = InputFrameProcessor(device: TestDevices.mouse)
        _ = processor.process(script.events)
        let cancelled = processor.cancelAll(at: script.time)
        #expect(cancelled.map(\.phase) == [.cancelled] && cancelled.first?.source == .pointer(button: 0x110))
        script = EventScript()
        script.frame(at: 16_000, [(2, 0, 10)])
        script.frame(at: 24_000, [(1, 0x110, 0)])
        #expect(processor.process(script.events).isEmpty)
    }
}

@Suite struct ResyncOtherDevicesTests {
    /// Single-touch: BTN_TOUCH 0 delivered by the resync ends the contact once, with zero velocity.
    @Test func singleTouchLiftInsideTheDrop() {
        var script = EventScript()
        script.frame(at: 0, [(1, 0x14a, 1), (3, 0, 300), (3, 1, 500)])
        script.frame(at: 8_000, [(3, 0, 340)])
        script.frame(at: 16_000, [(3, 0, 380)])
        script.events.append(InputEvent(time: script.time, type: 0, code: 3, value: 0))
        script.frame(at: 40_000, [(1, 0x14a, 0)])
        var processor = InputFrameProcessor(device: TestDevices.singleTouch)
        let events = processor.process(script.events)
        #expect(events.map(\.phase) == [.began, .changed, .changed, .ended])
        #expect(events.last?.velocity == .zero)
        #expect(processor.activeSources.isEmpty)
    }

    /// Mouse: a button released inside the drop ends the drag with zero velocity.
    @Test func buttonReleaseInsideTheDrop() {
        var script = EventScript()
        script.frame(at: 0, [(1, 0x110, 1)])
        script.frame(at: 8_000, [(2, 0, 40)])
        script.frame(at: 16_000, [(2, 0, 40)])
        script.events.append(InputEvent(time: script.time, type: 0, code: 3, value: 0))
        script.frame(at: 20_000, [(1, 0x110, 0)])
        var processor = InputFrameProcessor(device: TestDevices.mouse)
        let events = processor.process(script.events)
        #expect(events.map(\.phase) == [.began, .changed, .changed, .ended])
        #expect(events.last?.velocity == .zero)
    }
}

@Suite struct ResyncQuietTouchTests {
    /// After a drop, a touch the resync does not move emits nothing (its velocity history is only cleared).
    @Test func unmovedTouchStaysQuiet() {
        var script = EventScript()
        script.frame(at: 0, [S.id(1), S.x(100), S.y(100), S.slot(1), S.id(2), S.x(200), S.y(200)])
        script.events.append(InputEvent(time: script.time, type: 0, code: 3, value: 0))
        script.frame(at: 30_000, [S.slot(1), S.x(210)])
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        let events = processor.process(script.events)
        #expect(events.map(\.phase) == [.began, .began, .changed])
        #expect(events.last?.source == .touch(id: 2))
        #expect(events.last?.velocity == .zero)   // one sample since the drop: no estimate yet
    }
}
