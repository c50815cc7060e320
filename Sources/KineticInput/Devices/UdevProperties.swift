// SPDX-License-Identifier: Apache-2.0
import Glibc
import FoundationEssentials

/// A device's udev properties, read from udev's database (`/run/udev/data/c<major>:<minor>`, lines `E:KEY=VALUE`)
/// without libudev (docs/INPUT.md §4.3): kineticd needs one property, libinput's `LIBINPUT_CALIBRATION_MATRIX`.
public enum UdevProperties {
    /// udev's database directory.
    public static let defaultDatabase = "/run/udev/data"

    /// The properties udev recorded for the character device at `path` (empty when there is no record: no udevd, or
    /// not a character device). At most 64 KiB of the record are read.
    public static func properties(ofDevice path: String, database: String = defaultDatabase) -> [String: String] {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else { return [:] }
        let (major, minor) = deviceNumbers(UInt64(status.st_rdev))
        return parse(record: database + "/c\(major):\(minor)")
    }

    /// glibc's `major()`/`minor()` of a `dev_t` (macros, which Swift does not import).
    static func deviceNumbers(_ device: UInt64) -> (major: UInt64, minor: UInt64) {
        (((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff)), (device & 0xff) | ((device >> 12) & ~UInt64(0xff)))
    }

    /// The `E:` lines of a udev database record file.
    static func parse(record path: String) -> [String: String] {
        guard let bytes = try? FileBytes.read(path, limit: 65536) else { return [:] }  // records are a few hundred bytes
        var result: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("E:") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            result[String(line[line.index(line.startIndex, offsetBy: 2)..<equals])] = String(line[line.index(after: equals)...])
        }
        return result
    }

    /// `LIBINPUT_CALIBRATION_MATRIX` of the device at `path`: six numbers a b c d e f; `nil` when absent, or when it
    /// is not six finite numbers within ±10⁶ (libinput ignores a malformed matrix too).
    public static func calibrationMatrix(ofDevice path: String, database: String = defaultDatabase) -> [Double]? {
        calibrationMatrix(properties(ofDevice: path, database: database)["LIBINPUT_CALIBRATION_MATRIX"])
    }

    /// The matrix in a property's text.
    public static func calibrationMatrix(_ text: String?) -> [Double]? {
        guard let fields = text?.split(whereSeparator: { $0 == " " || $0 == "\t" }) else { return nil }
        let numbers = fields.compactMap { Double($0) }
        return numbers.count == fields.count && OutputMapping.isValidCalibration(numbers) ? numbers : nil
    }
}
