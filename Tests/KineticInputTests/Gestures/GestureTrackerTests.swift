import FoundationEssentials
import Testing
@testable import KineticInput

private typealias S = EventScript

@Suite struct GestureTrackerTests {
    static func run(_ script: EventScript, device: DeviceDescription = TestDevices.touchscreen,
                    deviceClass: DeviceClass = .touchscreen) -> (GestureTracker, [GestureEvent]) {
        var processor = InputFrameProcessor(device: device)
        let events = processor.process(script.events)
        var tracker = GestureTracker(deviceClass: deviceClass)
        tracker.update(with: events)
        return (tracker, events)
    }

    /// Finger A stays at (10, 10) mm; finger B starts 10 mm to its right and moves right at 50 mm/s
    /// (0.4 mm per 8 ms frame = 4 units). Distance 10 + 50t, so magnification = 1 + 5t and its velocity is 5/s; the
    /// reported velocity must equal the numerical derivative of the reported magnification.
    @Test func magnificationVelocityIsTheDerivative() throws {
        var script = EventScript()
        script.frame(at: 0, [S.id(1), S.x(100), S.y(100)])
        script.frame(at: 8_000, [S.slot(1), S.id(2), S.x(200), S.y(100)])
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        var tracker = GestureTracker(deviceClass: .touchscreen)
        tracker.update(with: processor.process(script.events))
        #expect(tracker.magnify?.phase == .began && tracker.magnify?.magnification == 1)
        var previous: MagnifyValue?
        for frame in 1...10 {
            var step = EventScript()
            step.frame(at: 8_000 + frame * 8_000, [S.x(Int32(200 + 4 * frame))])
            tracker.update(with: processor.process(step.events))
            let m = try #require(tracker.magnify)
            #expect(abs(m.magnification - (1 + 0.4 * Double(frame) / 10)) < 1e-12)
            if let previous, frame >= 3 {   // from the third sample on, the estimator sees constant velocity
                let dt = Double(Int64(m.time) - Int64(previous.time)) / 1e9
                #expect(abs(m.velocity - (m.magnification - previous.magnification) / dt) < 1e-9)
                #expect(abs(m.velocity - 5) < 1e-9)
            }
            previous = m
        }
        #expect(abs((tracker.magnify?.location.x ?? 0) - 17) < 1e-12)   // midpoint of 10 and 24 mm
    }

    /// The primary drag follows the first finger only: a second finger neither moves it nor takes over when the
    /// first lifts; the next drag begins with the next finger that lands on an empty surface.
    @Test func primaryDragFollowsTheFirstFinger() {
        var script = EventScript()
        script.frame(at: 0, [S.id(1), S.x(100), S.y(100)])
        script.frame(at: 8_000, [S.slot(1), S.id(2), S.x(500), S.y(100)])
        script.frame(at: 16_000, [S.x(520), S.slot(0), S.x(130)])
        script.frame(at: 24_000, [S.id(-1)])
        script.frame(at: 32_000, [S.slot(1), S.x(600)])
        let (tracker, _) = Self.run(script)
        #expect(tracker.drag?.phase == .ended)
        #expect(tracker.drag?.startLocation == CGPoint(x: 10, y: 10))
        #expect(tracker.drag?.translation == CGSize(width: 3, height: 0))
        #expect(tracker.touches.map(\.source) == [.touch(id: 2)])
        #expect(tracker.touches.first?.latest.location == CGPoint(x: 60, y: 10))
        #expect(tracker.magnify?.phase == .ended)

        var next = script
        next.frame(at: 40_000, [S.id(-1)])
        next.frame(at: 48_000, [S.slot(0), S.id(3), S.x(300), S.y(300)])
        let (after, _) = Self.run(next)
        #expect(after.drag?.phase == .began && after.drag?.startLocation == CGPoint(x: 30, y: 30))
    }

    /// A third finger does not disturb the pinch of the first two.
    @Test func thirdFingerDoesNotDisturbThePair() {
        var script = EventScript()
        script.frame(at: 0, [S.id(1), S.x(100), S.y(100)])
        script.frame(at: 8_000, [S.slot(1), S.id(2), S.x(300), S.y(100)])
        script.frame(at: 16_000, [S.slot(2), S.id(3), S.x(900), S.y(400)])
        script.frame(at: 24_000, [S.x(950), S.slot(1), S.x(500)])
        let (tracker, _) = Self.run(script)
        #expect(tracker.magnify?.startDistance == 20)
        #expect(tracker.magnify?.magnification == 2)
        #expect(tracker.touches.count == 3)
    }

    /// A cancelled drag keeps no velocity and predicts no fling; two-finger scroll exists only on touchpads.
    @Test func cancelledDragAndScrollOnlyOnTouchpads() {
        var script = EventScript()
        script.frame(at: 0, [S.id(1), S.x(100), S.y(100), S.slot(1), S.id(2), S.x(200), S.y(100)])
        for i in 1...4 { script.frame(at: i * 8_000, [S.slot(0), S.y(Int32(100 + 20 * i)), S.slot(1), S.y(Int32(100 + 20 * i))]) }
        var processor = InputFrameProcessor(device: TestDevices.touchscreen)
        let events = processor.process(script.events)
        var touchpad = GestureTracker(deviceClass: .touchpad)
        touchpad.update(with: events)
        // Both fingers moved 8 mm down at 250 mm/s: the midpoint too.
        #expect(touchpad.scroll?.phase == .changed)
        #expect(touchpad.scroll?.translation == CGSize(width: 0, height: 8))
        #expect(abs((touchpad.scroll?.velocity.height ?? 0) - 250) < 1e-9)
        #expect(abs((touchpad.scroll?.predictedEndTranslation.height ?? 0) - (8 + 250 * 0.499)) < 1e-9)
        touchpad.update(with: processor.cancelAll(at: script.time))
        #expect(touchpad.drag?.phase == .cancelled && touchpad.drag?.velocity == .zero)
        #expect(touchpad.drag?.predictedEndLocation == touchpad.drag?.location)
        #expect(touchpad.scroll?.phase == .cancelled && touchpad.scroll?.velocity == .zero)
        #expect(touchpad.touches.isEmpty)

        var touchscreen = GestureTracker(deviceClass: .touchscreen)
        touchscreen.update(with: events)
        #expect(touchscreen.scroll == nil && touchscreen.magnify != nil)
    }

    /// A mouse drag is the primary drag.
    @Test func pointerDragIsPrimary() {
        var script = EventScript()
        script.frame(at: 0, [(1, 0x110, 1)])
        script.frame(at: 8_000, [(2, 0, 254)])
        script.frame(at: 16_000, [(1, 0x110, 0)])
        var processor = InputFrameProcessor(device: TestDevices.mouse, configuration: .init(pointerCountsPerMillimetre: 25.4))
        var tracker = GestureTracker(deviceClass: .mouse)
        tracker.update(with: processor.process(script.events))
        #expect(tracker.drag?.phase == .ended)
        #expect(abs((tracker.drag?.translation.width ?? 0) - 10) < 1e-9)
        #expect(tracker.magnify == nil)
    }
}
