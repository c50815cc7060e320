// SPDX-License-Identifier: Apache-2.0
import CEvdev
import Glibc
import KineticTime

extension DeviceDescription {
    /// Reads a description from a libevdev context: an opened device or a template (§1.9: these getters
    /// need no fd).
    ///
    /// `EV_SYN` lists every SYN code up to `SYN_MAX`, as libevdev reports them (docs/INPUT.md §3.1).
    init(libevdev device: OpaquePointer) {
        var properties: Set<UInt16> = []
        for property in 0..<UInt32(INPUT_PROP_CNT) where libevdev_has_property(device, property) == 1 {
            properties.insert(UInt16(property))
        }
        var codes: [UInt16: Set<UInt16>] = [:]
        var absInfo: [UInt16: AbsInfo] = [:]
        for type in 0..<UInt32(EV_CNT) where libevdev_has_event_type(device, type) == 1 {
            var set: Set<UInt16> = []
            let maximum = libevdev_event_type_get_max(type)
            if maximum >= 0 {
                for code in 0...UInt32(maximum) where libevdev_has_event_code(device, type, code) == 1 {
                    set.insert(UInt16(code))
                    if type == UInt32(EV_ABS), let info = libevdev_get_abs_info(device, code) {
                        absInfo[UInt16(code)] = AbsInfo(info.pointee)
                    }
                }
            }
            codes[UInt16(type)] = set
        }
        self.init(
            name: libevdev_get_name(device).map { String(cString: $0) } ?? "",
            bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(device)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(device)),
            properties: properties, codes: codes, absInfo: absInfo)
    }

    /// A libevdev template (`libevdev_new`) with this description's name, id, properties, codes and absinfo,
    /// the input of `libevdev_uinput_create_from_device` (§1.10). The caller frees it with `libevdev_free`.
    ///
    /// An `EV_ABS` code without absinfo gets the range 0…0; `EV_REP` gets the kernel defaults
    /// (250 ms delay, 33 ms period) because libevdev needs a value for them.
    func makeLibevdevTemplate() throws(DeviceError) -> OpaquePointer {
        guard let device = libevdev_new() else { throw DeviceError.uinputUnavailable(errno: ENOMEM) }
        libevdev_set_name(device, name)
        libevdev_set_id_bustype(device, Int32(bustype))
        libevdev_set_id_vendor(device, Int32(vendor))
        libevdev_set_id_product(device, Int32(product))
        libevdev_set_id_version(device, Int32(version))
        for property in properties.sorted() where libevdev_enable_property(device, UInt32(property)) != 0 {
            libevdev_free(device)
            throw DeviceError.unsupportedCode(type: UInt16(EV_SYN), code: property)
        }
        for (type, typeCodes) in codes.sorted(by: { $0.key < $1.key }) {
            guard libevdev_enable_event_type(device, UInt32(type)) == 0 else {
                libevdev_free(device)
                throw DeviceError.unsupportedCode(type: type, code: 0)
            }
            for code in typeCodes.sorted() where !enable(type: type, code: code, on: device) {
                libevdev_free(device)
                throw DeviceError.unsupportedCode(type: type, code: code)
            }
        }
        return device
    }

    private func enable(type: UInt16, code: UInt16, on device: OpaquePointer) -> Bool {
        switch Int32(type) {
        case EV_ABS:
            var info = input_absinfo(absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0))
            return libevdev_enable_event_code(device, UInt32(type), UInt32(code), &info) == 0
        case EV_REP:
            var milliseconds: Int32 = Int32(code) == REP_DELAY ? 250 : 33
            return libevdev_enable_event_code(device, UInt32(type), UInt32(code), &milliseconds) == 0
        default:
            return libevdev_enable_event_code(device, UInt32(type), UInt32(code), nil) == 0
        }
    }
}

extension AbsInfo {
    init(_ info: input_absinfo) {
        self.init(value: info.value, minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz,
                  flat: info.flat, resolution: info.resolution)
    }
}

extension input_absinfo {
    init(_ info: AbsInfo) {
        self.init(value: info.value, minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz,
                  flat: info.flat, resolution: info.resolution)
    }
}

extension InputEvent {
    /// Converts a kernel event; the timestamp is the kernel's (`CLOCK_MONOTONIC` once set, §1.1), clamped to what
    /// a recording may hold (a kernel never stamps outside it).
    init(_ event: input_event) {
        let seconds = UInt64(clamping: min(event.time.tv_sec, Int(Nanoseconds.maximumEventSeconds)))
        let microseconds = UInt32(clamping: min(event.time.tv_usec, 999_999))
        self.init(time: Nanoseconds.of(seconds: seconds, microseconds: microseconds),
                  type: event.type, code: event.code, value: event.value)
    }
}
