import Glibc
import CDRM
import FoundationEssentials

/// The refresh rate of the connected display, from DRM's current mode (libdrm), for `rate_hz: auto`
/// (docs/DAEMON.md §3.2).
public enum DisplayRefresh {
    /// A display found: its rate and where it was found.
    public struct Display: Equatable, Sendable {
        /// The refresh rate, in Hz (exact, from the mode's timings).
        public var hz: Double
        /// `/dev/dri/card0, connector 77`: for the log.
        public var source: String
    }

    /// Why no rate was found.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The refresh rate of a mode: pixel clock (kHz) × 1000 / (htotal × vtotal), doubled for an interlaced mode,
    /// halved for a double-scanned one, divided by vscan when above 1 — the kernel's `drm_mode_vrefresh` without its
    /// rounding to whole Hz (a 59.94 Hz mode stays 59.94). `nil` for timings that give no rate.
    public static func rate(clockKHz: UInt32, htotal: UInt16, vtotal: UInt16, vscan: UInt16, flags: UInt32) -> Double? {
        guard clockKHz > 0, htotal > 0, vtotal > 0 else { return nil }
        var rate = Double(clockKHz) * 1000 / (Double(htotal) * Double(vtotal))
        if flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { rate *= 2 }
        if flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { rate /= 2 }
        if vscan > 1 { rate /= Double(vscan) }
        return rate
    }

    /// The first connected output with an active mode on the DRM cards in `directory` (`card0`, `card1`, … in
    /// order): its connector's encoder's CRTC's mode. Fails with the reason when there is no card, no permission (the
    /// card's group, `video` on Debian), or no connected output driving a mode.
    public static func detect(directory: String = "/dev/dri") -> Result<Display, Failure> {
        let cards = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("card") && $0.dropFirst(4).allSatisfy(\.isNumber) }
            .sorted { Int($0.dropFirst(4)) ?? 0 < Int($1.dropFirst(4)) ?? 0 }
        guard !cards.isEmpty else { return .failure(Failure(description: "no DRM card in \(directory)")) }
        var reasons: [String] = []
        for card in cards {
            let path = directory + "/" + card
            let fd = open(path, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else {
                reasons.append("\(path): \(String(cString: strerror(errno)))")
                continue
            }
            defer { close(fd) }
            switch connectedMode(fd: fd) {
            case .success(let (hz, connector)): return .success(Display(hz: hz, source: "\(path), connector \(connector)"))
            case .failure(let failure): reasons.append("\(path): \(failure.description)")
            }
        }
        return .failure(Failure(description: reasons.joined(separator: "; ")))
    }

    private static func connectedMode(fd: Int32) -> Result<(Double, UInt32), Failure> {
        guard let resources = drmModeGetResources(fd) else {
            return .failure(Failure(description: "not a mode-setting device (\(String(cString: strerror(errno))))"))
        }
        defer { drmModeFreeResources(resources) }
        let count = Int(max(0, resources.pointee.count_connectors))
        for index in 0..<count {
            guard let ids = resources.pointee.connectors, let connector = drmModeGetConnector(fd, ids[index]) else { continue }
            defer { drmModeFreeConnector(connector) }
            guard connector.pointee.connection == DRM_MODE_CONNECTED, connector.pointee.encoder_id != 0,
                  let encoder = drmModeGetEncoder(fd, connector.pointee.encoder_id) else { continue }
            defer { drmModeFreeEncoder(encoder) }
            guard encoder.pointee.crtc_id != 0, let crtc = drmModeGetCrtc(fd, encoder.pointee.crtc_id) else { continue }
            defer { drmModeFreeCrtc(crtc) }
            let mode = crtc.pointee.mode
            guard crtc.pointee.mode_valid != 0,
                  let hz = rate(clockKHz: mode.clock, htotal: mode.htotal, vtotal: mode.vtotal, vscan: mode.vscan, flags: mode.flags)
            else { continue }
            return .success((hz, connector.pointee.connector_id))
        }
        return .failure(Failure(description: "no connected output with an active mode"))
    }
}
