// SPDX-License-Identifier: Apache-2.0
/// A JSON value, as carried by every protocol message except a binary frame (docs/PROTOCOL.md).
///
/// The server owns its JSON so that parsing is bounded (nesting depth, no recursion beyond it),
/// errors point at a byte column, and output is deterministic (object keys keep their order), which
/// the bit-identical replay output depends on.
public enum JSONValue: Sendable, Hashable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Every JSON number, as a `Double`; integers up to 2^53 are exact.
    case number(Double)
    /// A string, its escapes decoded.
    case string(String)
    /// An array, its elements in order.
    case array([JSONValue])
    /// An object, with keys in order.
    case object(JSONObject)
}

/// A JSON object whose keys keep the order in which they were written or parsed.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The members, in order. A key appears at most once (parsing refuses a duplicate).
    public private(set) var members: [(key: String, value: JSONValue)]

    /// Creates an object from its members, in order.
    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = []
        for (key, value) in members { self[key] = value }
    }

    /// An object from key-value pairs in order: `["type": "hello"]`.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }

    /// The value for `key`, or `nil`; setting appends a new key or replaces an existing one in place.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
        }
    }

    /// Appends a member whose key the caller knows is new (the parser, which refuses duplicate keys).
    mutating func appendNewKey(_ key: String, _ value: JSONValue) {
        members.append((key, value))
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// Hashes the members in order, as ``==`` compares them (a value's structure, never its text).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    /// A JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A JSON number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A JSON number (exact up to 2^53).
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A JSON Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A JSON array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// JSON `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number, when this is a number.
    public var numberValue: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The Boolean, when this is a Boolean.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The object, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// A vector of numbers: an array of numbers, or a single number as a one-component vector.
    public var vectorValue: [Double]? {
        switch self {
        case .number(let n): return [n]
        case .array(let elements):
            var result: [Double] = []
            result.reserveCapacity(elements.count)
            for element in elements {
                guard case .number(let n) = element else { return nil }
                result.append(n)
            }
            return result
        default: return nil
        }
    }

    /// A JSON array of numbers.
    public static func vector(_ components: [Double]) -> JSONValue { .array(components.map { .number($0) }) }
}
