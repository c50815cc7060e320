// SPDX-License-Identifier: Apache-2.0
extension JSONValue {
    /// Appends a number as JSON to UTF-8 bytes: integral values below 2^53 without a fraction (`120`, not
    /// `120.0`), others in Swift's shortest round-trip form (so they parse back to the same `Double`), non-finite
    /// ones, which JSON cannot carry, as `null`. No `String` is built for the common integral case.
    public static func writeNumber(_ n: Double, to out: inout [UInt8]) {
        if !n.isFinite {
            out.append(contentsOf: "null".utf8)
        } else if n == n.rounded(), abs(n) < 9_007_199_254_740_992 {
            let integer = Int64(n)
            if integer < 0 { out.append(UInt8(ascii: "-")) }
            writeDecimal(integer.magnitude, to: &out)
        } else {
            out.append(contentsOf: n.description.utf8)
        }
    }

    /// Appends the decimal digits of `n` (no sign, no padding), as `String(n)` writes them.
    public static func writeDecimal(_ n: UInt64, to out: inout [UInt8]) {
        guard n >= 10 else {
            out.append(UInt8(ascii: "0") + UInt8(n))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = n
            var count = 0
            while rest > 0 {
                digits[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }

    /// Appends a string as a JSON string literal to UTF-8 bytes, escaping the quote, the backslash, `\n`, `\r`,
    /// `\t` and other control characters (as `\u00XX` in lower-case hexadecimal); every other scalar is copied as
    /// its UTF-8.
    public static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xf)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
