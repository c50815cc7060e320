import NIOCore
import KineticProtocol
import KineticServerCore

/// A ``ClientSink`` that records what the core sends, decoded as a client would decode it.
package final class MemorySink: ClientSink {
    package private(set) var controlBuffers: [ByteBuffer] = []
    package private(set) var frameBuffers: [ByteBuffer] = []
    package private(set) var isClosed = false
    package let encoding: WireEncoding

    package init(encoding: WireEncoding) { self.encoding = encoding }

    package func send(_ message: ByteBuffer) { controlBuffers.append(message) }
    package func sendFrame(_ frame: ByteBuffer) { frameBuffers.append(frame) }
    package func close() { isClosed = true }

    /// The control messages so far, decoded; binary motion messages read against the latest schema and the
    /// descriptors before them, as the JSON encoding's objects.
    package var messages: [(MessageType, JSONObject)] {
        var result: [(MessageType, JSONObject)] = []
        var layout: Schema?
        var held: [String: MotionDescriptor] = [:]
        for message in controlMessages {
            switch message {
            case .message(let type, let object):
                if type == .schema { layout = Schema(schema: object) }
                result.append((type, object))
            case .motion(let motion):
                guard let layout, let text = try? motion.message(layout: layout, held: &held).encodedJSON().first,
                      case .object(let object)? = try? JSONValue.parse(text.dropLast()) else {
                    result.append((.motion, ["type": "motion", "unreadable": true]))
                    continue
                }
                result.append((.motion, object))
            case .frame:
                break
            }
        }
        return result
    }

    /// The binary motion messages so far, their entries not yet read.
    package var binaryMotions: [BinaryMotion] {
        controlMessages.compactMap { if case .motion(let motion) = $0 { motion } else { nil } }
    }

    /// The control messages so far as the client's decoder returns them, up to the first it refuses.
    private var controlMessages: [ReceivedMessage] {
        var decoder = ServerMessageDecoder(encoding: encoding)
        for buffer in controlBuffers { decoder.feed(buffer.readableBytesView) }
        var result: [ReceivedMessage] = []
        while let message = try? decoder.next() { result.append(message) }
        return result
    }

    /// The frames so far, decoded.
    package var frames: [ReceivedFrame] {
        frameBuffers.compactMap { buffer in
            var decoder = ServerMessageDecoder(encoding: encoding)
            decoder.feed(buffer.readableBytesView)
            guard case .frame(let frame)? = try? decoder.next() else { return nil }
            return frame
        }
    }

    /// The most recent schema's layout.
    package var layout: Schema? {
        messages.last { $0.0 == .schema }.flatMap { Schema(schema: $0.1) }
    }

    package func replies() -> [JSONObject] { messages.filter { $0.0 == .reply }.map(\.1) }
    package func errors() -> [JSONObject] { messages.filter { $0.0 == .error }.map(\.1) }
    package func events() -> [JSONObject] { messages.filter { $0.0 == .event }.map(\.1) }
}
