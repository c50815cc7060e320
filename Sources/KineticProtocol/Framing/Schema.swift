// SPDX-License-Identifier: Apache-2.0
/// A schema: the layout of one client's frames — which channels, in which order, at which offsets (the `schema`
/// message, docs/PROTOCOL.md "Frames"). The same name as the Python client's `Schema` and the C library's
/// `struct kinetic_schema` (ARCHITECTURE.md, "Glossary").
///
/// A frame's values are, for each channel in order, its `dimension` value components followed by
/// its `dimension` velocity components, so channel `i` starts at ``Channel/offset``
/// = Σ_{j<i} 2·dimension_j and the frame carries ``componentCount`` = Σ 2·dimension numbers.
public struct Schema: Equatable, Sendable {
    /// Identifies this layout; a client receives a new `schema` whenever its generation changes.
    public var generation: UInt32
    /// The channels, in frame order.
    public var channels: [Channel]

    /// One channel of a layout.
    public struct Channel: Equatable, Sendable {
        /// The channel's name.
        public var name: String
        /// Components of the value (and of the velocity).
        public var dimension: Int
        /// The index of the first value component in the frame's numbers.
        public var offset: Int

        /// A channel at `offset` in the frame's numbers.
        public init(name: String, dimension: Int, offset: Int) {
            self.name = name
            self.dimension = dimension
            self.offset = offset
        }
    }

    /// Lays out `channels` (name, dimension) in order.
    public init(generation: UInt32, channels: [(name: String, dimension: Int)]) {
        self.generation = generation
        var offset = 0
        self.channels = channels.map { channel in
            defer { offset += 2 * channel.dimension }
            return Channel(name: channel.name, dimension: channel.dimension, offset: offset)
        }
    }

    /// The number of f64 values in a frame: value and velocity components of every channel.
    public var componentCount: Int { channels.reduce(0) { $0 + 2 * $1.dimension } }
}

extension Schema {
    /// The `schema` message's fields for this layout: `generation`, `channels` (name, dimension, offset) and
    /// `count`.
    public var schema: JSONObject {
        ["generation": .number(Double(generation)),
         "channels": .array(channels.map { channel in
             .object(["name": .string(channel.name), "dimension": .number(Double(channel.dimension)),
                      "offset": .number(Double(channel.offset))])
         }),
         "count": .number(Double(componentCount))]
    }

    /// The layout a `schema` message describes; `nil` when it is malformed (a generation that is not a whole
    /// number in 0…2³²−1, a channel without a name or with a dimension outside 1…``Command/maximumDimension``).
    /// Offsets are recomputed from the dimensions, as every reader of frames must.
    public init?(schema: JSONObject) {
        guard let number = schema["generation"]?.numberValue, let generation = UInt32(exactly: number),
              let channels = schema["channels"]?.arrayValue else { return nil }
        var entries: [(String, Int)] = []
        for channel in channels {
            guard let object = channel.objectValue, let name = object["name"]?.stringValue,
                  let number = object["dimension"]?.numberValue, let dimension = Int(exactly: number),
                  (1...Command.maximumDimension).contains(dimension) else { return nil }
            entries.append((name, dimension))
        }
        self.init(generation: generation, channels: entries)
    }
}
