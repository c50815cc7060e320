import CEvdev
import Glibc

extension InputDevice {
    /// Reads every queued event with `libevdev_next_event`, at most `limit` of them (a resync is always
    /// finished, so a few more may come back), and handles `SYN_DROPPED` (shared/spec/linux-input.md §1.2):
    /// NORMAL reads until `-EAGAIN`; on `LIBEVDEV_READ_STATUS_SYNC` the interrupted frame is closed with a
    /// synthetic `SYN_REPORT` and the resync delta is read in SYNC mode until `-EAGAIN`.
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
                    handle.isInsideFrame = !InputDevice.isReport(event)
                } else if rc == LIBEVDEV_READ_STATUS_SYNC.rawValue {
                    resyncs += 1
                    if handle.isInsideFrame {
                        events.append(InputEvent(time: InputEvent(event).time, type: UInt16(EV_SYN),
                                                 code: UInt16(SYN_REPORT), value: 0))
                    }
                    handle.isInsideFrame = false
                    if let status = InputDevice.readResync(device, path: path, into: &events, handle: &handle) {
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
    private static func readResync(_ device: OpaquePointer, path: String, into events: inout [InputEvent],
                                   handle: inout Handle) -> DeviceReadResult.Status? {
        var event = input_event()
        // The delta is bounded by the device's state (codes × slots); the cap only guards against a broken library.
        for _ in 0..<65_536 {
            let rc = libevdev_next_event(device, LIBEVDEV_READ_FLAG_SYNC.rawValue, &event)
            if rc == LIBEVDEV_READ_STATUS_SYNC.rawValue {
                events.append(InputEvent(event))
                handle.isInsideFrame = !isReport(event)
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

    private static func isReport(_ event: input_event) -> Bool {
        Int32(event.type) == EV_SYN && Int32(event.code) == SYN_REPORT
    }
}
