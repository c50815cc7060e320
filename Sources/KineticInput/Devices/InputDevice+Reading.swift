// SPDX-License-Identifier: Apache-2.0
import CEvdev
import Glibc

extension InputDevice {
    /// Reads every queued event with `libevdev_next_event`, at most `limit` of them (a resync is always
    /// finished, so a few more may come back), and handles `SYN_DROPPED` (docs/INPUT.md §1.2):
    /// NORMAL reads until `-EAGAIN`; on `LIBEVDEV_READ_STATUS_SYNC` the `SYN_DROPPED` event is passed on and the
    /// resync delta is read in SYNC mode until `-EAGAIN`.
    ///
    /// `-ENODEV` gives ``DeviceReadResult/Status-swift.enum/unplugged`` (§1.11), with the events read before it.
    public func readAvailable(limit: Int = 4096) -> DeviceReadResult {
        let path = self.path
        return handle.withLock { handle in
            guard let device = handle.device else { return DeviceReadResult(events: [], resyncCount: 0, status: .closed) }
            var events: [InputEvent] = []
            var resyncs = 0
            var event = input_event()
            // EINTR is retried, but never without bound.
            var interruptions = 0
            while events.count < limit {
                let rc = libevdev_next_event(device, LIBEVDEV_READ_FLAG_NORMAL.rawValue, &event)
                if rc == LIBEVDEV_READ_STATUS_SUCCESS.rawValue {
                    events.append(InputEvent(event))
                } else if rc == LIBEVDEV_READ_STATUS_SYNC.rawValue {
                    // `event` is the SYN_DROPPED itself: handed on, so the frame processor closes the half-read
                    // frame and forgets stale velocity history before the delta.
                    resyncs += 1
                    events.append(InputEvent(event))
                    if let status = InputDevice.readResync(device, path: path, into: &events) {
                        return DeviceReadResult(events: events, resyncCount: resyncs, status: status)
                    }
                } else if rc == -EAGAIN {
                    break
                } else if rc == -EINTR && interruptions < 16 {
                    interruptions += 1
                } else {
                    let error = DeviceError(errno: -rc, path: path, operation: "read")
                    let status: DeviceReadResult.Status = error == .unplugged(path: path) ? .unplugged : .failed(error)
                    return DeviceReadResult(events: events, resyncCount: resyncs, status: status)
                }
            }
            return DeviceReadResult(events: events, resyncCount: resyncs, status: .open)
        }
    }

    /// Reads libevdev's resync delta until `-EAGAIN`; returns a status only when reading failed.
    private static func readResync(_ device: OpaquePointer, path: String,
                                   into events: inout [InputEvent]) -> DeviceReadResult.Status? {
        var event = input_event()
        // The delta is bounded by the device's state (codes × slots); the cap only guards against a broken library.
        for _ in 0..<65_536 {
            let rc = libevdev_next_event(device, LIBEVDEV_READ_FLAG_SYNC.rawValue, &event)
            if rc == LIBEVDEV_READ_STATUS_SYNC.rawValue {
                events.append(InputEvent(event))
            } else if rc == -EAGAIN {
                return nil
            } else if rc == -EINTR {
                continue
            } else {
                let error = DeviceError(errno: -rc, path: path, operation: "read")
                return error == .unplugged(path: path) ? .unplugged : .failed(error)
            }
        }
        return nil
    }
}
