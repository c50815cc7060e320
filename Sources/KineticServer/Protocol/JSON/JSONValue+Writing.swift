import KineticInput

extension JSONValue {
    /// The compact JSON text cut to at most 40 characters (with `…`), to quote a client's value in an error.
    public var excerpt: String { jsonText.excerpt }

    /// The compact JSON text of this value, with object keys in order.
    ///
    /// Numbers are written so that they parse back to the same `Double` (Swift's shortest
    /// round-trip form); integral values below 2^53 are written without a fraction (`120`, not
    /// `120.0`); non-finite numbers, which JSON cannot carry, are written as `null`.
    public var jsonText: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the compact JSON text of this value to `out`.
    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): JSONValue.writeNumber(n, to: &out)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (i, member) in object.members.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Appends a number as JSON (see ``jsonText``).
    public static func writeNumber(_ n: Double, to out: inout String) {
        if !n.isFinite {
            out += "null"
        } else if n == n.rounded(), abs(n) < 9_007_199_254_740_992 {
            out += String(Int64(n))
        } else {
            out += n.description
        }
    }

    /// Appends a string as a JSON string literal, escaping quotes, backslashes and control characters.
    public static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
