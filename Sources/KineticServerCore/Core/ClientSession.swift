// SPDX-License-Identifier: Apache-2.0
import KineticInput
import NIOCore
import KineticProtocol
import KineticBindings
import KineticTime

/// The server's state for one connection.
final class ClientSession {
    // The fan-out loop (``ServerCore/publish(_:)``) reads these for every subscriber at every tick: declared first,
    // they share the object's first cache lines with its reference count, and 1 000 subscribers cost fewer misses
    // (docs/PERFORMANCE.md, "Fan-out").
    var closed = false
    /// Whether the subscription asked for motion descriptors (``Subscription/motion``).
    var wantsMotion = false
    /// The subscription's channel patterns (`nil`: not subscribed).
    var patterns: [ChannelPattern]?
    /// The engine table version the layout was computed for.
    var layoutTableVersion: UInt64?
    /// The `seq` and layout generation of the last frame sent (`nil`: none yet, so the next carries the full state).
    var lastFrame: (seq: UInt64, generation: UInt32)?
    /// The decimation interval of the client's `rate_hz`, in nanoseconds (`nil`: every tick).
    var frameInterval: UInt64?
    /// When the next decimated frame is due, in nanoseconds (`nil`: the next tick).
    var nextFrameDue: UInt64?
    let sink: any ClientSink
    /// The layout of its frames (`nil`: no schema sent yet).
    var layout: Schema?
    var decoder: MessageDecoder

    let id: ClientID
    let peer: PeerCredentials
    /// The client's name from its HELLO, for logs.
    var name = ""
    var greeted = false
    /// Set when the server was full at accept: the first bytes only decide the encoding of the
    /// `too_many_clients` error, then the connection closes.
    let rejected: Bool
    /// Bytes received while the server was still starting, read when it is ready (``ServerCore/finishStarting()``).
    var held: [UInt8] = []

    /// Indices into the engine's channel list, in layout order.
    var layoutIndices: [Int] = []
    /// The serials of the channels the patterns matched, increasing (``ChannelDescriptor/serial``).
    var matchedSerials: [UInt64] = []
    /// The highest serial the patterns were matched against: channels with a higher one are new to this session.
    var examinedSerial: UInt64 = 0
    /// Whether the next tick describes every channel of the layout (after a subscribe or a layout change); otherwise
    /// only those whose descriptor changed.
    var describesAll = true
    /// The channels of the layout (serials) last described as `frames`: a motion subscriber gets frames while any is.
    var framedSerials: Set<UInt64> = []

    init(id: ClientID, peer: PeerCredentials, sink: any ClientSink, maximumMessageSize: Int, rejected: Bool) {
        self.id = id
        self.peer = peer
        self.sink = sink
        self.decoder = MessageDecoder(maximumMessageSize: maximumMessageSize)
        self.rejected = rejected
    }

    var encoding: WireEncoding { decoder.encoding ?? .jsonLines }

    func send(_ message: ServerMessage) {
        guard !closed else { return }
        sink.send(ByteBuffer(bytes: message.encoded(encoding)))
    }

    /// Sets the decimation of `rate_hz` (validated by the decoder to ``Subscription/rateRange``; the conversion
    /// saturates whatever it is given).
    func setRate(_ rateHz: Double?) {
        frameInterval = rateHz.map { Nanoseconds.unsigned(1e9 / $0, rounding: .towardZero) }
        nextFrameDue = nil
    }

    /// Decides whether a frame at `time` goes to this client, honouring `rate_hz` decimation.
    ///
    /// Frames are due every 1/rate seconds on a running schedule, with half a tick period of
    /// tolerance so that a 60 Hz client of a 120 Hz clock gets every second tick despite jitter.
    func frameIsDue(at time: UInt64, tickPeriod: UInt64) -> Bool {
        guard let interval = frameInterval else { return true }
        guard interval > tickPeriod else { return true }
        let half = tickPeriod / 2
        if let due = nextFrameDue, due <= time &+ interval {
            if time &+ half < due { return false }
            let next = due &+ interval
            // Keep the running schedule (exact average rate) unless it fell more than a frame behind.
            nextFrameDue = next > time &+ half ? next : time &+ interval
        } else {
            // First frame, or a schedule from the future (a replay restarted): start afresh.
            nextFrameDue = time &+ interval
        }
        return true
    }
}
