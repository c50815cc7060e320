import FoundationEssentials
import Glibc
import Testing
@testable import KineticInput

/// Real-kernel tests: uinput devices read back through evdev and libevdev.
///
/// They create devices on the running kernel, which a developer's desktop must not get, so they run only where
/// `KINETIC_LIVE_DEVICE_TESTS=1`: inside the qemu guest of `scripts/vm/run-vm-tests.sh` (`make vm-test`, part of
/// `make test`), which loads evdev.ko and uinput.ko (docs/INPUT.md §6.3). Every wait is bounded.
@Suite(.serialized, .enabled(if: LiveDeviceEnvironment.isEnabled, "needs uinput; runs in the VM (make vm-test)"))
struct LiveDeviceTests {
    @Test func enumeratesAndClassifiesVirtualTouchscreenAndMouse() throws {
        let touchscreen = try VirtualDevice(DeviceFixtures.touchscreen)
        let mouse = try VirtualDevice(DeviceFixtures.mouse)
        let touchscreenNode = try #require(touchscreen.devnode)
        let mouseNode = try #require(mouse.devnode)

        let listing = DeviceDirectory.listDevices()
        let byPath = Dictionary(listing.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byPath[touchscreenNode]?.deviceClass == .touchscreen)
        #expect(byPath[mouseNode]?.deviceClass == .mouse)

        for (node, expected) in [(touchscreenNode, DeviceFixtures.touchscreen), (mouseNode, DeviceFixtures.mouse)] {
            DeviceFixtures.expect(try #require(try byPath[node]?.result.get()), describes: expected)
        }
    }

    @Test func framesWrittenThroughUinputComeBackIdentical() throws {
        let touchscreen = try VirtualDevice(DeviceFixtures.touchscreen)
        let reader = try InputDevice.open(path: try #require(touchscreen.devnode))
        let frames = LiveGestures.swipe
        for frame in frames { try touchscreen.writeFrame(frame) }
        let written = frames.flatMap { $0 + [LiveGestures.report] }

        let read = LiveReading.collect(from: reader, count: written.count, timeout: .seconds(20))
        #expect(read.status == .open)
        #expect(read.events.map { [$0.type, $0.code] } == written.map { [$0.type, $0.code] })
        #expect(read.events.map(\.value) == written.map(\.value))

        // The kernel stamps a whole frame at once, with CLOCK_MONOTONIC (§1.1): close to the guest's uptime,
        // not to the epoch.
        let monotonicNow = LiveReading.monotonicNow()
        for frame in LiveReading.frames(read.events) {
            #expect(Set(frame.map(\.time)).count == 1)
        }
        #expect(read.events.map(\.time) == read.events.map(\.time).sorted())
        if let last = read.events.last {
            #expect(abs((Double(last.time) / 1e9) - monotonicNow) < 60)
        }

        // The live stream drives the same frame processor as recordings: one touch, down at
        // (3600, 1300) / 16 = (225, 81.25) mm, twelve moves, lifted at x = (3600 − 1320) / 16 = 142.5 mm.
        var processor = InputFrameProcessor(device: reader.deviceDescription)
        let gestures = processor.process(read, goneAt: LiveReading.now())
        #expect(gestures.map(\.phase) == [.began] + Array(repeating: .changed, count: 12) + [.ended])
        #expect(gestures.allSatisfy { $0.source == .touch(id: 31) })
        #expect(gestures.first?.location.x == 225)
        #expect(gestures.first?.location.y == 81.25)
        #expect(gestures.last?.location.x == 142.5)
        #expect(gestures.map(\.time) == LiveReading.frames(read.events).map { $0[0].time })
    }

    /// A recording replayed onto a virtual copy of its device comes back event for event, and the live gesture
    /// stream has the recording's phases, touches and positions (only the kernel's timestamps differ).
    @Test func recordedSwipeReplaysOntoAVirtualDevice() throws {
        let recording = try EvemuFormat.read(contentsOf: try Fixtures.fixture("example-swipe.evemu"))
        let device = try VirtualDevice(recording.device)
        let reader = try InputDevice.open(path: try #require(device.devnode))
        #expect(reader.deviceClass == .touchscreen)
        try device.write(recording.events)

        let read = LiveReading.collect(from: reader, count: recording.events.count, timeout: .seconds(20))
        #expect(read.events.map { [Int32($0.type), Int32($0.code), $0.value] }
                == recording.events.map { [Int32($0.type), Int32($0.code), $0.value] })
        var processor = InputFrameProcessor(device: reader.deviceDescription)
        let live = processor.process(read, goneAt: LiveReading.now())
        let recorded = recording.gestureEvents()
        #expect(live.map(\.phase) == recorded.map(\.phase))
        #expect(live.map(\.source) == recorded.map(\.source))
        #expect(live.map(\.location) == recorded.map(\.location))
        #expect(live.map(\.normalizedLocation) == recorded.map(\.normalizedLocation))
    }

    @Test func synDroppedIsResyncedToTheKernelState() throws {
        let touchscreen = try VirtualDevice(DeviceFixtures.touchscreen)
        let reader = try InputDevice.open(path: try #require(touchscreen.devnode))
        let down = LiveGestures.swipe[0]
        try touchscreen.writeFrame(down)
        let first = LiveReading.collect(from: reader, count: down.count + 1, timeout: .seconds(20))
        #expect(first.events.count == down.count + 1)

        // Flood the client buffer without reading, then lift (as verified in §1.2).
        let floodFrames = 2000
        for index in 0..<floodFrames {
            let x = Int32(1001 + index % 1000)
            try touchscreen.writeFrame([(Code.evAbs, Code.absMTPositionX, x), (Code.evAbs, Code.absX, x)])
        }
        try touchscreen.writeFrame([(Code.evAbs, Code.absMTTrackingID, -1), (Code.evKey, Code.btnTouch, 0)])
        try touchscreen.writeFrame([(Code.evAbs, Code.absX, 2999)])

        let read = LiveReading.drain(reader, timeout: .seconds(20))
        #expect(read.resyncCount >= 1)
        #expect(read.status == .open)
        // libevdev discards the backlog queued after the drop and hands out only the resync delta (§1.2): a
        // couple of frames for this device, where replaying the backlog would give hundreds of events.
        #expect(read.events.count <= 16, "only the resync delta, never the dropped backlog")
        #expect(read.events.filter { $0.type == Code.evAbs && $0.code == Code.absX }.map(\.value) == [2999])
        #expect(read.events.contains { $0.type == Code.evAbs && $0.code == Code.absMTTrackingID && $0.value == -1 })
        #expect(read.events.last.map { [$0.type, $0.code] } == [0, 0], "the stream ends with a whole frame")
        #expect(read.events.filter { $0.type == 0 && $0.code == 3 }.count == read.resyncCount,
                "each SYN_DROPPED stays in the stream for the frame processor")
        let state = AppliedDeviceState(applying: first.events + read.events)
        #expect(state.slotValue(slot: 0, code: Code.absMTTrackingID) == -1)
        #expect(state.value(type: Code.evKey, code: Code.btnTouch) == 0)
        #expect(state.value(type: Code.evAbs, code: Code.absX) == 2999)

        // The frame processor sees the touch begin, and end through the resync delta (the lift was dropped).
        var processor = InputFrameProcessor(device: reader.deviceDescription)
        let gestures = processor.process(first, goneAt: LiveReading.now()) + processor.process(read, goneAt: LiveReading.now())
        #expect(gestures.map(\.phase) == [.began, .ended])
        #expect(gestures.allSatisfy { $0.source == .touch(id: 31) })
        #expect(processor.activeSources.isEmpty)
    }

    @Test func grabHidesEventsFromOtherReaders() throws {
        let mouse = try VirtualDevice(DeviceFixtures.mouse)
        let node = try #require(mouse.devnode)
        let owner = try InputDevice.open(path: node, grab: true)
        let other = try InputDevice.open(path: node)
        #expect(owner.isGrabbed)
        #expect(throws: DeviceError.grabbedByAnotherClient(path: node)) { try other.grab() }

        try mouse.writeFrame([(Code.evRel, Code.relX, 5)])
        let owned = LiveReading.collect(from: owner, count: 2, timeout: .seconds(20))
        #expect(owned.events.map(\.value) == [5, 0])
        #expect(other.wait(timeout: .milliseconds(500)) == .timedOut)
        #expect(other.readAvailable().events.isEmpty)

        try owner.ungrab()
        try mouse.writeFrame([(Code.evRel, Code.relX, 7)])
        let seen = LiveReading.collect(from: other, count: 2, timeout: .seconds(20))
        #expect(seen.events.map(\.value) == [7, 0])
    }

    @Test func unplugMidGestureIsReportedAndCancelsTheGesture() throws {
        let touchscreen = try VirtualDevice(DeviceFixtures.touchscreen)
        let node = try #require(touchscreen.devnode)
        let reader = try InputDevice.open(path: node)
        let gesture = Array(LiveGestures.swipe.prefix(3))
        for frame in gesture { try touchscreen.writeFrame(frame) }
        let count = gesture.reduce(0) { $0 + $1.count + 1 }
        let began = LiveReading.collect(from: reader, count: count, timeout: .seconds(20))
        #expect(began.events.count == count)
        var processor = InputFrameProcessor(device: reader.deviceDescription)
        #expect(processor.process(began, goneAt: LiveReading.now()).map(\.phase) == [.began, .changed, .changed])

        touchscreen.destroy()
        #expect(reader.wait(timeout: .seconds(10)) == .unplugged)
        let after = reader.readAvailable()
        #expect(after.status == .unplugged)
        // Unplug mid-gesture: the touch is cancelled (no fling), not ended.
        let unpluggedAt = LiveReading.now()
        let ending = processor.process(after, goneAt: unpluggedAt)
        #expect(ending.map(\.phase) == [.cancelled])
        #expect(ending.first?.source == .touch(id: 31))
        #expect(ending.first?.time == unpluggedAt)
        #expect(ending.first?.velocity == .zero)
        #expect(processor.activeSources.isEmpty)
        reader.close()
        #expect(reader.readAvailable().status == .closed)
    }

    @Test func hotplugMonitorSeesDevicesComeAndGo() throws {
        let monitor = try DeviceMonitor()
        let initial = monitor.readChanges()
        #expect(initial.allSatisfy { if case .added = $0 { true } else { false } })

        let mouse = try VirtualDevice(DeviceFixtures.mouse)
        let node = try #require(mouse.devnode)
        #expect(LiveReading.changes(of: monitor, until: .added(node), timeout: .seconds(20)).contains(.added(node)))
        mouse.destroy()
        #expect(LiveReading.changes(of: monitor, until: .removed(node), timeout: .seconds(20))
                .contains(.removed(node)))
        #expect(!monitor.presentPaths.contains(node))
    }
}

enum LiveDeviceEnvironment {
    /// Set by the VM's init; never set it on a machine whose input devices matter.
    static var isEnabled: Bool { ProcessInfo.processInfo.environment["KINETIC_LIVE_DEVICE_TESTS"] == "1" }
}

extension AbsInfo {
    /// Everything but the current value.
    var range: [Int32] { [minimum, maximum, fuzz, flat, resolution] }
}
