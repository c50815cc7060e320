// SPDX-License-Identifier: Apache-2.0
import Glibc
import CDRM
import FoundationEssentials
import KineticServerCore

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
        firstConnected(directory: directory) { _, path, connector, _, hz in
            Display(hz: hz, source: "\(path), connector \(connector)")
        }
    }

    /// The first non-`nil` `found` of the connected outputs with an active mode on the cards in `directory`, in order
    /// (given its card's open fd and path, its connector, its CRTC and its mode's rate), or why there is none.
    static func firstConnected<T>(
        directory: String, _ found: (_ fd: Int32, _ path: String, _ connector: UInt32, _ crtc: UInt32, _ hz: Double) -> T?
    ) -> Result<T, Failure> {
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
            switch connectedModes(fd: fd) {
            case .success(let outputs):
                for (hz, connector, crtc) in outputs {
                    if let value = found(fd, path, connector, crtc, hz) { return .success(value) }
                }
                reasons.append("\(path): no connected output serves")
            case .failure(let failure): reasons.append("\(path): \(failure.description)")
            }
        }
        return .failure(Failure(description: reasons.joined(separator: "; ")))
    }

    private static func connectedModes(fd: Int32) -> Result<[(Double, UInt32, UInt32)], Failure> {
        guard let resources = drmModeGetResources(fd) else {
            return .failure(Failure(description: "not a mode-setting device (\(String(cString: strerror(errno))))"))
        }
        defer { drmModeFreeResources(resources) }
        let count = Int(max(0, resources.pointee.count_connectors))
        var outputs: [(Double, UInt32, UInt32)] = []
        for index in 0..<count {
            guard let ids = resources.pointee.connectors, let connector = drmModeGetConnector(fd, ids[index]) else { continue }
            defer { drmModeFreeConnector(connector) }
            guard connector.pointee.connection == DRM_MODE_CONNECTED, connector.pointee.encoder_id != 0,
                  let encoder = drmModeGetEncoder(fd, connector.pointee.encoder_id) else { continue }
            defer { drmModeFreeEncoder(encoder) }
            guard encoder.pointee.crtc_id != 0, case .success(let hz) = crtcRate(fd: fd, crtc: encoder.pointee.crtc_id) else {
                continue
            }
            outputs.append((hz, connector.pointee.connector_id, encoder.pointee.crtc_id))
        }
        return outputs.isEmpty ? .failure(Failure(description: "no connected output with an active mode")) : .success(outputs)
    }

    /// Why a CRTC has no rate: it cannot be read (the `errno` of `drmModeGetCrtc`), or it drives no mode.
    enum CRTCProblem: Error {
        case unreadable(Int32)
        case noMode
    }

    /// The refresh rate of the mode `crtc` drives (``rate(clockKHz:htotal:vtotal:vscan:flags:)``), for `rate_hz: auto`
    /// when it looks for an output and for `phase: auto` at each reading.
    static func crtcRate(fd: Int32, crtc: UInt32) -> Result<Double, CRTCProblem> {
        guard let state = drmModeGetCrtc(fd, crtc) else { return .failure(.unreadable(errno)) }
        defer { drmModeFreeCrtc(state) }
        let mode = state.pointee.mode
        guard state.pointee.mode_valid != 0,
              let hz = rate(clockKHz: mode.clock, htotal: mode.htotal, vtotal: mode.vtotal, vscan: mode.vscan, flags: mode.flags)
        else { return .failure(.noMode) }
        return .success(hz)
    }
}

/// What `phase: auto` reads of a display: its mode's refresh interval and its latest vblank (``DisplayVblank`` through
/// DRM; tests give their own).
public protocol VblankReading: AnyObject, Sendable {
    /// Where the vblanks come from, for the log (`/dev/dri/card1, CRTC 51`).
    var source: String { get }
    /// The mode's refresh interval (ns) and the latest vblank, or why they cannot be read.
    func read() -> Result<(modeRefresh: UInt64, sample: VblankSample), DisplayRefresh.Failure>
}

/// `phase: auto`'s view of a display (docs/DAEMON.md §3.3): the CRTC of the first connected output whose vblanks can
/// be read (else the first connected output, whose reads then say why not), held open for the daemon's life, whose latest vblank the tick source reads now and then with `DRM_IOCTL_CRTC_GET_SEQUENCE`
/// (libdrm's `drmCrtcGetSequence`: read-only, no DRM master needed) and whose mode gives the refresh interval.
public final class DisplayVblank: VblankReading, @unchecked Sendable {
    // Immutable after init; the ioctls it makes may run on any thread.
    private let fd: Int32
    private let crtc: UInt32
    /// `/dev/dri/card0, CRTC 51`: for the log.
    public let source: String

    private init(fd: Int32, crtc: UInt32, source: String) {
        self.fd = fd
        self.crtc = crtc
        self.source = source
    }

    deinit { close(fd) }

    /// The CRTC driving the first connected output on the cards in `directory`, or why there is none.
    public static func open(directory: String = "/dev/dri") -> Result<DisplayVblank, DisplayRefresh.Failure> {
        var first: DisplayVblank?
        let reading = DisplayRefresh.firstConnected(directory: directory) { fd, path, _, crtc, _ -> DisplayVblank? in
            let display = DisplayVblank(fd: dup(fd), crtc: crtc, source: "\(path), CRTC \(crtc)")
            if case .success = display.read() { return display }
            if first == nil { first = display }
            return nil
        }
        if case .success = reading { return reading }
        if let first { return .success(first) }
        return reading
    }

    /// The mode's refresh interval (ns) and the latest vblank, or why they cannot be read: a driver without vblank
    /// events refuses the ioctl (`Operation not supported`), and a CRTC that is off has no mode.
    public func read() -> Result<(modeRefresh: UInt64, sample: VblankSample), DisplayRefresh.Failure> {
        let hz: Double
        switch DisplayRefresh.crtcRate(fd: fd, crtc: crtc) {
        case .success(let rate): hz = rate
        case .failure(.unreadable(let error)):
            return .failure(DisplayRefresh.Failure(description: "\(source): \(String(cString: strerror(error)))"))
        case .failure(.noMode): return .failure(DisplayRefresh.Failure(description: "\(source) drives no mode"))
        }
        var sequence: UInt64 = 0, time: UInt64 = 0
        guard drmCrtcGetSequence(fd, crtc, &sequence, &time) == 0 else {
            return .failure(DisplayRefresh.Failure(
                description: "\(source) gives no vblank times (DRM_IOCTL_CRTC_GET_SEQUENCE: \(String(cString: strerror(errno))))"))
        }
        return .success((UInt64((1e9 / hz).rounded()), VblankSample(sequence: sequence, time: time)))
    }
}
