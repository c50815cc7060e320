// SPDX-License-Identifier: Apache-2.0
/// The state of one channel at a tick: its presentation value and velocity.
public struct ChannelSample: Equatable, Sendable {
    /// The channel's name.
    public var name: String
    /// Value components, in the channel's units.
    public var value: [Double]
    /// Velocity components, in the channel's units per second.
    public var velocity: [Double]

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
        seq: UInt64, timeNanoseconds: UInt64, layout: Schema, samples: [ChannelSample], encoding: WireEncoding
    ) -> [UInt8] {
        switch encoding {
        case .binary:
            let count = layout.componentCount
            let payloadSize = binaryPrefixSize + 8 * count
            var bytes: [UInt8] = []
            bytes.reserveCapacity(BinaryHeader.size + payloadSize)
            BinaryHeader(type: .frame, payloadSize: payloadSize).write(to: &bytes)
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
            // Built as bytes, not a String: this runs once per tick for every JSON subscriber, and
            // `kineticctl replay` is mostly this loop.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(80 + layout.channels.count * 96)
            bytes.append(contentsOf: #"{"type":"frame","generation":"#.utf8)
            JSONValue.writeDecimal(UInt64(layout.generation), to: &bytes)
            bytes.append(contentsOf: #","seq":"#.utf8)
            JSONValue.writeDecimal(seq, to: &bytes)
            bytes.append(contentsOf: #","time_ns":"#.utf8)
            JSONValue.writeDecimal(timeNanoseconds, to: &bytes)
            bytes.append(contentsOf: #","values":{"#.utf8)
            for (n, (channel, sample)) in zip(layout.channels, samples).enumerated() {
                if n > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONValue.writeString(channel.name, to: &bytes)
                bytes.append(contentsOf: #":{"value":["#.utf8)
                for i in 0..<channel.dimension {
                    if i > 0 { bytes.append(UInt8(ascii: ",")) }
                    JSONValue.writeNumber(component(sample.value, i), to: &bytes)
                }
                bytes.append(contentsOf: #"],"velocity":["#.utf8)
                for i in 0..<channel.dimension {
                    if i > 0 { bytes.append(UInt8(ascii: ",")) }
                    JSONValue.writeNumber(component(sample.velocity, i), to: &bytes)
                }
                bytes.append(contentsOf: "]}".utf8)
            }
            bytes.append(contentsOf: "}}\n".utf8)
            return bytes
        }
    }

    private static func component(_ vector: [Double], _ i: Int) -> Double { i < vector.count ? vector[i] : 0 }
}
