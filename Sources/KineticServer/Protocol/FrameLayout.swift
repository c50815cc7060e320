/// The layout of one client's frames: which channels, in which order, at which offsets
/// (the `schema` message, docs/PROTOCOL.md "Frames").
///
/// A frame's values are, for each channel in order, its `dimension` value components followed by
/// its `dimension` velocity components, so channel `i` starts at ``Channel/offset``
/// = Σ_{j<i} 2·dimension_j and the frame carries ``componentCount`` = Σ 2·dimension numbers.
public struct FrameLayout: Equatable, Sendable {
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
