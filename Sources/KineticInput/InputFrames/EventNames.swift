// SPDX-License-Identifier: Apache-2.0
import CEvdev

/// libevdev's name tables, usable without a device (docs/INPUT.md §1.8).
public enum EventNames {
    /// "EV_ABS" for 3, or nil for an unknown type.
    public static func typeName(_ type: UInt16) -> String? {
        libevdev_event_type_get_name(UInt32(type)).map { String(cString: $0) }
    }

    /// "ABS_MT_POSITION_X" for (3, 0x35), or nil for an unknown code.
    public static func codeName(type: UInt16, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
    }
}
