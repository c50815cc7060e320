/// The state of one channel at a tick: its presentation value and velocity.
public struct ChannelSample: Equatable, Sendable {
    /// The channel's name.
    public var name: String
    /// Value components, in the channel's units.
    public var value: [Double]
    /// Velocity components, in the channel's units per second.
    public var velocity: [Double]

    /// A sample.
    public init(name: String, value: [Double], velocity: [Double]) {
        self.name = name
        self.value = value
        self.velocity = velocity
    }
}

/// Encodes frames: the per-tick message, the only one whose binary payload is not JSON.
public enum FrameEncoder {
    /// The size of a binary frame payload's fixed part: u32 generation, u64 seq, u64 time_ns, u32 count.
    public static let binaryPrefixSize = 24

    /// The frame for one layout, where `samples[i]` belongs to `layout.channels[i]`.
    ///
    /// JSON: `{"type":"frame","generation":G,"seq":N,"time_ns":T,"values":{"NAME":{"value":[…],"velocity":[…]}}}`.
    /// Binary payload: u32 generation, u64 seq, u64 time_ns, u32 count, then count f64 little-endian.
    /// A sample shorter than its channel's dimension is padded with zeros, so a frame always matches its schema.
    public static func encode(
        seq: UInt64, timeNanoseconds: UInt64, layout: FrameLayout, samples: [ChannelSample], encoding: WireEncoding
    ) -> [UInt8] {
        switch encoding {
        case .binary:
            let count = layout.componentCount
            let payloadSize = binaryPrefixSize + 8 * count
            var bytes = BinaryHeader(type: .frame, payloadSize: payloadSize).bytes
            bytes.reserveCapacity(BinaryHeader.size + payloadSize)
            bytes.appendLittleEndian(layout.generation)
            bytes.appendLittleEndian(seq)
            bytes.appendLittleEndian(timeNanoseconds)
            bytes.appendLittleEndian(UInt32(count))
            for (channel, sample) in zip(layout.channels, samples) {
                for i in 0..<channel.dimension { bytes.appendLittleEndian(component(sample.value, i).bitPattern) }
                for i in 0..<channel.dimension { bytes.appendLittleEndian(component(sample.velocity, i).bitPattern) }
            }
            return bytes
        case .jsonLines:
            var text = "{\"type\":\"frame\",\"generation\":\(layout.generation),\"seq\":\(seq),\"time_ns\":\(timeNanoseconds),\"values\":{"
            for (n, (channel, sample)) in zip(layout.channels, samples).enumerated() {
                if n > 0 { text += "," }
                JSONValue.writeString(channel.name, to: &text)
                text += ":{\"value\":["
                for i in 0..<channel.dimension {
                    if i > 0 { text += "," }
                    JSONValue.writeNumber(component(sample.value, i), to: &text)
                }
                text += "],\"velocity\":["
                for i in 0..<channel.dimension {
                    if i > 0 { text += "," }
                    JSONValue.writeNumber(component(sample.velocity, i), to: &text)
                }
                text += "]}"
            }
            text += "}}\n"
            return Array(text.utf8)
        }
    }

    private static func component(_ vector: [Double], _ i: Int) -> Double { i < vector.count ? vector[i] : 0 }
}
