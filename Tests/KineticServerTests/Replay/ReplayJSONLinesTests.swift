import Foundation
import KineticInput
import Testing
@testable import KineticServer

struct ReplayJSONLinesTests {
    /// The output is the protocol's JSON Lines: a schema, then frames a client decoder reads back
    /// exactly (shortest round-trip doubles), in order.
    @Test func framesReadBackThroughTheClientDecoder() throws {
        let replay = try GestureReplay(recording: try ReplayFixtures.recording("swipe-fling.evemu"))
        var bytes: [UInt8] = []
        let count = replay.writeJSONLines { bytes += $0 }
        var frames: [ReplayFrame] = []
        replay.run { frames.append($0) }
        #expect(count == frames.count)

        var decoder = ServerMessageDecoder(encoding: .jsonLines)
        decoder.feed(bytes)
        guard case .message(.schema, let schema)? = try decoder.next() else {
            Issue.record("the first line is not a schema")
            return
        }
        #expect(schema["generation"]?.numberValue == 1)
        #expect(schema["channels"]?.arrayValue?.first?.objectValue?["name"]?.stringValue == "touch.position")
        for frame in frames {
            guard case .frame(let received)? = try decoder.next() else {
                Issue.record("expected frame \(frame.seq)")
                return
            }
            #expect(received.generation == 1 && received.seq == frame.seq && received.timeNanoseconds == frame.timeNanoseconds)
            #expect(received.samples["touch.position"] == frame.samples[0])
        }
        #expect(try decoder.next() == nil)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("{\"type\":\"frame\",\"generation\":1,\"seq\":") })
    }
}
