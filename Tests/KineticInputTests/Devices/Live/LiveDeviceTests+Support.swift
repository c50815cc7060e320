import Glibc
@testable import KineticInput

typealias LiveEvent = (type: UInt16, code: UInt16, value: Int32)

/// Gestures written to virtual devices, in the kernel's canonical form: only changed values, no `ABS_MT_SLOT`
/// while slot 0 is current (docs/INPUT.md §1.3), so the kernel passes every event through.
enum LiveGestures {
    static let report: LiveEvent = (0, 0, 0)

    /// A one-finger swipe like the example of §2.3: touch down, twelve moves left, lift.
    static let swipe: [[LiveEvent]] = {
        var frames: [[LiveEvent]] = [[
            (Code.evAbs, Code.absMTTrackingID, 31), (Code.evAbs, Code.absMTPositionX, 3600),
            (Code.evAbs, Code.absMTPositionY, 1300), (Code.evKey, Code.btnTouch, 1),
            (Code.evAbs, Code.absX, 3600), (Code.evAbs, Code.absY, 1300),
        ]]
        var x: Int32 = 3600
        for step: Int32 in [8, 16, 32, 48, 64, 96, 128, 160, 192, 192, 192, 192] {
            x -= step
            frames.append([(Code.evAbs, Code.absMTPositionX, x), (Code.evAbs, Code.absX, x)])
        }
        frames.append([(Code.evAbs, Code.absMTTrackingID, -1), (Code.evKey, Code.btnTouch, 0)])
        return frames
    }()
}

/// Bounded reading helpers: every loop ends at its deadline.
enum LiveReading {
    /// Reads until `count` events arrived, the device stops being readable, or `timeout` passed.
    static func collect(from device: InputDevice, count: Int, timeout: Duration) -> DeviceReadResult {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var total = DeviceReadResult(events: [], resyncCount: 0, status: .open)
        while total.events.count < count, total.status == .open {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { break }
            if device.wait(timeout: remaining) == .timedOut { continue }
            let read = device.readAvailable()
            total.events += read.events
            total.resyncCount += read.resyncCount
            total.status = read.status
        }
        return total
    }

    /// Reads until nothing more arrives for 500 ms (or `timeout` passed).
    static func drain(_ device: InputDevice, timeout: Duration) -> DeviceReadResult {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var total = DeviceReadResult(events: [], resyncCount: 0, status: .open)
        while total.status == .open, clock.now < deadline {
            guard device.wait(timeout: .milliseconds(500)) == .readable else { break }
            let read = device.readAvailable()
            total.events += read.events
            total.resyncCount += read.resyncCount
            total.status = read.status
        }
        return total
    }

    /// Collects monitor changes until `wanted` is among them or `timeout` passed.
    static func changes(of monitor: DeviceMonitor, until wanted: DeviceChange, timeout: Duration) -> [DeviceChange] {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var all: [DeviceChange] = []
        while !all.contains(wanted) {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { break }
            all += monitor.waitForChanges(timeout: remaining)
        }
        return all
    }

    /// Splits events into frames at `SYN_REPORT` (the report belongs to its frame).
    static func frames(_ events: [InputEvent]) -> [[InputEvent]] {
        var frames: [[InputEvent]] = []
        var current: [InputEvent] = []
        for event in events {
            current.append(event)
            if event.type == 0 && event.code == 0 {
                frames.append(current)
                current = []
            }
        }
        if !current.isEmpty { frames.append(current) }
        return frames
    }

    /// Now on CLOCK_MONOTONIC, read here rather than through the daemon's clock: the tests check the devices'
    /// timestamps against it.
    static func now() -> UInt64 { (UInt64(monotonicNow() * 1e9)) }

    static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
