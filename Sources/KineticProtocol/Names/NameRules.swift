// SPDX-License-Identifier: Apache-2.0
/// The rules every channel and element name obeys, wherever it comes from: a client's command, a subscription
/// pattern (which may also hold `*` and `?`) or the daemon's configuration. One validator, so a name the
/// configuration accepts is one the protocol accepts.
///
/// A name is 1 to ``maximumChannelBytes`` bytes of UTF-8 (an element's ``maximumElementBytes``, leaving room for its
/// longest channel suffix), in Unicode Normalization Form C, with no control character (U+0000–U+001F,
/// U+007F–U+009F), no `"` or `\` and, outside patterns, no `*` or `?`.
///
/// Names compare by their bytes. Because every accepted name is in NFC, two names are equal exactly when they are
/// canonically equivalent (`"é"` typed precomposed or as `e` + U+0301 is refused in the second form, with a message
/// saying so), so byte comparison, Swift's `String` equality and pattern matching all agree. Without quotes,
/// backslashes and controls a name is written into JSON as it is, so its JSON form is its length plus two bytes:
/// the protocol's size limits (docs/PROTOCOL.md, "Limits") rest on that.
public enum NameRules {
    /// The longest channel name, in bytes.
    public static let maximumChannelBytes = 256
    /// The bytes the longest element channel adds to its element's name (`.relative_offset`).
    public static let longestElementSuffix = 16
    /// The longest element name, in bytes.
    public static let maximumElementBytes = maximumChannelBytes - longestElementSuffix

    /// What a name of at most `maximumBytes` bytes may be, for error messages.
    public static func accepted(maximumBytes: Int = maximumChannelBytes) -> String {
        "1 to \(maximumBytes) bytes of UTF-8 in Unicode NFC, without control characters, '\"', '\\', '*' or '?'"
    }

    /// Why `name` is not a valid name of at most `maximumBytes` bytes (`nil`: it is). `pattern` allows `*` and `?`.
    /// Linear in the name's bytes: the length is checked before anything reads the text.
    public static func problem(with name: String, maximumBytes: Int = maximumChannelBytes, pattern: Bool = false) -> String? {
        let bytes = name.utf8.count
        if bytes == 0 { return "is empty" }
        if bytes > maximumBytes { return "is \(bytes) bytes long; at most \(maximumBytes) are accepted" }
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F:
                return "contains the control character U+" + hex(scalar.value) + " (a line break, tab or other control)"
            case 0x22, 0x5C:
                return "contains '\(scalar)'"
            case 0x2A where !pattern, 0x3F where !pattern:
                return "contains '\(scalar)', which subscription patterns use as wildcards"
            default:
                continue
            }
        }
        if !name.utf8.elementsEqual(name._nfcCodeUnits) {
            return "is not in Unicode NFC (write accented letters precomposed, é as U+00E9, not e + U+0301)"
        }
        return nil
    }

    /// `"FIELD" is not a valid name: PROBLEM; names are …` for a name that breaks the rules, quoting an excerpt.
    public static func message(field: String, name: String, problem: String, maximumBytes: Int = maximumChannelBytes) -> String {
        "\(field) \"\(name.boundedPrefix(scalars: 40))\" \(problem); names are " + accepted(maximumBytes: maximumBytes)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
