// SPDX-License-Identifier: Apache-2.0
import Glibc
import KineticTime

/// What ``InputDevice/wait(timeout:)`` saw on the device's fd.
public enum DeviceWaitResult: Hashable, Sendable {
    /// Events are queued: call ``InputDevice/readAvailable(limit:)``.
    case readable
    /// Nothing arrived within the timeout.
    case timedOut
    /// `POLLHUP`/`POLLERR`: the device was unplugged or revoked (docs/INPUT.md §1.11).
    case unplugged
    /// The device was closed.
    case closed
}

extension InputDevice {
    /// Waits with `poll(2)` until the device is readable or hung up, at most `timeout` (for poll loops and
    /// tests; a daemon would rather watch ``fileDescriptor`` with its event loop).
    public func wait(timeout: Duration) -> DeviceWaitResult {
        guard isOpen else { return .closed }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let rc = poll(&descriptor, 1, timeout.pollMilliseconds)
        if rc == 0 { return .timedOut }
        if rc < 0 { return errno == EINTR ? .timedOut : .closed }
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .unplugged }
        return .readable
    }
}
