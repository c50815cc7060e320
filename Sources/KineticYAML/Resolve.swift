// SPDX-License-Identifier: Apache-2.0
/// YAML 1.1's readings of a scalar, as a YAML 1.1 library (Yams, PyYAML) resolves them: what a configuration written
/// for those libraries expects.
extension Node {
    /// `true`, `yes`, `on` and `false`, `no`, `off` in any case; otherwise `nil`.
    public var bool: Bool? {
        guard case .scalar(let scalar) = self else { return nil }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// Whether the scalar is YAML's null: empty, `~`, `null`, `Null` or `NULL`.
    public var null: Bool? {
        guard case .scalar(let scalar) = self else { return nil }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string) ? true : nil
    }

    /// A plain scalar as an integer: decimal, `0x` hexadecimal, `0b` binary, `0o` or `0` octal, base-60 with `:`
    /// (`1:30` is 90), `_` between digits ignored, an optional sign.
    public var int: Int? {
        guard let text = plainDigits else { return nil }
        if text == "0" { return 0 }
        let negative = text.hasPrefix("-")
        let body = text.hasPrefix("-") || text.hasPrefix("+") ? String(text.dropFirst()) : text
        let sign = negative ? "-" : ""
        for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8), ("0", 8)] where body.hasPrefix(prefix) {
            return Int(sign + body.dropFirst(prefix.count), radix: radix)
        }
        if body.contains(":") { return Self.sexagesimal(text) { Int($0) } }
        return Int(text)
    }

    /// A plain scalar as a number: `.inf`, `-.inf`, `.nan` in YAML's spellings, base-60 with `:`, `_` between digits
    /// ignored, otherwise what Swift's `Double` reads.
    public var float: Double? {
        guard case .scalar(let scalar) = self, scalar.style == .plain else { return nil }
        switch scalar.string {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        guard let text = plainDigits else { return nil }
        if text.contains(":") { return Self.sexagesimal(text) { Double($0) } }
        return Double(text)
    }

    /// A plain scalar's text without `_`.
    private var plainDigits: String? {
        guard case .scalar(let scalar) = self, scalar.style == .plain else { return nil }
        return scalar.string.filter { $0 != "_" }
    }

    /// `a:b:c` read as a·60² + b·60 + c, with the sign of the whole.
    private static func sexagesimal<T: Numeric & Comparable>(_ text: String, _ read: (String) -> T?) -> T? {
        let negative = text.hasPrefix("-")
        let body = text.hasPrefix("-") || text.hasPrefix("+") ? String(text.dropFirst()) : text
        var total: T = 0
        for part in body.split(separator: ":", omittingEmptySubsequences: false) {
            guard let value = read(String(part)) else { return nil }
            total = total * 60 + value
        }
        return negative ? 0 - total : total
    }
}
