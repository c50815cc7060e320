/// The 8-byte header of every binary message: u32 little-endian length of what follows it
/// (type, flags and payload), u16 type, u16 flags (docs/PROTOCOL.md, "Binary framing").
public struct BinaryHeader: Equatable, Sendable {
    /// The size of the header in bytes.
    public static let size = 8
    /// The size of the length field in bytes; `length` counts everything after it.
    public static let lengthFieldSize = 4
    /// The 4-byte magic that opens a HELLO payload: ASCII `KNTC`.
    public static let helloMagic: [UInt8] = Array("KNTC".utf8)
    /// The size of a HELLO payload's fixed part: magic, u16 major, u16 minor.
    public static let helloPrefixSize = 8

    /// Bytes after the length field: 4 (type and flags) plus the payload size.
    public var length: UInt32
    /// The message type code (``MessageType`` for known ones).
    public var type: UInt16
    /// Reserved flags; senders write 0 and receivers ignore unknown bits.
    public var flags: UInt16

    /// The payload size in bytes.
    public var payloadSize: Int { Int(length) - 4 }

    /// A header for a payload of `payloadSize` bytes.
    public init(type: MessageType, payloadSize: Int, flags: UInt16 = 0) {
        self.length = UInt32(payloadSize + 4)
        self.type = type.rawValue
        self.flags = flags
    }

    /// A header with the raw field values.
    public init(length: UInt32, type: UInt16, flags: UInt16) {
        self.length = length
        self.type = type
        self.flags = flags
    }

    /// Reads a header from the first 8 bytes of `bytes`.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count >= Self.size else { return nil }
        var it = bytes.makeIterator()
        func next() -> UInt64 { UInt64(it.next()!) }
        let length = next() | next() << 8 | next() << 16 | next() << 24
        let type = next() | next() << 8
        let flags = next() | next() << 8
        self.init(length: UInt32(length), type: UInt16(type), flags: UInt16(flags))
    }

    /// The 8 header bytes.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(Self.size)
        out.appendLittleEndian(length)
        out.appendLittleEndian(type)
        out.appendLittleEndian(flags)
        return out
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` in little-endian byte order.
    @inlinable
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        var v = value.littleEndian
        Swift.withUnsafeBytes(of: &v) { append(contentsOf: $0) }
    }
}
