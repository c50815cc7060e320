// SPDX-License-Identifier: Apache-2.0
/// A hotplug change seen by ``DeviceMonitor``.
public enum DeviceChange: Hashable, Sendable {
    /// An evdev node appeared and can be opened, e.g. `/dev/input/event5`.
    case added(String)
    /// An evdev node that was reported as added has gone.
    case removed(String)

    /// The node's path.
    public var path: String {
        switch self {
        case .added(let path), .removed(let path): return path
        }
    }
}
