// SPDX-License-Identifier: Apache-2.0
extension JSONValue {
    /// The compact JSON text cut to at most 40 Unicode scalars (then `…`), to quote a client's value in an error.
    public var excerpt: String { jsonText.boundedPrefix(scalars: 40) }

    /// The compact JSON text of this value, with object keys in order (the UTF-8 of ``write(to:)``).
    public var jsonText: String {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the compact JSON text of this value to UTF-8 bytes: the protocol's only JSON writer.
    ///
    /// Numbers are written so that they parse back to the same `Double` (``writeNumber(_:to:)``); strings
    /// with the escapes of ``writeString(_:to:)``; object keys in order, so the output is deterministic.
    public func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): JSONValue.writeNumber(n, to: &out)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (i, member) in object.members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
