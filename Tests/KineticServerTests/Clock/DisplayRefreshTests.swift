import CDRM
import Foundation
import Testing
@testable import KineticBindings
@testable import KineticServer

/// `rate_hz: auto`. The rate from a mode's timings, by hand (CTA-861 and a 144 Hz mode); the
/// detection's failures, which this machine (no /dev/dri) and any headless one meets.
struct DisplayRefreshTests {
    @Test(arguments: [
        (UInt32(148_500), UInt16(2200), UInt16(1125), UInt16(0), UInt32(0), 60.0),  // 1080p60: 148.5 MHz / (2200 × 1125)
        (148_352, 2200, 1125, 0, 0, 59.94020202020202),                             // 1080p59.94
        (74_250, 2200, 1125, 0, UInt32(DRM_MODE_FLAG_INTERLACE), 60),                // 1080i: 30 frames, 60 fields
        (25_175, 800, 525, 0, UInt32(DRM_MODE_FLAG_DBLSCAN), 29.970238095238095),    // 640x480 double-scanned
        (25_175, 800, 525, 2, 0, 29.970238095238095),                                // vscan 2
        (325_080, 2080, 1085, 0, 0, 144.04466501240694),                            // a 1920x1080 144 Hz mode
    ])
    func rateFromTimings(clock: UInt32, htotal: UInt16, vtotal: UInt16, vscan: UInt16, flags: UInt32, hz: Double) {
        let rate = DisplayRefresh.rate(clockKHz: clock, htotal: htotal, vtotal: vtotal, vscan: vscan, flags: flags)
        #expect(rate.map { abs($0 - hz) < 1e-9 } == true, "\(String(describing: rate))")
    }

    @Test func noRateFromEmptyTimings() {
        #expect(DisplayRefresh.rate(clockKHz: 0, htotal: 2200, vtotal: 1125, vscan: 0, flags: 0) == nil)
        #expect(DisplayRefresh.rate(clockKHz: 148_500, htotal: 0, vtotal: 1125, vscan: 0, flags: 0) == nil)
    }

    @Test func detectionSaysWhyItFoundNone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dri-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        guard case .failure(let empty) = DisplayRefresh.detect(directory: directory.path) else { Issue.record("found a display"); return }
        #expect(empty.description.contains("no DRM card"))
        // A card that is not a DRM device (a plain file): libdrm's ioctl fails and the reason says so.
        #expect(FileManager.default.createFile(atPath: directory.appendingPathComponent("card0").path, contents: Data()))
        guard case .failure(let plain) = DisplayRefresh.detect(directory: directory.path) else { Issue.record("found a display"); return }
        #expect(plain.description.contains("card0") && plain.description.contains("not a mode-setting device"), "\(plain)")
    }

    @Test func theConfigurationSaysAuto() throws {
        let auto = try DaemonConfiguration.parse("rate_hz: auto\n", source: "t")
        #expect(auto.rateIsAuto && auto.rateHz == TickRate.default)
        #expect(throws: ConfigurationError.self) { try DaemonConfiguration.parse("rate_hz: fast\n", source: "t") }
    }
}
