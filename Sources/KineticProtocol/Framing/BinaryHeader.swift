// SPDX-License-Identifier: Apache-2.0
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

    /// Reads a header from the first 8 bytes of `bytes`; `nil` when fewer have arrived.
    public init?(bytes: ArraySlice<UInt8>) {
        guard bytes.count >= Self.size else { return nil }
        let reader = LittleEndianReader(bytes)
        self.init(length: reader.read(UInt32.self, at: 0), type: reader.read(UInt16.self, at: 4),
                  flags: reader.read(UInt16.self, at: 6))
    }

    /// Appends the 8 header bytes to `out`.
    public func write(to out: inout [UInt8]) {
        out.appendLittleEndian(length)
        out.appendLittleEndian(type)
        out.appendLittleEndian(flags)
    }
}

/// The HELLO payload's fixed prefix: the magic `KNTC`, then u16 major and u16 minor version.
public struct HelloPrefix: Equatable, Sendable {
    /// The protocol major version.
    public var major: UInt16
    /// The protocol minor version.
    public var minor: UInt16

    /// A prefix for protocol `major.minor`.
    public init(major: UInt16, minor: UInt16) {
        self.major = major
        self.minor = minor
    }

    /// Reads the prefix at the start of `payload`; `nil` when it is too short or lacks the magic.
    public init?(payload: ArraySlice<UInt8>) {
        guard payload.count >= BinaryHeader.helloPrefixSize,
              payload.prefix(4).elementsEqual(BinaryHeader.helloMagic) else { return nil }
        let reader = LittleEndianReader(payload)
        self.init(major: reader.read(UInt16.self, at: 4), minor: reader.read(UInt16.self, at: 6))
    }

    /// Appends the 8 prefix bytes to `out`.
    public func write(to out: inout [UInt8]) {
        out.append(contentsOf: BinaryHeader.helloMagic)
        out.appendLittleEndian(major)
        out.appendLittleEndian(minor)
    }
}

/// Reads little-endian integers at byte offsets of a slice (offsets relative to its start); the caller checks
/// the length first.
public struct LittleEndianReader {
    private let bytes: ArraySlice<UInt8>

    /// A reader over `bytes`.
    public init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    /// The integer of type `T` whose bytes start at `offset`.
    public func read<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        var value: T = 0
        let base = bytes.startIndex + offset
        for i in 0..<MemoryLayout<T>.size { value |= T(truncatingIfNeeded: bytes[base + i]) << (8 * i) }
        return value
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

/// Writes one message in either encoding: the only place that frames a message for the wire.
public enum MessageFraming {
    /// `object` as a JSON line, or as a binary message of `type` whose payload is `hello` (the HELLO's magic and
    /// versions, for HELLO messages) followed by the object's JSON.
    public static func encode(_ object: JSONObject, type: MessageType, hello: HelloPrefix? = nil,
                              encoding: WireEncoding) -> [UInt8] {
        var json: [UInt8] = []
        JSONValue.object(object).write(to: &json)
        return frame(json: json, type: type, hello: hello, encoding: encoding)
    }

    /// The message whose JSON object is already written as `json`, framed as ``encode(_:type:hello:encoding:)`` frames it.
    public static func frame(json: [UInt8], type: MessageType, hello: HelloPrefix? = nil,
                             encoding: WireEncoding) -> [UInt8] {
        var json = json
        switch encoding {
        case .jsonLines:
            json.append(UInt8(ascii: "\n"))
            return json
        case .binary:
            let prefix = hello == nil ? 0 : BinaryHeader.helloPrefixSize
            var bytes: [UInt8] = []
            bytes.reserveCapacity(BinaryHeader.size + prefix + json.count)
            BinaryHeader(type: type, payloadSize: prefix + json.count).write(to: &bytes)
            hello?.write(to: &bytes)
            bytes.append(contentsOf: json)
            return bytes
        }
    }
}
